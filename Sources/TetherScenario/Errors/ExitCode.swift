/// What a command returns to the shell: the sysexits(3) codes docs/cli.md and
/// docs/scenario-format.md list. Every error a library throws at a command says which one it is
/// (`exitCode`), so the command line never maps raw numbers.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A golden file does not match.
    case mismatch = 1
    case usage = 64
    case invalidScenario = 65
    case inputMissing = 66
    case simulationFailure = 70
    case cannotWrite = 73
}
