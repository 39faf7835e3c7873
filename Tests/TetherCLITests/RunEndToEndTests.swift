import Foundation
import Testing
import TetherPlatform

@Suite struct RunEndToEndTests {
    @Test func runPrintsTheContractHeaderAndEveryFrame() throws {
        let result = try TetherProcess.run(["run", "scenarios/vv-list.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.first == "frame,time,section,item,kind,center_x,center_y,width,height,angle,alpha,z_index")
        let frames = Set(lines.dropFirst().map { $0.split(separator: ",")[0] })
        #expect(frames.count == 181)
        // Every frame starts with its viewport row.
        #expect(lines[1].hasPrefix("0,0.000000,0,0,viewport,160.000,284.000,320.000,568.000,"))
    }

    @Test func theSameScenarioGivesIdenticalBytesInTwoProcesses() throws {
        let first = try TetherProcess.run(["run", "scenarios/ash-drag-fling.json", "--items", "all", "--every", "10"])
        let second = try TetherProcess.run(["run", "scenarios/ash-drag-fling.json", "--items", "all", "--every", "10"])
        #expect(first.status == 0)
        #expect(first.stdout.count > 100_000)
        #expect(first.stdout == second.stdout)
    }

    /// Standard output that is a pipe is given a 1 MiB buffer (a new pipe has 64 KiB, see
    /// OutputSinkTests). Only Linux lets a process size a pipe.
    @Test(.enabled(if: PipeBuffer.isAdjustable, "only Linux lets a process size a pipe's buffer"))
    func aPipeOnStandardOutputGetsALargerBuffer() throws {
        let (process, out, err) = try TetherProcess.start(["run", "scenarios/card-flick.json"])
        let reader = out.fileHandleForReading
        let bytes = reader.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(bytes.count > 1000)
        #expect(PipeBuffer.capacity(of: reader.fileDescriptor) == 1 << 20)
    }

    @Test func jsonOutputParsesBackWithTheFramesAndItems() throws {
        let result = try TetherProcess.run(["run", "scenarios/vv-list.json", "--format", "json", "--every", "60"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(document["scenario"] as? String == "vv-list")
        #expect(document["hz"] as? Int == 60)
        let frames = try #require(document["frames"] as? [[String: Any]])
        #expect(frames.map { $0["frame"] as? Int } == [0, 60, 120, 180])
        let items = try #require(frames[0]["items"] as? [[String: Any]])
        // Rows start every 54 pt (44 + 10 spacing): rows 0…10 start above y = 568.
        #expect(items.count == 11)
    }

    @Test func jsonLinesHaveOneFramePerLine() throws {
        let result = try TetherProcess.run(["run", "scenarios/vv-list.json", "--format", "jsonl", "--every", "30"])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 7)
        for line in lines { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }

    @Test func outputFileIsWrittenWholeAndUnwritableOutputFails() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("out.csv")
        let ok = try TetherProcess.run(["run", "scenarios/vv-list.json", "-o", file.path])
        #expect(ok.status == 0)
        #expect(ok.stdout.isEmpty)
        let reference = try TetherProcess.run(["run", "scenarios/vv-list.json"])
        #expect(try Data(contentsOf: file) == reference.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.csv"], "no temporary file left")

        let missing = try TetherProcess.run(["run", "scenarios/vv-list.json", "-o", directory.path + "/no/such/dir/out.csv"])
        #expect(missing.status == 73)
        #expect(missing.stderr.hasPrefix("tether: error: "))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let process = Process()
        process.executableURL = TetherProcess.executable
        process.arguments = ["run", "scenarios/ash-drag-fling.json", "--items", "all"]
        process.currentDirectoryURL = TetherProcess.packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readData(ofLength: 4096)
        try out.fileHandleForReading.close()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
    }

    @Test func formatNoneOnlyRuns() throws {
        let result = try TetherProcess.run(["run", "scenarios/vv-list.json", "--format", "none"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func setOverridesAScenarioValue() throws {
        let base = try TetherProcess.run(["run", "scenarios/vv-list.json"])
        let changed = try TetherProcess.run(["run", "scenarios/vv-list.json", "--set", "dynamics.spring.damping=0.1"])
        #expect(changed.status == 0)
        #expect(base.stdout != changed.stdout)
        let frames = try TetherProcess.run(["run", "scenarios/vv-list.json", "--set", "frames=30"])
        #expect(frames.stdoutText.split(separator: "\n").last?.hasPrefix("30,") == true)
    }

    /// As with getopt: the last `-o`/`--output` wins (and the first name is never created), and
    /// `--` ends the options, so a `-h` after it is a file name, not a request for help.
    @Test func theLastOutputWinsAndDoubleDashEndsTheOptions() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let first = directory.appendingPathComponent("a.csv")
        let last = directory.appendingPathComponent("b.csv")
        let result = try TetherProcess.run(["run", "scenarios/vv-list.json", "--output", first.path, "-o", last.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: first.path))
        #expect(try Data(contentsOf: last) == TetherProcess.run(["run", "scenarios/vv-list.json"]).stdout)

        let dashes = try TetherProcess.run(["run", "--every", "2", "--", "-h"])
        #expect(dashes.status == 66)
        #expect(dashes.stdout.isEmpty)
        #expect(dashes.stderr == "tether: error: -h: no such file\n")
        let help = try TetherProcess.run(["run", "-h", "--", "-h"])
        #expect(help.status == 0 && help.stdoutText.hasPrefix("OVERVIEW: "))
    }

    @Test func helpAndVersionAndUsageErrors() throws {
        let help = try TetherProcess.run(["run", "--help"])
        #expect(help.status == 0)
        #expect(help.stdoutText.contains("USAGE: tether run"))
        #expect(try TetherProcess.run(["--version"]).status == 0)
        let bad = try TetherProcess.run(["run", "scenarios/vv-list.json", "--format", "xml"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid value 'xml' for '--format'"))
        #expect(try TetherProcess.run(["frobnicate"]).status == 64)
        #expect(try TetherProcess.run(["run"]).status == 64)
        #expect(try TetherProcess.run(["run", "scenarios/vv-list.json", "--bogus"]).status == 64)
    }
}
