import TetherScenario

/// Everything a command can fail with, mapped to one stderr line and an exit code.
enum CommandError: Error {
    /// Bad arguments: the message, then the command's usage line.
    case usage(String, command: String)
    case scenario(ScenarioLoadError)
    case replay(file: String, ReplayError)
    case output(OutputError)
    /// A message and code decided by the command.
    case failure(String, ExitCode)

    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .scenario(let e): e.isUnreadable ? .inputMissing : .invalidScenario
        case .replay(_, .eventFailed): .invalidScenario
        case .replay(_, .simulationFailed): .simulationFailure
        case .output: .cannotWrite
        case .failure(_, let code): code
        }
    }

    /// The text after "tether: error: ".
    var message: String {
        switch self {
        case .usage(let text, _): text
        case .scenario(let e): e.description
        case .replay(let file, .eventFailed(let path, let frame, let reason)):
            "\(file): \(path): at frame \(frame): \(reason)"
        case .replay(let file, .simulationFailed(let frame, let reason)):
            "\(file): simulation failed at frame \(frame): \(reason)"
        case .output(.brokenPipe): "output pipe closed"
        case .output(.writeFailed(let path, let reason)): "\(path): cannot write: \(reason)"
        case .failure(let text, _): text
        }
    }
}
