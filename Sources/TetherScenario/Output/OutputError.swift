import TetherJSON
import TetherPlatform

/// Why output could not be written.
public enum OutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reader went away (`EPIPE`), e.g. `tether run … | head`. The CLI ignores
    /// `SIGPIPE` and ends quietly on this: there is nobody left to tell.
    case brokenPipe
    /// Any other failure; `path` is the destination the user named, `reason` the system's text.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .brokenPipe: "broken pipe"
        case .writeFailed(let path, let reason): "\(MessageText.path(path)): \(reason)"
        }
    }

    /// The error for a failed system call writing to `path`.
    static func from(_ error: SystemError, path: String) -> OutputError {
        if error == .brokenPipe { return .brokenPipe }
        return .writeFailed(path: path, reason: error.description)
    }
}
