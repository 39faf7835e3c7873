import Foundation
import Testing

/// `tether sweep`, run as a user would.
@Suite struct SweepEndToEndTests {
    static let grid = [
        "sweep", "scenarios/vv-list.json",
        "--vary", "dynamics.spring.damping=0.3:0.7:0.2", "--vary", "dynamics.spring.frequency=0.5,0.8,1.2",
    ]

    @Test func aThreeByThreeSweepPrintsNineRowsInGridOrder() throws {
        let result = try TetherProcess.run(Self.grid)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 10)
        #expect(lines.first == "dynamics.spring.damping,dynamics.spring.frequency,settle,overshoot,overshootPercent,lag,peakSpeed,oscillations,finalError,displacement")
        let parameters = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(2).joined(separator: ",") }
        #expect(parameters == ["0.3,0.5", "0.3,0.8", "0.3,1.2", "0.5,0.5", "0.5,0.8", "0.5,1.2", "0.7,0.5", "0.7,0.8", "0.7,1.2"])
        for line in lines.dropFirst() {
            #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == 10, "\(line)")
        }
        // Not a terminal: no progress line. Runs that outlast the 180 frames are reported.
        #expect(!result.stderr.contains("runs/s"))
        if lines.contains(where: { $0.split(separator: ",", omittingEmptySubsequences: false)[2].isEmpty }) {
            #expect(result.stderr.contains("never settle within the scenario's frames"))
        }
    }

    @Test func twoJobsPrintTheSameBytesAsOne() throws {
        let one = try TetherProcess.run(Self.grid + ["--jobs", "1", "--format", "json"])
        let two = try TetherProcess.run(Self.grid + ["--jobs", "2", "--format", "json"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
        #expect(one.stdout == two.stdout)
        #expect(try JSONSerialization.jsonObject(with: one.stdout) is [String: Any])
    }

    @Test func shardFilesMergeIntoTheSingleRunBytes() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ranking = ["--target", "settle=1.5,overshoot=10", "--top", "5"]
        let whole = try TetherProcess.run(Self.grid + ranking)
        #expect(whole.status == 0, "\(whole.stderr)")
        var files: [String] = []
        for i in 0..<2 {
            let path = directory.appendingPathComponent("shard\(i).csv").path
            let shard = try TetherProcess.run(Self.grid + ["--shard", "\(i)/2", "-o", path])
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stdout.isEmpty)
            files.append(path)
        }
        let merged = try TetherProcess.run(["sweep", "--merge"] + files.reversed() + ranking)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        let missing = try TetherProcess.run(["sweep", "--merge", files[0]])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("combinations 1, 3, 5, 7 missing"), "\(missing.stderr)")
    }

    @Test func aHeatmapIsWritten() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("settle.svg").path
        let result = try TetherProcess.run(Self.grid + ["--heatmap", path, "--heatmap-metric", "overshoot"])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.components(separatedBy: "class=\"cell\"").count - 1 == 9)
        #expect(svg.contains("id=\"best\""))
    }

    @Test(arguments: [
        (["--vary", "dynamics.spring.damping=0.1:0.5"], "invalid --vary 'dynamics.spring.damping=0.1:0.5'"),
        (["--vary", "dynamics.spring.damping=0.5:0.1:0.1"], "does not lead from 0.5 to 0.1"),
        (["--vary", "dynamics.spring.damping"], "expected PATH=START:STOP:STEP"),
        (["--vary", "dynamics.spring.damping=0:1:0"], "STEP must not be 0"),
        ([], "nothing to sweep"),
        (["--vary", "frames=100", "--top", "3"], "--top needs --target"),
        (["--vary", "frames=100", "--heatmap", "x.svg"], "exactly two --vary parameters"),
        (["--vary", "frames=100", "--metric", "settle", "--target", "lag=1"], "lag is not among the --metric columns"),
        (["--vary", "frames=100", "--shard", "2/2"], "shard 2/2 does not exist"),
        (["--vary", "frames=100", "--jobs", "0"], "invalid value '0' for '--jobs'"),
    ])
    func badArgumentsExit64(extra: [String], message: String) throws {
        let result = try TetherProcess.run(["sweep", "scenarios/vv-list.json"] + extra)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" (see 'tether sweep --help')\n"), "one line ending with where to read more")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anInvalidCombinationExits65AndNamesIt() throws {
        let result = try TetherProcess.run([
            "sweep", "scenarios/vv-list.json", "--vary", "dynamics.spring.damping=0.5,-1", "--jobs", "2",
        ])
        #expect(result.status == 65)
        #expect(result.stderr == "tether: error: combination 1 (dynamics.spring.damping=-1) makes the scenario invalid: scenarios/vv-list.json: dynamics.spring.damping: -1 is out of range: must be from 0 to 10000\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func missingFilesExit66() throws {
        #expect(try TetherProcess.run(["sweep", "nope.json", "--vary", "frames=10"]).status == 66)
        #expect(try TetherProcess.run(["sweep", "--merge", "nope.csv"]).status == 66)
    }
}
