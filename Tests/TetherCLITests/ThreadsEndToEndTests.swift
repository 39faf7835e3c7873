import Foundation
import Testing

/// `--threads N` of `run` and `bench`: the output is the same bytes for every N. Scenes below
/// the split floors (4 096 bodies; a graph color of 96 contact rows, 768 candidate pairs or
/// contacts) stay on one thread whatever N says; the 10 000-body bench scenes are split.
/// `ThreadedReplayTests` splits every bundled scene, however small, its contacts included.
@Suite struct ThreadsEndToEndTests {
    static let scenarioFiles: [String] = {
        let folder = TetherProcess.packageRoot.appendingPathComponent("scenarios").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().map { "scenarios/" + $0 }
    }()

    /// What `tether run FILE --items all --threads N` prints, for N = 1, 2, 3.
    static func outputs(_ file: String, _ extra: [String] = []) throws -> [Data] {
        try [1, 2, 3].map { threads in
            let run = try TetherProcess.run(["run", file, "--items", "all", "--threads", String(threads)] + extra)
            #expect(run.status == 0, "\(file) on \(threads) threads: \(run.stderr)")
            return run.stdout
        }
    }

    @Test(arguments: scenarioFiles)
    func everyBundledScenarioPrintsTheSameBytesOnOneTwoAndThreeThreads(_ file: String) throws {
        let outputs = try Self.outputs(file)
        #expect(!outputs[0].isEmpty)
        #expect(outputs[1] == outputs[0], "\(file): 2 threads")
        #expect(outputs[2] == outputs[0], "\(file): 3 threads")
    }

    /// Large enough to be split: anchor springs (the step of independent bodies) and the
    /// springy list (through its drag, which ends at frame 30), a few frames each (a debug build
    /// steps them slowly).
    @Test(arguments: [("scenarios/bench/springs-10k.json", 12), ("scenarios/bench/ash-10k.json", 32)])
    func largeScenesPrintTheSameBytesWhenSplit(_ file: String, frames: Int) throws {
        let outputs = try Self.outputs(file, ["--set", "frames=\(frames)"])
        #expect(outputs[0].count > 100_000)
        #expect(outputs[1] == outputs[0], "\(file): 2 threads")
        #expect(outputs[2] == outputs[0], "\(file): 3 threads")
    }

    @Test func benchReportsItsThreadCountAndRefusesZero() throws {
        let bench = try TetherProcess.run(["bench", "scenarios/vv-list.json", "--repeat", "1", "--threads", "2"])
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(bench.stdoutText.contains("threads:           2\n"))
        let zero = try TetherProcess.run(["run", "scenarios/vv-list.json", "--threads", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr == "tether: error: invalid value '0' for '--threads': expected a whole number from 1 to 64 (see 'tether run --help')\n")
        #expect(zero.stdout.isEmpty)
    }
}
