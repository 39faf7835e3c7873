import Foundation
import Testing
import TetherLayout
import TetherPhysics
@testable import TetherRender
import TetherScenario
import TetherTestSupport

@Suite struct AnimatedSVGTests {
    @Test func theSVGIsWellFormedWithOneGroupPerElementAndConsistentAnimations() throws {
        let scenario = try RenderFixtures.scenario("ash-drag-fling")
        let recording = try RenderRecording.record(scenario)
        let bytes = AnimatedSVG.document(recording)
        let xml = XMLCollector.parse(bytes)
        #expect(xml.error == nil, "\(String(describing: xml.error))")
        let root = try #require(xml.named("svg").first)
        #expect(root["data-frames"] == String(scenario.frames + 1))
        #expect(root["data-elements"] == String(recording.elements.count))
        let groups = xml.named("g").filter { $0["data-key"] != nil }
        #expect(groups.count == recording.elements.count)
        #expect(Set(groups.compactMap { $0["data-key"] }) == Set(recording.elements.map(\.key)))
        let animations = xml.named("animateTransform") + xml.named("animate")
        #expect(!animations.isEmpty)
        for a in animations {
            let values = try #require(a["values"]).split(separator: ";")
            guard let keyTimes = a["keyTimes"] else {
                #expect(values.count == 1)  // a constant
                continue
            }
            let times = keyTimes.split(separator: ";").map { Double($0)! }
            #expect(times.count == values.count)
            #expect(times.first == 0)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "keyTimes must increase: \(keyTimes)")
            if a["calcMode"] != "discrete" { #expect(times.last == 1) }
            #expect(a["dur"] == "4s")
        }
    }

    @Test func twoRendersAreIdenticalBytes() throws {
        let scenario = try RenderFixtures.scenario("rubber-band-end")
        #expect(AnimatedSVG.document(try RenderRecording.record(scenario)) == AnimatedSVG.document(try RenderRecording.record(scenario)))
    }

    /// The size quoted in the README: 240 frames of 30 cells.
    @Test func a240FrameRunOf30CellsIsSmall() throws {
        let scenario = try RenderFixtures.scenario("vv-list", overrides: ["layout.sections=[30]", "frames=240"])
        let recording = try RenderRecording.record(scenario, items: .all)
        #expect(recording.elements.count == 30)
        #expect(recording.frames.count == 241)
        let size = AnimatedSVG.document(recording).count
        #expect(size < 40_000, "\(size) bytes")
    }

    /// Linear interpolation between the kept frames stays within the tolerance at every known frame.
    @Test func simplificationStaysWithinTolerance() {
        var points: [Vec2] = []
        var known: [Bool] = []
        for i in 0..<400 {
            let t = Double(i) / 60
            let damped = 80 * exp(-1.5 * t) * cos(2 * Double.pi * 1.2 * t)
            points.append(Vec2(i < 100 ? 0 : Double(i % 7) * 0.01, damped))
            known.append(i % 50 != 13)
        }
        for tolerance in [0.05, 0.25, 1.0] {
            let kept = AnimatedSVG.simplify(points, known: known, tolerance: tolerance)
            #expect(kept.count < points.count / 2)
            #expect(kept.allSatisfy { known[$0] })
            for (a, b) in zip(kept, kept.dropFirst()) {
                for j in a...b where known[j] {
                    let s = Double(j - a) / Double(b - a)
                    let p = points[a] + (points[b] - points[a]) * s
                    let d = points[j] - p
                    #expect((d.x * d.x + d.y * d.y).squareRoot() <= tolerance + 1e-12, "frame \(j) tolerance \(tolerance)")
                }
            }
        }
    }
}
