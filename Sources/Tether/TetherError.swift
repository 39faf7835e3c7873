import Foundation
import TetherJSON
import TetherScenario

/// Why Tether could not load, build or replay a scenario, or read or write a golden.
///
/// `description` is the one line the `tether` command prints after "tether: error: " for the same
/// problem: the file (or the scenario's name, for one built in code), the JSON path and the
/// reason. What the command line makes of it (its exit codes) is the command line's business;
/// a test only needs the message and, to tell problems apart, `kind`.
public struct TetherError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The family of problem, for tests that expect one.
    public enum Kind: Sendable, Hashable {
        /// A scenario file, an elements file or a golden is missing or cannot be read.
        case unreadableInput
        /// Not JSON, not a valid scenario, or over one of the format's limits.
        case invalidScenario
        /// An event could not apply during the replay (a touchUp with no finger down, a batch
        /// update that does not fit the data source…).
        case eventFailed
        /// The simulation's state stopped being finite.
        case simulationFailed
        /// A golden or an artifact could not be written.
        case cannotWrite
        /// An argument to a Tether function is out of its range (`every: 0`, `TETHER_RECORD=maybe`).
        case invalidArgument
    }

    /// The family of problem.
    public var kind: Kind
    /// The one-line message.
    public var description: String

    /// An error of this kind and message (for tests that expect one).
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// What Foundation, and XCTest through it, shows for the error.
    public var errorDescription: String? { description }
}

extension TetherError {
    init(_ error: ScenarioLoadError) {
        self.init(error.isUnreadable ? .unreadableInput : .invalidScenario, error.description)
    }

    /// A replay error of the scenario read from `source`, worded as `tether run` words it.
    init(_ error: ReplayError, source: String) {
        switch error {
        case .eventFailed: self.init(.eventFailed, error.message(file: source))
        case .simulationFailed: self.init(.simulationFailed, error.message(file: source))
        }
    }

    init(_ error: InputFileError) {
        self.init(.unreadableInput, error.description)
    }

    init(_ error: OutputError) {
        self.init(.cannotWrite, error.message)
    }

    /// Any error the scenario libraries throw while replaying or writing, as a Tether error.
    init(replaying error: any Error, source: String) {
        switch error {
        case let error as TetherError: self = error
        case let error as ReplayError: self.init(error, source: source)
        case let error as OutputError: self.init(error)
        case let error as InputFileError: self.init(error)
        default: self.init(.simulationFailed, "\(source): \(error)")
        }
    }
}
