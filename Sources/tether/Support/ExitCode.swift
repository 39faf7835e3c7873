/// sysexits(3) codes, as the format reference (docs/scenario-format.md §Exit codes) lists them.
enum ExitCode: Int32 {
    case success = 0
    /// A golden file does not match.
    case mismatch = 1
    case usage = 64
    case invalidScenario = 65
    case inputMissing = 66
    case simulationFailure = 70
    case cannotWrite = 73
}
