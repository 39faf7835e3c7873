import Foundation
import Testing

/// `tether import`: pasted debugger text in, an elements file or a scenario out, a summary on
/// standard error; errors are one line and write nothing.
@Suite struct ImportEndToEndTests {
    static let fixture = "Tests/TetherImportTests/Fixtures/swift-po-optional.txt"

    /// Runs `tether arguments…` with `input` on standard input.
    static func run(_ arguments: [String], input: Data) throws -> TetherProcess.Result {
        try TetherProcess.run(arguments, input: input)
    }

    @Test func writesTheElementsFileAndASummary() throws {
        let result = try TetherProcess.run(["import", Self.fixture])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 7 && lines.first == "[" && lines.last == "]")
        #expect(lines[1] == #"  {"section": 0, "item": 0, "kind": "header", "frame": {"x": 0, "y": 0, "width": 375, "height": 32}, "zIndex": 10, "alpha": 1, "angle": 0},"#)
        #expect(lines[5] == #"  {"section": 1, "item": 0, "kind": "cell", "frame": {"x": -7.5, "y": 209.75, "width": 1000, "height": 0.45}, "zIndex": 0, "alpha": 1, "angle": 0}"#)
        let summary = result.stderr.split(separator: "\n")
        #expect(summary.first == "tether import: 5 elements from lines 4 … 8")
        #expect(summary.contains("tether import:   section 0: 1 header, 2 cells, 1 footer"))
        #expect(summary.contains { $0.hasPrefix("tether import:   content size 992.5 × 210.2") && $0.contains("the union of the frames") })

        let piped = try Self.run(["import", "-"], input: try Data(contentsOf: TetherProcess.packageRoot.appendingPathComponent(Self.fixture)))
        #expect(piped.status == 0 && piped.stdout == result.stdout)
    }

    @Test func writesAScenarioThatRuns() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("my-cards.json").path
        let result = try TetherProcess.run(["import", Self.fixture, "--scenario", "-o", scenario, "--content-size", "400x600"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("content size 400 × 600 pt (--content-size)"))
        let text = try String(contentsOfFile: scenario, encoding: .utf8)
        #expect(text.contains(#""name": "my-cards""#) && text.contains(#""contentSize": {"width": 400, "height": 600}"#))
        #expect(text.contains(#""viewport": {"width": 400, "height": 844}"#))
        let run = try TetherProcess.run(["run", scenario, "--every", "60"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.split(separator: "\n").count > 5)
    }

    @Test func unreadableTextIsOneLineExit65AndWritesNothing() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.txt")
        try Data("(lldb) po a\n<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (0 0; ten 10); \n".utf8).write(to: bad)
        let output = directory.appendingPathComponent("out.json").path
        let result = try TetherProcess.run(["import", bad.path, "-o", output])
        #expect(result.status == 65)
        #expect(result.stderr == "tether: error: \(bad.path): line 2, column 85: expected a number for the frame's width, found \"ten\"\n")
        #expect(!FileManager.default.fileExists(atPath: output))

        let empty = try Self.run(["import", "-", "-o", output], input: Data("(lldb) po layout\n<UICollectionViewFlowLayout: 0x7fb2f0d0a2c0>\n".utf8))
        #expect(empty.status == 65)
        #expect(empty.stderr.hasPrefix("tether: error: standard input: no layout attributes found"))
        #expect(empty.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func usageAndMissingInput() throws {
        let viewport = try TetherProcess.run(["import", Self.fixture, "--viewport", "390x844"])
        #expect(viewport.status == 64 && viewport.stderr.contains("--viewport shapes the scenario: give --scenario too"))
        let kind = try TetherProcess.run(["import", Self.fixture, "--kind", "badge=sticker"])
        #expect(kind.status == 64 && kind.stderr.contains("expected NAME=header, NAME=footer or NAME=decoration"))
        let size = try TetherProcess.run(["import", Self.fixture, "--scenario", "--content-size", "wide"])
        #expect(size.status == 64)
        #expect(try TetherProcess.run(["import"]).status == 64)
        let missing = try TetherProcess.run(["import", "no-such-dump.txt"])
        #expect(missing.status == 66 && missing.stderr == "tether: error: no-such-dump.txt: no such file\n")
        let overview = try TetherProcess.run(["--help"])
        #expect(overview.stdoutText.contains("  import      Read layout attributes the debugger printed"))
    }

    /// The flow layout's frame 0 as `tether run` prints it, written out the way lldb prints the
    /// attributes, imported and replayed under the same dynamics and events: the same bytes.
    /// (Frame 0's numbers are whole and half points, which the CSV's 3 decimals and `%g` keep.)
    @Test func aFlowLayoutsFrameZeroImportedReplaysToTheSameBytes() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let frame0 = try TetherProcess.run(["run", "scenarios/ash-drag-fling.json", "--items", "all", "--every", "100000"])
        #expect(frame0.status == 0)
        var dump = ["(lldb) po collectionView.collectionViewLayout.layoutAttributesForElements(in: everything)", "<__NSArrayM 0x600000c4a2e0>("]
        for (k, row) in frame0.stdoutText.split(separator: "\n").dropFirst().enumerated() {
            let f = row.split(separator: ",").map(String.init)
            guard f[4] == "cell" else { continue }
            let (cx, cy, w, h) = (Double(f[5])!, Double(f[6])!, Double(f[7])!, Double(f[8])!)
            let frame = [cx - w / 2, cy - h / 2, w, h].map { String(format: "%g", $0) }
            dump.append("<UICollectionViewLayoutAttributes: 0x7fa405c2\(String(format: "%04x", k))> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = \(f[2]) - \(f[3])}); frame = (\(frame[0]) \(frame[1]); \(frame[2]) \(frame[3])); ,")
        }
        dump.append(")")
        #expect(dump.count == 1003)
        let dumpFile = directory.appendingPathComponent("dump.txt")
        try Data(dump.joined(separator: "\n").utf8).write(to: dumpFile)
        let elements = directory.appendingPathComponent("elements.json").path
        let imported = try TetherProcess.run(["import", dumpFile.path, "-o", elements])
        #expect(imported.status == 0, "\(imported.stderr)")

        let original = try Data(contentsOf: TetherProcess.packageRoot.appendingPathComponent("scenarios/ash-drag-fling.json"))
        var scenario = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
        scenario["layout"] = ["type": "custom", "elementsFile": "elements.json", "contentSize": ["width": 320, "height": 10810]]
        let custom = directory.appendingPathComponent("custom.json").path
        try JSONSerialization.data(withJSONObject: scenario).write(to: URL(fileURLWithPath: custom))
        for items in ["visible", "all"] {
            let flow = try TetherProcess.run(["run", "scenarios/ash-drag-fling.json", "--items", items])
            let replay = try TetherProcess.run(["run", custom, "--items", items])
            #expect(flow.status == 0 && replay.status == 0, "\(replay.stderr)")
            #expect(flow.stdout.count > 500_000)
            #expect(replay.stdout == flow.stdout, "--items \(items)")
        }
    }
}
