#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A failed system call's `errno`, with the system's text for it. The named values are the
/// codes callers decide on, so that no caller needs the C library's constants.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The `errno` the last failed call of this thread left.
    public static var current: SystemError { SystemError(code: errno) }

    /// `strerror` text, e.g. "No such file or directory".
    public var description: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// `ENOENT`: the path names nothing.
    public static let noSuchFile = SystemError(code: ENOENT)
    /// `ENOTDIR`: a folder of the path is not a folder.
    public static let notADirectory = SystemError(code: ENOTDIR)
    /// `EISDIR`: a directory where a file was needed.
    public static let isADirectory = SystemError(code: EISDIR)
    /// `EEXIST`: the name exists (an exclusive create).
    public static let exists = SystemError(code: EEXIST)
    /// `EINTR`: a signal interrupted the call; try again.
    public static let interrupted = SystemError(code: EINTR)
    /// `EPIPE`: the reader of a pipe or socket went away.
    public static let brokenPipe = SystemError(code: EPIPE)
    /// `EAGAIN` (`EWOULDBLOCK` is the same code on Linux and Darwin): a non-blocking descriptor
    /// has no room.
    public static let wouldBlock = SystemError(code: EAGAIN)
    /// `EIO`: what a write that wrote nothing is reported as.
    public static let inputOutput = SystemError(code: EIO)
}
