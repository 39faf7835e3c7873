import Foundation
import TetherGolden
import TetherScenario

/// Checks a replay against its golden file, the CSV `tether run` prints for it, and records the
/// golden when there is none (or when asked to). Works the same from XCTest and Swift Testing:
/// it throws, and both frameworks fail the test with the error's message.
///
///     @Test func flingSettles() throws {
///         try assertGolden(of: scenario.replay())
///     }
///
///     func testFlingSettles() throws {
///         try assertGolden(of: scenario.replay())
///     }
///
/// The golden is `directory/NAME.csv`. It compares as `tether check` compares: row by row, each
/// number as printed (3 decimals), or within `tolerance` of it. A golden of a scenario file
/// checked with its default options can also be checked by `tether check --golden DIRECTORY`.
///
/// - Parameters:
///   - replay: a replay from frame 0 (its items and `every` shape the CSV).
///   - name: the golden's file name without `.csv`; the scenario's name by default.
///   - directory: the goldens' folder; by default `Goldens/` beside the calling test file
///     (exclude it from the test target in Package.swift: `exclude: ["Goldens"]`).
///   - record: when to write the golden; nil reads `TETHER_RECORD` (see `RecordMode`), which
///     defaults to `.missing`.
///   - tolerance: how far a number may be from the golden's (0: the same text).
/// - Throws: `GoldenFailure` when the check fails or a golden was recorded; `TetherError` when
///   the replay fails, the golden cannot be read or written, or an argument is out of range.
public func assertGolden(
    of replay: Replay, named name: String? = nil, in directory: URL? = nil, record: RecordMode? = nil,
    tolerance: Double = 0, filePath: StaticString = #filePath
) throws {
    let name = name ?? replay.scenario.name
    guard !name.isEmpty, !name.contains("/") else {
        throw TetherError(.invalidArgument, "golden name \"\(name)\": give a file name without \"/\"")
    }
    guard tolerance >= 0, tolerance.isFinite else {
        throw TetherError(.invalidArgument, "golden \(name): tolerance must be a finite number ≥ 0, not \(tolerance)")
    }
    let folder = directory ?? URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Goldens")
    let check = GoldenAssertion(
        name: name, golden: folder.appendingPathComponent(name + ".csv"),
        mode: try record.map { ($0, "record: .\($0.rawValue)") } ?? GoldenAssertion.environmentMode(), tolerance: tolerance)
    try check.run(actual: Array(try replay.output(.csv)))
}

/// The same check for a scenario replayed with its own options (`scenario.replay()`).
public func assertGolden(
    of scenario: Scenario, named name: String? = nil, in directory: URL? = nil, record: RecordMode? = nil,
    tolerance: Double = 0, filePath: StaticString = #filePath
) throws {
    try assertGolden(
        of: try scenario.replay(), named: name, in: directory, record: record, tolerance: tolerance, filePath: filePath)
}

/// One golden check: compares, records, and words the outcome.
struct GoldenAssertion {
    var name: String
    var golden: URL
    /// The mode and how the user chose it ("record: .all", "TETHER_RECORD=1"), for messages.
    var mode: (mode: RecordMode, origin: String)
    var tolerance: Double

    static func environmentMode() throws(TetherError) -> (RecordMode, String) {
        let mode = try RecordMode.fromEnvironment()
        let text = ProcessInfo.processInfo.environment[RecordMode.environmentVariable] ?? ""
        return (mode, text.isEmpty ? "the default, record: .missing" : "\(RecordMode.environmentVariable)=\(text)")
    }

    func run(actual: [UInt8]) throws {
        let existing: [UInt8]?
        do {
            existing = try GoldenCheck.readGolden(golden.path)
        } catch {
            throw TetherError(error)
        }
        guard let existing else { return try missing(actual) }
        if mode.mode == .all {
            let was = existing == actual ? GoldenCheck.RecordOutcome.unchanged
                : .updated(GoldenComparison.compare(expected: existing, actual: actual))
            try write(actual)
            throw failure(.recorded, """
                Recorded golden \(golden.path) \(describe(was)): record mode is on (\(mode.origin)).
                Turn it off and run the test again to check against the golden.
                """)
        }
        let comparison = GoldenComparison.compare(expected: existing, actual: actual, tolerance: tolerance)
        if comparison.isMatch { return }
        let artifact = writeArtifact(actual)
        var lines = [describe(comparison, scenario: name, goldenPath: golden.path)]
        if let artifact { lines.append("actual output: \(artifact.path)") }
        var reason = GoldenFailure.Reason.mismatch
        if mode.mode == .failed {
            try write(actual)
            reason = .recorded
            lines.append("Recorded the new output as the golden (\(mode.origin)); run the test again to check against it.")
        } else {
            lines.append(
                "If the change is intended, record the golden again: run the test with \(RecordMode.environmentVariable)=1 in the environment or pass record: .all, then turn recording off and run it once more.")
        }
        var error = failure(reason, lines.joined(separator: "\n"))
        error.actualOutput = artifact
        error.firstDifference = comparison.first.map {
            GoldenFailure.Difference(
                frame: $0.frame, element: $0.element, column: $0.column, expected: $0.expected, actual: $0.actual, line: $0.line)
        }
        error.differingRows = comparison.differingRows
        error.missingRows = comparison.missingRows
        error.extraRows = comparison.extraRows
        error.largestDifference = comparison.maxAbsoluteDifference
        throw error
    }

    private func missing(_ actual: [UInt8]) throws {
        guard mode.mode != .never else {
            throw failure(.missing, """
                No golden at \(golden.path), and recording is off (\(mode.origin)).
                To record it, run the test with \(RecordMode.environmentVariable)=missing in the environment or pass record: .missing.
                """)
        }
        try write(actual)
        throw failure(.recordedMissing, """
            No golden was at \(golden.path): recorded it from this replay (\(lineCount(actual)) lines).
            Run the test again to check against it, and commit the file.
            """)
    }

    private func failure(_ reason: GoldenFailure.Reason, _ message: String) -> GoldenFailure {
        GoldenFailure(reason: reason, golden: golden, description: message)
    }

    private func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// Writes the golden through a temporary file and a rename, creating its folder if needed.
    private func write(_ bytes: [UInt8]) throws(TetherError) {
        try Self.write(bytes, to: golden)
    }

    static func write(_ bytes: [UInt8], to url: URL) throws(TetherError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw TetherError(.cannotWrite, "\(folder.path): cannot create the folder: \(error.localizedDescription)")
        }
        do {
            try OutputFile.write(bytes, to: try OutputTarget.resolve(url.path))
        } catch {
            throw TetherError(error)
        }
    }

    /// The replay's CSV where a person (or CI, which may upload the folder) can compare it with
    /// the golden: `$TETHER_ARTIFACTS/NAME.csv`, or a folder under the temporary directory.
    /// Nil when it cannot be written: the mismatch is the failure to report, not this.
    private func writeArtifact(_ bytes: [UInt8]) -> URL? {
        let environment = ProcessInfo.processInfo.environment["TETHER_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        let folder = environment.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("tether-actual")
        let url = folder.appendingPathComponent(name + ".csv")
        do {
            try Self.write(bytes, to: url)
            return url
        } catch {
            return nil
        }
    }
}
