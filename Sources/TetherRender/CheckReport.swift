import Foundation
import TetherLayout
import TetherPhysics
import TetherGolden
import TetherScenario

/// `tether check --report FILE.html`: for each failed scenario the golden (ghost, dashed) and
/// the new run (solid) in one player, with the elements that differ in a frame outlined in
/// red, and a plot of the largest difference per frame.
public enum CheckReport {
    /// One failed scenario.
    public struct Failure: Sendable {
        public var scenario: Scenario
        /// The golden CSV's bytes (nil when the golden is missing: only the new run is shown).
        public var golden: [UInt8]?
        public var summary: String

        public init(scenario: Scenario, golden: [UInt8]?, summary: String) {
            self.scenario = scenario
            self.golden = golden
            self.summary = summary
        }
    }

    /// A failure read from the golden folder: the golden's bytes (if any) and the comparison
    /// `tether check` prints.
    public static func failure(_ scenario: Scenario, goldenDirectory: String, tolerance: Double = 0) throws -> Failure {
        let path = GoldenCheck.goldenPath(for: scenario, directory: goldenDirectory)
        guard let golden = try GoldenCheck.readGolden(path) else {
            return Failure(scenario: scenario, golden: nil, summary: "\(path) does not exist")
        }
        let comparison = GoldenComparison.compare(expected: golden, actual: try ReplayRunner.csv(for: scenario), tolerance: tolerance)
        return Failure(scenario: scenario, golden: golden, summary: describe(comparison, scenario: scenario.name, goldenPath: path))
    }

    /// The report page. A golden that cannot be read is shown as text in its section.
    public static func document(_ failures: [Failure]) throws -> [UInt8] {
        var sections: [(PlayerScene, String?)] = []
        for failure in failures {
            let scenario = failure.scenario
            let actual = try RenderRecording.record(scenario, items: scenario.output.items, every: scenario.output.every)
            var notes = "<pre class=\"summary\">\(XMLText.escaped(failure.summary))</pre>"
            guard let bytes = failure.golden else {
                sections.append((PlayerScene(recording: actual), notes))
                continue
            }
            let golden: RenderRecording
            do {
                golden = try RenderRecording.reading(csv: bytes, like: actual)
            } catch {
                notes += "<p>the golden cannot be drawn: \(XMLText.escaped(error.description))</p>"
                sections.append((PlayerScene(recording: actual), notes))
                continue
            }
            let comparison = compare(golden: golden.frames, actual: actual.frames, elements: golden.elements)
            var recording = actual
            recording.elements = golden.elements  // a superset of the run's table, same slots
            let scene = PlayerScene(
                recording: recording,
                tracks: [PlayerTrack(name: "golden", ghost: true, frames: golden.frames), PlayerTrack(name: "actual", frames: actual.frames)],
                highlights: comparison.highlights)
            let plot = Plot(
                title: "\(scenario.name): largest difference from the golden",
                yLabel: "largest |golden − actual|", unit: "pt",
                series: [Plot.Series(name: "largest difference", points: comparison.largest.map { (actual.time(ofFrame: $0.frame), $0.value) })],
                events: actual.events.map { (actual.time(ofFrame: $0.frame), $0.label) },
                timeRange: 0...actual.time(ofFrame: actual.frames.last?.index ?? 0))
            notes += "\n" + String(decoding: plot.svg(standalone: false), as: UTF8.self)
            sections.append((scene, notes))
        }
        let count = failures.count
        return HTMLPlayer.page(
            title: "tether check report",
            heading: count == 0 ? "tether check: every scenario matches its golden" : "tether check: \(count) scenario\(count == 1 ? "" : "s") failed",
            sections: sections)
    }

    /// Per frame of the run (matched to the golden by frame number): the slots whose center,
    /// size or angle differ or that the golden does not draw, and the largest difference of a
    /// center, a size or the content offset, in points.
    public static func compare(
        golden: [RenderFrame], actual: [RenderFrame], elements: [RenderElement]
    ) -> (highlights: [[Int]], largest: [(frame: Int, value: Double)]) {
        var byIndex: [Int: Int] = [:]  // lookups only
        for (i, f) in golden.enumerated() { byIndex[f.index] = i }
        var highlights: [[Int]] = []
        var largest: [(frame: Int, value: Double)] = []
        for frame in actual {
            var slots: [Int] = []
            var worst = 0.0
            guard let g = byIndex[frame.index] else {
                highlights.append(frame.placements.map(\.element))
                largest.append((frame.index, 0))
                continue
            }
            let expected = golden[g].placements
            var position: [Int: Placement] = [:]
            for p in expected { position[p.element] = p }
            for p in frame.placements {
                guard let e = position[p.element] else {
                    slots.append(p.element)
                    continue
                }
                var d = max((p.center.x - e.center.x).magnitude, (p.center.y - e.center.y).magnitude)
                if let size = e.size {  // the golden's size, when it is not the table's (the run's)
                    let table = elements[p.element].size
                    d = max(d, (size.width - table.width).magnitude, (size.height - table.height).magnitude)
                }
                if d > 0.0005 || (p.angle - e.angle).magnitude > 0.0000005 { slots.append(p.element) }
                worst = max(worst, d)
            }
            let offset = max((frame.contentOffset.x - golden[g].contentOffset.x).magnitude, (frame.contentOffset.y - golden[g].contentOffset.y).magnitude)
            worst = max(worst, offset)
            highlights.append(slots)
            largest.append((frame.index, worst))
        }
        return (highlights, largest)
    }
}
