import Foundation
import Testing
import TetherPhysics
@testable import TetherRender
import TetherScenario
import TetherTestSupport
import TetherTuning

/// A reader of `CompactSeries` text written from its documentation, independent of the page's
/// script (which the end-to-end tests hold to the CSV in a browser).
struct CompactSeriesReader {
    let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    let text: [UInt8]
    var at = 0

    init(_ text: [UInt8]) { self.text = text }

    var finished: Bool { at == text.count }

    mutating func unsigned() -> Int {
        var value = 0
        var shift = 0
        while true {
            let d = digits.firstIndex(of: text[at])!
            at += 1
            if d < 32 { return value | d << shift }
            value |= (d - 32) << shift
            shift += 5
        }
    }

    mutating func signed() -> Int {
        let z = unsigned()
        return z % 2 == 0 ? z / 2 : -(z + 1) / 2
    }

    mutating func series(_ n: Int) -> [Int] {
        var stream: [Int] = []
        while stream.count < n {
            let v = signed()
            if v == 0 {
                stream += Array(repeating: 0, count: unsigned() + 1)
            } else {
                stream.append(v)
            }
        }
        var values: [Int] = []
        for (i, s) in stream.enumerated() {
            switch i {
            case 0: values.append(s)
            case 1: values.append(values[0] + s)
            default: values.append(2 * values[i - 1] - values[i - 2] + s)
            }
        }
        return values
    }
}

@Suite struct CompactSeriesTests {
    static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func integersAreFiveBitDigitsLowFirst() {
        #expect(Self.text { CompactSeries.appendUnsigned(0, to: &$0) } == "A")
        #expect(Self.text { CompactSeries.appendUnsigned(31, to: &$0) } == "f")
        // 32 = 0 + 1·32: a carrying digit 32 + 0 ("g"), then 1 ("B").
        #expect(Self.text { CompactSeries.appendUnsigned(32, to: &$0) } == "gB")
        #expect(Self.text { CompactSeries.appendUnsigned(1 << 20, to: &$0) } == "ggggB")
        // Zigzag: 0, −1, 1, −2 → 0, 1, 2, 3.
        #expect(Self.text { for v in [0, -1, 1, -2] { CompactSeries.appendSigned(v, to: &$0) } } == "ABCD")
    }

    @Test func aSeriesAtRestOrAtSteadySpeedCostsAFewDigits() {
        // 5, 5, 5, 5 → stream 5, 0, 0, 0: "K" (zigzag 10), then a zero run of 3: "A" + "C".
        #expect(Self.text { CompactSeries.appendSeries([5, 5, 5, 5], to: &$0) } == "KAC")
        // A steady speed: 0, 3, 6, 9, 12 → stream 0, 3, 0, 0, 0.
        #expect(Self.text { CompactSeries.appendSeries([0, 3, 6, 9, 12], to: &$0) } == "AAGAC")
        #expect(Self.text { CompactSeries.appendSeries(Array(repeating: 7, count: 1000), to: &$0) }.count == 1 + 1 + 2)
    }

    @Test func everySeriesReadsBack() {
        // A seeded walk with jumps, rests and large magnitudes.
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> Int { Int(truncatingIfNeeded: random.next() >> 33) }
        for n in [1, 2, 3, 17, 241] {
            var values: [Int] = []
            var v = next() % 10_000_000 - 5_000_000
            for _ in 0..<n {
                switch next() % 4 {
                case 0: break
                case 1: v += next() % 7 - 3
                case 2: v += next() % 200_000 - 100_000
                default: v = -v
                }
                values.append(v)
            }
            var bytes: [UInt8] = []
            CompactSeries.appendSeries(values, to: &bytes)
            CompactSeries.appendUnsigned(123_456_789, to: &bytes)
            var reader = CompactSeriesReader(bytes)
            #expect(reader.series(n) == values, "n = \(n)")
            #expect(reader.unsigned() == 123_456_789)
            #expect(reader.finished)
        }
    }

    @Test func hundredthsRoundHalfAwayFromZero() {
        #expect(CompactSeries.hundredths(1.005 + 1e-12) == 101)
        #expect(CompactSeries.hundredths(-0.125) == -13)
        #expect(CompactSeries.hundredths(284) == 28_400)
    }
}

@Suite struct TuneTracksTests {
    static func recordings(_ overrides: [[String]]) throws -> [RenderRecording] {
        try overrides.map { try RenderRecording.record(try RenderFixtures.scenario("ash-drag-fling", overrides: $0)) }
    }

    /// Decodes every run and finds each recorded placement at its merged slot, within 0.005 pt.
    @Test func everyRunDecodesToItsRecordingOverOneElementTable() throws {
        let recordings = try Self.recordings([
            ["dynamics.spring.damping=0.1", "dynamics.spring.frequency=4"],
            ["dynamics.spring.damping=1", "dynamics.spring.frequency=0.5"],
        ])
        let tracks = try TuneTracks(recordings) { "combination \($0)" }
        #expect(tracks.frameCount == 241)
        // The livelier spring shows cells in frames where the other run does not: the table holds
        // every cell either run shows, each key once (no data-source updates here).
        let keys = tracks.elements.map(\.key)
        #expect(Set(keys).count == keys.count)
        for recording in recordings {
            #expect(Set(recording.elements.map(\.key)).isSubset(of: Set(keys)))
        }
        let differ = zip(recordings[0].frames, recordings[1].frames).contains { a, b in
            a.placements.map { recordings[0].elements[$0.element].key } != b.placements.map { recordings[1].elements[$0.element].key }
        }
        #expect(differ, "the two runs should show different cells at some frame")

        for (recording, text) in zip(recordings, tracks.runs) {
            var reader = CompactSeriesReader(text)
            let n = tracks.frameCount
            let scroll = (0..<5).map { _ in reader.series(n) }
            for (f, frame) in recording.frames.enumerated() {
                #expect(abs(Double(scroll[0][f]) / 100 - frame.contentOffset.x) <= 0.005)
                #expect(abs(Double(scroll[1][f]) / 100 - frame.contentOffset.y) <= 0.005)
                #expect((scroll[2][f] == 1) == (frame.touch != nil))
            }
            var decoded = Array(repeating: [(slot: Int, x: Double, y: Double, angle: Double, sprung: Bool)](), count: n)
            let spans = reader.unsigned()
            for _ in 0..<spans {
                let slot = reader.unsigned(), start = reader.unsigned(), length = reader.unsigned()
                let xs = reader.series(length), ys = reader.series(length), angles = reader.series(length), sprung = reader.series(length)
                for i in 0..<length {
                    decoded[start + i].append((slot, Double(xs[i]) / 100, Double(ys[i]) / 100, Double(angles[i]) / 100, sprung[i] == 1))
                }
            }
            #expect(reader.finished)
            for (f, frame) in recording.frames.enumerated() {
                #expect(decoded[f].count == frame.placements.count, "frame \(f)")
                for p in frame.placements {
                    let element = recording.elements[p.element]
                    guard let d = decoded[f].first(where: { tracks.elements[$0.slot].key == element.key }) else {
                        Issue.record("frame \(f): \(element.key) missing")
                        continue
                    }
                    #expect(tracks.elements[d.slot].size == element.size && tracks.elements[d.slot].rest == element.rest)
                    #expect(abs(d.x - p.center.x) <= 0.005 && abs(d.y - p.center.y) <= 0.005, "frame \(f) \(element.key)")
                    #expect(abs(d.angle - p.angle * 180 / Double.pi) <= 0.005)
                    #expect(d.sprung == (p.anchor != nil))
                }
            }
        }
    }

    @Test func runsOfDifferentLayoutsCannotShareAPage() throws {
        let sizes = try Self.recordings([[], ["layout.sectionInset.left=12"]])
        #expect(throws: TunePageError.self) { try TuneTracks(sizes) { "combination \($0)" } }
        do {
            _ = try TuneTracks(sizes) { _ in "layout.sectionInset.left=12" }
        } catch {
            #expect(error.message.hasPrefix("combination 1 (layout.sectionInset.left=12) changes the size or the place of cell 0.0"))
        }
        let frames = try Self.recordings([[], ["frames=100"]])
        #expect(throws: TunePageError("combination 1 (x) changes the frame count; a tuning page compares runs of one layout over the same frames: vary the dynamics or the events, not the layout, the viewport, the clock or the frame count")) {
            try TuneTracks(frames) { _ in "x" }
        }
    }
}

@Suite struct TunePageTests {
    static func plan(_ varies: [String], base: [String] = []) throws -> SweepPlan {
        let grid = try SweepGrid(varies.map { try SweepAxis(parsing: $0) })
        let file = RenderFixtures.packageRoot.appendingPathComponent("scenarios/ash-drag-fling.json").path
        return try SweepPlan.load(file: file, baseOverrides: base.map { try ScenarioOverride(parsing: $0) }, grid: grid, criteria: SettleCriteria())
    }

    @Test func gridsOfAtMostTwoParametersOfTwelveValues() throws {
        try TunePage.check(SweepGrid([try SweepAxis(parsing: "a=1:12:1"), try SweepAxis(parsing: "b=1:12:1")]))
        #expect(throws: TunePageError.self) { try TunePage.check(SweepGrid([try SweepAxis(parsing: "a=1:13:1")])) }
        #expect(throws: TunePageError.self) {
            try TunePage.check(SweepGrid(["a=1,2", "b=1,2", "c=1,2"].map { try SweepAxis(parsing: $0) }))
        }
    }

    @Test func theSettingIsWrittenAsFlagsASnippetAndEveryVocabulary() throws {
        let plan = try Self.plan(["dynamics.spring.damping=0.5,0.9", "dynamics.spring.frequency=1,2.5"], base: ["frames=60"])
        let runs = try (0..<plan.grid.count).map { try TuneRun.record(plan, at: $0) }
        let page = String(decoding: try TunePage.document(plan: plan, runs: runs), as: UTF8.self)
        // Combination 2 is damping 0.9, frequency 1.
        #expect(page.contains(#"{"set": "--set dynamics.spring.damping=0.9 --set dynamics.spring.frequency=1", "snippet": "\"frames\": 60,\n\"dynamics\": {\"type\":\"springy\",\"preset\":\"ash\",\"spring\":{\"damping\":0.9,\"frequency\":1}}"}"#))
        #expect(page.contains(#"--set frames=60"#))
        // Combination 3 (ζ 0.9, 2.5 Hz, mass 1): UIKit's pair, k = (2π·2.5)², c = 2ζ·2π·2.5,
        // SwiftUI's response 1/f and stiffness k (underdamped), Origami's tension 30 + (k − 194)/3.62 and friction 8 + (c − 25)/3.
        let springs = page.components(separatedBy: "\"springs\": [\n")[1].split(separator: "\n")
        #expect(springs[3].hasPrefix(#"["2.5000","0.9000","246.7401","28.2743","0.4000","0.9000","0.4000","0.1000","246.7401","1.0000","246.7401","28.2743","#))
        #expect(springs[3].contains(#""44.5691","9.0914","246.7401","28.2743""#))
        #expect(runs[3].spring?.frequency == 2.5)
        // The lag metric as sweep prints it, for every point.
        let table = SweepTable(grid: plan.grid, metrics: [.lag], indices: Array(0..<4), results: try plan.run(Array(0..<4)))
        #expect(page.contains("\"texts\": [" + table.rows.map { "\"\($0.cells[0])\"" }.joined(separator: ",") + "]"))
    }

    @Test func shellWords() {
        #expect(ShellWord.quoted("dynamics.spring.damping=0.5") == "dynamics.spring.damping=0.5")
        #expect(ShellWord.quoted("layout.sections=[30]") == "'layout.sections=[30]'")
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
    }
}
