import Foundation
import Testing

/// The work budget, the memory of a long dense run, and the errors whose words used to disagree
/// with what happened.
@Suite struct LimitsEndToEndTests {
    static func scenario(_ name: String) -> String {
        TetherProcess.packageRoot.appendingPathComponent("scenarios/\(name)").path
    }

    /// A million items for a million frames was accepted and would have run for days: it is
    /// refused at load time with the numbers, and `--max-work` lets through what fits.
    @Test func runawayWorkIsRefusedWithTheNumbers() throws {
        let huge = ["--set", "frames=1000000", "--set", "layout.sections=[1000000]"]
        let refused = try TetherProcess.run(["run", Self.scenario("vv-list.json"), "--format", "none"] + huge)
        #expect(refused.status == 65)
        #expect(refused.stderr == "tether: error: \(Self.scenario("vv-list.json")): frames: 1000000 frames × 4 steps × 1000000 items = 4000000000000 item-steps, more than the work budget of 4000000000; shorten the run, or raise the budget with --max-work N if you mean it\n")
        #expect(refused.stdout.isEmpty)
        // The budget is about the product: each number alone is fine.
        #expect(try TetherProcess.run(["validate", Self.scenario("vv-list.json"), "--set", "frames=1000000"]).status == 0)
        #expect(try TetherProcess.run(["validate", Self.scenario("vv-list.json"), "--max-work", "4e12"] + huge).status == 0)
        let tight = try TetherProcess.run(["validate", Self.scenario("vv-list.json"), "--max-work", "1000"])
        #expect(tight.status == 65)
        // vv-list: 180 frames, 50 rows.
        #expect(tight.stderr.contains("180 frames × 4 steps × 50 items = \(180 * 4 * 50) item-steps, more than the work budget of 1000"), "\(tight.stderr)")
    }

    /// World scenes count the neighbourhoods of the items that may collide: ten thousand 2 pt
    /// boxes packed 0.4 pt apart (9 neighbours each) are refused for 600 frames, which take
    /// about three minutes (170 s, release build), and accepted for 60 (23 s); the bundled piles
    /// of a thousand and of four thousand 20 pt boxes (1.44 each) are within the budget.
    @Test func denseWorldScenesCountTheirNeighbours() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let dense = folder.appendingPathComponent("dense.json")
        try DenseScene.json(boxes: 10_000, frames: 600, sway: false).write(to: dense)
        let refused = try TetherProcess.run(["validate", dense.path])
        // Required, not expected: with a wrong budget the runs below would step this scene for
        // hours, so the test ends here, in seconds, instead.
        try #require(refused.status == 65, "the dense scene must be over the budget")
        let neighbours = 10_000 * 9
        #expect(refused.stderr.contains("frames: 600 frames × 4 steps × (10000 items + 50 × \(neighbours) neighbours of colliding items) = \(600 * 4 * (10_000 + 50 * neighbours)) item-steps"), "\(refused.stderr)")
        #expect(try TetherProcess.run(["validate", dense.path, "--max-work", "2e10"]).status == 0)
        #expect(try TetherProcess.run(["validate", dense.path, "--set", "frames=60"]).status == 0)
        #expect(try TetherProcess.run(["validate", Self.scenario("bench/pile-1000.json")]).status == 0)
        #expect(try TetherProcess.run(["validate", Self.scenario("bench/pile-4000.json")]).status == 0)
        // The budget applies to every command that loads scenarios.
        // Each is refused at load time, in well under a minute; one that is not is ended then.
        for command in [["run"], ["bench"], ["render"], ["check"]] {
            #expect(try TetherProcess.run(command + [dense.path], within: 60)?.status == 65, "\(command)")
        }
    }

    /// Memory of a dense world scene that keeps moving does not grow with its length: the peak
    /// of 600 frames is that of 60 frames. A gently swaying pile of 49 boxes of 2 × 2 pt packed
    /// 0.4 pt apart (230 contacts per frame, about 5 per box) writes every row to a file.
    /// Keeping the rows would cost ≈ 3.5 KB per frame (1.9 MB over the 540 extra frames),
    /// keeping contacts more; run-to-run noise is ≈ 0.1 MB (25.5–25.6 MB in the debug build).
    /// Peaks are measured through GNU time (see `TetherProcess.peakMemory` for why).
    @Test(.enabled(if: ExternalTools.gnuTime != nil, "needs GNU time (`time --version` says GNU; Debian's `time`, Homebrew's `gnu-time`) to measure the peak"))
    func peakMemoryOfADenseSceneDoesNotGrowWithFrames() throws {
        let folder = try TetherProcess.temporaryDirectory()
        var peaks: [Int] = []
        for frames in [60, 600] {
            let scene = folder.appendingPathComponent("sway-\(frames).json")
            try DenseScene.json(boxes: 49, frames: frames, sway: true).write(to: scene)
            let log = folder.appendingPathComponent("log-\(frames).txt").path
            let output = folder.appendingPathComponent("out-\(frames).csv")
            let (status, kilobytes) = try TetherProcess.peakMemory(["run", scene.path, "--items", "all", "-o", output.path], log: log)
            #expect(status == 0, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            #expect(try String(contentsOfFile: log, encoding: .utf8).isEmpty, "the pile never comes to rest")
            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 1 + (frames + 1) * 49)
            peaks.append(kilobytes)
        }
        #expect(peaks[0] > 0)
        #expect(peaks[1] <= peaks[0] + 1024, "peak KiB at 60 and 600 frames: \(peaks)")
    }
}

/// Boxes of 2 × 2 pt packed 0.4 pt apart in a square grid, in bounds that hold them, all under
/// gravity and colliding with each other and the bounds. With `sway`, gravity tilts left and
/// right every 20 frames, so the pile keeps moving and the world never pauses.
enum DenseScene {
    static func json(boxes: Int, frames: Int, sway: Bool) -> Data {
        let side = Int(Double(boxes).squareRoot().rounded(.up))
        let ids = (0..<boxes).map { "\"b\($0)\"" }.joined(separator: ",")
        let items = (0..<boxes).map { i in
            "{\"id\": \"b\(i)\", \"center\": {\"x\": \(4 + Double(i % side) * 2.4), \"y\": \(4 + Double(i / side) * 2.4)}, \"size\": {\"width\": 2, \"height\": 2}}"
        }.joined(separator: ",\n")
        let size = max(60, Double(side) * 2.4 * 1.6)
        var events: [String] = []
        if sway {
            for (k, frame) in stride(from: 20, to: frames, by: 20).enumerated() {
                events.append("{\"frame\": \(frame), \"type\": \"removeBehavior\", \"id\": \"g\"}")
                events.append("{\"frame\": \(frame), \"type\": \"addBehavior\", \"behavior\": {\"type\": \"gravity\", \"id\": \"g\", \"items\": [\(ids)], \"direction\": {\"x\": \(k % 2 == 0 ? 0.05 : -0.05), \"y\": 1}}}")
            }
        }
        return Data("""
            {"name": "dense", "frames": \(frames),
             "world": {"bounds": {"x": 0, "y": 0, "width": \(size), "height": \(size)},
              "items": [\(items)],
              "behaviors": [{"type": "gravity", "id": "g", "items": [\(ids)]},
                            {"type": "collision", "items": [\(ids)], "boundsAsBoundary": true}]},
             "events": [\(events.joined(separator: ",\n"))]}
            """.utf8)
    }
}
