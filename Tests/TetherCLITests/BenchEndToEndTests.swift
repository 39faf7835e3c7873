import Foundation
import Testing

/// `tether bench` prints figures, never asserts speed; `--format` adds the output's own figures,
/// whose byte count is what `run --items all` writes.
@Suite struct BenchEndToEndTests {
    /// The number after `label` on its line of the bench report.
    static func figure(_ label: String, in report: String) -> Double? {
        guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return nil }
        return line.dropFirst(label.count).split(separator: " ").first.flatMap { Double($0) }
    }

    /// vv-list never pauses within its frames, so bench's pausing-off replay prints what `run` prints.
    @Test(arguments: ["csv", "json", "jsonl"])
    func theOutputFigureCountsTheBytesRunWrites(format: String) throws {
        let bench = try TetherProcess.run(["bench", "scenarios/vv-list.json", "--repeat", "2", "--format", format])
        #expect(bench.status == 0, "\(bench.stderr)")
        let run = try TetherProcess.run(["run", "scenarios/vv-list.json", "--items", "all", "--format", format])
        #expect(run.status == 0)
        let megabytes = try #require(Self.figure("output:", in: bench.stdoutText), "\(bench.stdoutText)")
        #expect(abs(megabytes * 1e6 - Double(run.stdout.count)) <= 500, "\(megabytes) MB, run wrote \(run.stdout.count) bytes")
        #expect(bench.stdoutText.contains("MB of \(format) per run"))
        let rate = try #require(Self.figure("output MB/s:", in: bench.stdoutText))
        let median = try #require(Self.figure("output median:", in: bench.stdoutText))
        #expect(rate > 0 && median > 0)
        #expect(abs(rate - megabytes / (median / 1000)) <= 0.01 * rate + 0.002, "MB/s is MB over the median time")
        let rows = try #require(Self.figure("output rows:", in: bench.stdoutText))
        // Timed in runs of their own (no clock reads around each part of the output's run), the
        // rows are a figure beside the output's, not a share of it.
        #expect(rows > 0, "\(bench.stdoutText)")
        #expect(bench.stdoutText.contains("building the frames' rows (median of runs that only build them)"))
    }

    @Test func withoutFormatThereIsNoOutputFigure() throws {
        let bench = try TetherProcess.run(["bench", "scenarios/vv-list.json", "--repeat", "1"])
        #expect(bench.status == 0)
        #expect(Self.figure("median:", in: bench.stdoutText) != nil)
        #expect(!bench.stdoutText.contains("output"))
        let none = try TetherProcess.run(["bench", "scenarios/vv-list.json", "--format", "none"])
        #expect(none.status == 64)
        #expect(none.stderr == "tether: error: invalid value 'none' for '--format': expected csv, json or jsonl (see 'tether bench --help')\n")
    }

    /// With threads, the report says how many of the steps with work for the helpers they took
    /// part in; with one thread there are no helpers to speak of. (springs-10k splits its 10 000
    /// bodies at the default floor: every step has work for a helper.)
    @Test func threadsReportWhatTheHelpersDid() throws {
        let arguments = ["bench", "scenarios/bench/springs-10k.json", "--set", "frames=10", "--repeat", "1"]
        let two = try TetherProcess.run(arguments + ["--threads", "2"])
        #expect(two.status == 0, "\(two.stderr)")
        let line = try #require(two.stdoutText.split(separator: "\n").first { $0.hasPrefix("helpers:") }, "\(two.stdoutText)")
        let share = try #require(Self.figure("helpers:           in", in: String(line)))
        #expect(share >= 0 && share <= 100)
        // 10 frames, one step each: every one of them split.
        #expect(line.contains("% of 10 steps with work for them"), "\(line)")
        let one = try TetherProcess.run(arguments + ["--threads", "1"])
        #expect(one.status == 0)
        #expect(!one.stdoutText.contains("helpers:"))
    }
}
