import TetherScenario

/// Why a fit stopped: one line for stderr, and what kind of failure it is (the command line
/// turns the kind into an exit code).
public struct FitError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Something asked of the fit that cannot work (a usage error).
        case usage
        /// A reference or scenario whose data cannot be used.
        case data
        /// A file that cannot be read.
        case unreadable
        /// A replay whose state stopped being finite.
        case simulation
    }

    /// The text after "tether: error: ".
    public var message: String
    public var kind: Kind

    public init(_ message: String, kind: Kind) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }

    static func usage(_ message: String) -> FitError { FitError(message, kind: .usage) }

    static func data(_ message: String) -> FitError { FitError(message, kind: .data) }

    /// A scenario that cannot be loaded, worded by `message`: unreadable, or invalid data.
    static func loading(_ error: ScenarioLoadError, _ message: String) -> FitError {
        FitError(message, kind: error.isUnreadable ? .unreadable : .data)
    }

    /// A replay that stopped, worded by `message`: an event that cannot apply is data, a
    /// non-finite state a simulation failure.
    static func replay(_ error: ReplayError, _ message: String) -> FitError {
        switch error {
        case .eventFailed: FitError(message, kind: .data)
        case .simulationFailed: FitError(message, kind: .simulation)
        }
    }
}
