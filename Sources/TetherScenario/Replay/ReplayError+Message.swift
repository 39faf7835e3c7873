extension ReplayError {
    /// The one line that reports this error of the scenario read from `file` (the CLI prints it
    /// after "tether: error: ", the library's errors carry it): where, at which frame, and why.
    public func message(file: String) -> String {
        switch self {
        case .eventFailed(let path, let frame, let reason): "\(file): \(path): at frame \(frame): \(reason)"
        case .simulationFailed(let frame, let reason): "\(file): simulation failed at frame \(frame): \(reason)"
        }
    }
}
