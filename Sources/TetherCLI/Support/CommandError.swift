import TetherScenario

/// Everything a command can fail with, mapped to one stderr line and an exit code.
enum CommandError: Error {
    /// Bad arguments: the message, and where to read the command's help.
    case usage(String, command: String)
    case scenario(ScenarioLoadError)
    /// An input other than a scenario (a golden, a shard) that cannot be read (exit 66).
    case input(InputFileError)
    case replay(file: String, ReplayError)
    case output(OutputError)
    /// A message and code decided by the command.
    case failure(String, ExitCode)

    /// Each library error knows its own code; a usage error is 64.
    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .scenario(let e): e.exitCode
        case .input(let e): e.exitCode
        case .replay(_, let e): e.exitCode
        case .output(let e): e.exitCode
        case .failure(_, let code): code
        }
    }

    /// The text after "tether: error: ".
    var message: String {
        switch self {
        case .usage(let text, let command): "\(text) (see 'tether \(command) --help')"
        case .scenario(let e): e.description
        case .input(let e): e.description
        case .replay(let file, let e): e.message(file: file)
        case .output(let e): e.message
        case .failure(let text, _): text
        }
    }
}
