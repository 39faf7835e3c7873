import Foundation

/// When `assertGolden` writes the golden file instead of only comparing with it.
///
/// Recording always fails the test that recorded, so a run that wrote a golden is never
/// mistaken for one that checked it: run the test again to compare.
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Write goldens that do not exist yet; compare the others. The default.
    case missing
    /// Write every golden, replacing what was there.
    case all
    /// Replace a golden only when the comparison fails (useful with a tolerance: goldens that
    /// pass within it keep their bytes).
    case failed
    /// Never write: a missing golden is a failure. For CI, so that a retry cannot pass by
    /// recording what it was meant to check.
    case never

    /// The environment variable read when `assertGolden` is given no mode.
    public static let environmentVariable = "TETHER_RECORD"

    /// The mode the environment asks for: `TETHER_RECORD` set to `all`, `failed`, `missing` or
    /// `never` (`1`, `true` and `yes` mean `all`, `0`, `false` and `no` mean `missing`); `.missing`
    /// when it is unset or empty. Any other value is an error rather than a guess.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(TetherError) -> RecordMode {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .missing }
        switch text.lowercased() {
        case "1", "true", "yes": return .all
        case "0", "false", "no": return .missing
        default:
            guard let mode = RecordMode(rawValue: text.lowercased()) else {
                throw TetherError(
                    .invalidArgument,
                    "\(environmentVariable)=\(text): expected all, failed, missing or never (or 1 for all)")
            }
            return mode
        }
    }
}
