extension OutputError {
    /// The one line that reports this error (the CLI prints it after "tether: error: ", the
    /// library's errors carry it).
    public var message: String {
        switch self {
        case .brokenPipe: "output pipe closed"
        case .writeFailed(let path, let reason): "\(path): cannot write: \(reason)"
        }
    }
}
