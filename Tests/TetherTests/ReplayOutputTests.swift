import Foundation
import Testing
import Tether

/// A replay read through the library gives what the command line prints: the same bytes in
/// every format, and frame values that are those bytes before rounding.
@Suite struct ReplayOutputTests {
    /// Every bundled scenario's CSV equals its golden, which `tether check` holds equal to
    /// what `tether run` prints (and CI checks against the release binary).
    @Test(arguments: try TetherBinary.bundledScenarios())
    func csvOfEveryBundledScenarioIsItsGolden(file: String) throws {
        let scenario = try Scenario(contentsOf: TetherBinary.url("scenarios/\(file)"))
        let golden = try Data(contentsOf: TetherBinary.url("golden/\(scenario.name).csv"))
        #expect(try scenario.replay().output(.csv) == golden)
    }

    /// Byte for byte what `tether run --format F` prints, for a layout scene with a custom
    /// layout and a world scene, in each format, with the selection options passed through.
    @Test(arguments: ["circle-layout.json", "card-flick.json"], Replay.OutputFormat.allCases)
    func outputEqualsTetherRun(file: String, format: Replay.OutputFormat) throws {
        let path = "scenarios/\(file)"
        let scenario = try Scenario(path: TetherBinary.url(path).path)
        let run = try TetherBinary.run(["run", path, "--format", format.rawValue])
        #expect(run.status == 0)
        #expect(try scenario.replay().output(format) == run.stdout)
        let sparse = try TetherBinary.run(["run", path, "--format", format.rawValue, "--items", "all", "--every", "7"])
        #expect(try scenario.replay(items: .all, every: 7).output(format) == sparse.stdout)
    }

    /// Frame values, rounded as the CSV writer rounds them (3 decimals), are the CSV's rows;
    /// frames come as `--every` selects them.
    @Test func frameValuesAreTheRowsBeforeRounding() throws {
        let scenario = try Scenario(contentsOf: TetherBinary.url("scenarios/circle-layout.json"))
        let replay = try scenario.replay(every: 5)
        let frames = try replay.frames()
        #expect(frames.map(\.number) == Array(stride(from: 0, through: scenario.frames, by: 5)))
        let csv = String(decoding: try replay.output(.csv), as: UTF8.self)
        var lines = csv.split(separator: "\n").dropFirst().makeIterator()
        for frame in frames {
            let viewport = try #require(frame.viewport)
            let rows = [("viewport", 0, 0, viewport.midX, viewport.midY, viewport.width, viewport.height, 0.0, 1.0, 0)]
                + frame.elements.map {
                    ($0.kind.rawValue, $0.section, $0.item, Double($0.center.x), Double($0.center.y),
                     Double($0.size.width), Double($0.size.height), $0.angle, $0.alpha, $0.zIndex)
                }
            for row in rows {
                let line = lines.next()
                let fields = try #require(line).split(separator: ",", omittingEmptySubsequences: false)
                #expect(Int(fields[0]) == frame.number)
                #expect(abs(Double(fields[1])! - frame.time) <= 0.0000005)
                #expect(Int(fields[2]) == row.1 && fields[4] == row.0 && Int(fields[3]) == row.2)
                // Half a unit of the last printed decimal: 3 decimals, 6 for the angle.
                let numbers = [(row.3, 0.0005), (row.4, 0.0005), (row.5, 0.0005), (row.6, 0.0005), (row.7, 0.0000005), (row.8, 0.0005)]
                for (text, (value, halfUnit)) in zip(fields[5...10], numbers) {
                    #expect(abs(Double(text)! - Double(value)) <= halfUnit * (1 + 1e-9), "frame \(frame.number) \(row.0) \(row.1).\(row.2)")
                }
                #expect(Int(fields[11]) == row.9)
            }
        }
        let after = lines.next()
        #expect(after == nil)
    }

    /// `next()` steps the value it is called on; `frames()` plays a copy from frame 0.
    @Test func nextStepsAndFramesStartOver() throws {
        let scenario = try Scenario(contentsOf: TetherBinary.url("scenarios/circle-layout.json"))
        var replay = try scenario.replay()
        #expect(try replay.next()?.number == 0)
        #expect(try replay.next()?.number == 1)
        let all = try replay.frames()
        #expect(all.count == scenario.frames + 1)
        #expect(try replay.next()?.number == 2)
        #expect(try replay.next() == all[3])
        while try replay.next() != nil {}
        #expect(try replay.next() == nil)
    }

    /// The visible selection lists elements that meet the viewport; `.all` lists every one.
    @Test func selectionChoosesTheElements() throws {
        let scenario = try Scenario(contentsOf: TetherBinary.url("scenarios/ash-drag-fling.json"))
        var visible = try scenario.replay(items: .visible)
        var all = try scenario.replay(items: .all)
        let first = try #require(try visible.next()), everything = try #require(try all.next())
        #expect(everything.elements.count == 1000)
        #expect(first.elements.count < 100)
        let viewport = try #require(first.viewport)
        for element in first.elements { #expect(element.frame.intersects(viewport)) }
        for element in everything.elements where !first.elements.contains(element) {
            #expect(!element.frame.intersects(viewport))
        }
    }
}
