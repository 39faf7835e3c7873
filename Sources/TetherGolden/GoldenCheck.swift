import Foundation
import TetherScenario

/// `tether check`: replays a scenario to CSV in memory and compares it with `golden/NAME.csv`.
public enum GoldenCheck {
    public enum Outcome: Sendable {
        case match
        case mismatch(GoldenComparison)
        /// No golden file yet.
        case missing
    }

    public enum RecordOutcome: Sendable {
        case created
        case updated(GoldenComparison)
        case unchanged
    }

    public static func goldenPath(for scenario: Scenario, directory: String) -> String {
        (directory as NSString).appendingPathComponent(scenario.name + ".csv")
    }

    /// The golden's bytes, or nil when there is none yet. A golden that is a directory or cannot
    /// be read is an error, not a missing golden.
    public static func readGolden(_ path: String) throws(InputFileError) -> [UInt8]? {
        do {
            return try InputFile.read(path)
        } catch where error.problem == .missing {
            return nil
        }
    }

    public static func check(_ scenario: Scenario, directory: String, tolerance: Double) throws -> Outcome {
        let path = goldenPath(for: scenario, directory: directory)
        guard let expected = try readGolden(path) else { return .missing }
        let comparison = GoldenComparison.compare(expected: expected, actual: try ReplayRunner.csv(for: scenario), tolerance: tolerance)
        return comparison.isMatch ? .match : .mismatch(comparison)
    }

    /// Writes the golden to `target` (the resolved golden path: a file is replaced through a
    /// temporary file and a rename) unless it already holds the same bytes.
    public static func record(_ scenario: Scenario, to target: OutputTarget) throws -> RecordOutcome {
        let actual = try ReplayRunner.csv(for: scenario)
        var existing: [UInt8]?
        if case .file(existing: .some) = target.kind { existing = try readGolden(target.path) }
        if existing == actual { return .unchanged }
        try OutputFile.write(actual, to: target)
        guard let existing else { return .created }
        return .updated(GoldenComparison.compare(expected: existing, actual: actual))
    }
}
