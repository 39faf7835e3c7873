import Foundation
import Testing

@Suite struct CheckEndToEndTests {
    /// The bundled scenarios replay exactly to their committed goldens.
    @Test func everyBundledScenarioMatchesItsGolden() throws {
        let result = try TetherProcess.run(["check"])
        #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderr)")
        #expect(result.stdoutText.contains("0 failed"))
    }

    /// Changing one number in a golden makes check exit 1 naming the frame, element and column.
    @Test func aChangedNumberIsReportedPrecisely() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let golden = TetherProcess.packageRoot.appendingPathComponent("golden/vv-list.csv")
        var lines = try String(contentsOf: golden, encoding: .utf8).components(separatedBy: "\n")
        // Line 500 of the file: change its center_y (column 7).
        var fields = lines[499].components(separatedBy: ",")
        let frame = fields[0]
        let element = "\(fields[4]) \(fields[2]).\(fields[3])"
        let original = fields[6]
        fields[6] = String(format: "%.3f", Double(original)! + 3.2)
        lines[499] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: directory.appendingPathComponent("vv-list.csv"), atomically: true, encoding: .utf8)

        let result = try TetherProcess.run(["check", "scenarios/vv-list.json", "--golden", directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("frame \(frame)"), "\(result.stderr)")
        #expect(result.stderr.contains(element))
        #expect(result.stderr.contains("center_y"))
        #expect(result.stderr.contains(original))
        #expect(result.stderr.contains(fields[6]))
        #expect(result.stderr.contains("1 row"))
    }

    /// A mismatch ends with the command that records the new output; run as printed, it makes
    /// the check pass. With several failures, one more line records them all.
    @Test func aMismatchPrintsTheCommandThatRecordsIt() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["vv-list", "snap"] {
            // The golden with its last row twice: one extra row.
            let golden = try String(contentsOf: TetherProcess.packageRoot.appendingPathComponent("golden/\(name).csv"), encoding: .utf8)
            let last = golden.dropLast().split(separator: "\n").last!
            try (golden + last + "\n").write(to: directory.appendingPathComponent("\(name).csv"), atomically: true, encoding: .utf8)
        }
        let one = try TetherProcess.run(["check", "scenarios/vv-list.json", "--golden", directory.path])
        #expect(one.status == 1)
        let command = "tether check --record scenarios/vv-list.json --golden \(directory.path)"
        #expect(one.stderr.contains("\nif the change is meant, record it with: \(command)\n"), "\(one.stderr)")
        #expect(!one.stderr.contains("to record every golden"))

        let both = try TetherProcess.run(["check", "scenarios/vv-list.json", "scenarios/snap.json", "--golden", directory.path])
        #expect(both.status == 1)
        let all = "tether check --record scenarios/vv-list.json scenarios/snap.json --golden \(directory.path)"
        #expect(both.stderr.hasSuffix("tether: to record every golden that failed: \(all)\n"), "\(both.stderr)")

        let record = try TetherProcess.run(Array(all.split(separator: " ").dropFirst().map(String.init)))
        #expect(record.status == 0, "\(record.stderr)")
        let again = try TetherProcess.run(["check", "scenarios/vv-list.json", "scenarios/snap.json", "--golden", directory.path])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func aMissingGoldenFailsAndSaysHowToRecordIt() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let result = try TetherProcess.run(["check", "scenarios/vv-list.json", "--golden", directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("tether check --record scenarios/vv-list.json"))
    }

    @Test func recordWritesGoldensThatThenMatch() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let golden = directory.appendingPathComponent("vv-list.csv")
        let record = try TetherProcess.run(["check", "--record", "scenarios/vv-list.json", "--golden", directory.path])
        #expect(record.status == 0)
        #expect(record.stdoutText == "recorded \(golden.path) (new)\n1 scenario recorded: 1 ok, 0 failed\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["vv-list.csv"])
        let again = try TetherProcess.run(["check", "--record", "scenarios/vv-list.json", "--golden", directory.path])
        #expect(again.stdoutText.hasPrefix("recorded \(golden.path) (unchanged)\n"))
        let check = try TetherProcess.run(["check", "scenarios/vv-list.json", "--golden", directory.path])
        #expect(check.status == 0)
        // The recorded golden is exactly what `run` prints.
        let run = try TetherProcess.run(["run", "scenarios/vv-list.json"])
        #expect(try Data(contentsOf: golden) == run.stdout)

        // Re-recording over an edited golden says what the old one held: line 500's center_y
        // 0.004 off, and a row the new output adds back.
        var lines = try String(contentsOf: golden, encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[499].components(separatedBy: ",")
        fields[6] = String(format: "%.3f", Double(fields[6])! + 0.004)
        lines[499] = fields.joined(separator: ",")
        lines.remove(at: 600)
        try lines.joined(separator: "\n").write(to: golden, atomically: true, encoding: .utf8)
        let changed = try TetherProcess.run(["check", "--record", "scenarios/vv-list.json", "--golden", directory.path])
        #expect(changed.status == 0)
        #expect(changed.stdoutText.hasPrefix("recorded \(golden.path) (was: 1 row differs, 1 added, largest difference 0.004)\n"), "\(changed.stdoutText)")
        #expect(try Data(contentsOf: golden) == run.stdout)
    }
}
