import Foundation

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

    /// The CSV `tether run` prints for the scenario with its own output settings.
    public static func csv(for scenario: Scenario) throws -> [UInt8] {
        let sink = OutputSink.inMemory()
        var writer = makeFrameWriter(.csv, sink: sink)
        try ReplayRunner.run(scenario, items: scenario.output.items, every: scenario.output.every, writer: &writer)
        try sink.flush()
        return sink.collectedBytes
    }

    public static func check(_ scenario: Scenario, directory: String, tolerance: Double) throws -> Outcome {
        let path = goldenPath(for: scenario, directory: directory)
        guard let expected = FileManager.default.contents(atPath: path) else { return .missing }
        let comparison = GoldenComparison.compare(expected: [UInt8](expected), actual: try csv(for: scenario), tolerance: tolerance)
        return comparison.isMatch ? .match : .mismatch(comparison)
    }

    /// Writes the golden atomically (temporary file, then rename).
    public static func record(_ scenario: Scenario, directory: String) throws -> RecordOutcome {
        let path = goldenPath(for: scenario, directory: directory)
        let actual = try csv(for: scenario)
        let existing = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        if existing == actual { return .unchanged }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try AtomicFileOutput.write(actual, to: path)
        guard let existing else { return .created }
        return .updated(GoldenComparison.compare(expected: existing, actual: actual))
    }
}
