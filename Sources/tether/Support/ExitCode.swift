/// sysexits(3) codes, as the contract's §3 lists them.
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
