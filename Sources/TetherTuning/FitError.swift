import TetherScenario

/// Why a fit stopped: one line for stderr and the exit code (64 for what the command line asked
/// that cannot work, 65 for a reference or scenario that is not usable, and the replay's own
/// codes).
public struct FitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text after "tether: error: ".
    public var message: String
    public var exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }

    /// Something asked of the fit that cannot work (exit 64).
    static func usage(_ message: String) -> FitError { FitError(message, exitCode: .usage) }

    /// A reference or scenario whose data cannot be used (exit 65).
    static func data(_ message: String) -> FitError { FitError(message, exitCode: .invalidScenario) }

    /// A reference file that cannot be read (exit 66).
    static func input(_ error: InputFileError) -> FitError { FitError(error.description, exitCode: error.exitCode) }
}
