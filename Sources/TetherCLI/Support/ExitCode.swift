/// What a command returns to the shell: the sysexits(3) codes docs/cli.md and
/// docs/scenario-format.md list. The codes are the command line's alone: the libraries throw
/// errors that say what went wrong, ExitCode+Errors.swift gives each its code, and the commands
/// never map raw numbers.
enum ExitCode: Int32, Sendable {
    case success = 0
    /// A golden file does not match.
    case mismatch = 1
    case usage = 64
    case invalidScenario = 65
    case inputMissing = 66
    case simulationFailure = 70
    case cannotWrite = 73
}
