import Foundation
import Testing
import TetherLayout
@testable import TetherRender
import TetherScenario
import TetherTestSupport

@Suite struct PlotTests {
    @Test func theAxesSpanTheDataAndTheRun() throws {
        let scenario = try RenderFixtures.scenario("ash-drag-fling")
        let keys: [ElementKey] = [.cell(0, 0), .cell(0, 5), .cell(0, 60)]
        let plot = try DisplacementPlot.plot(scenario, keys: keys, column: .centerY)
        #expect(plot.series.count == 3)
        #expect(plot.series.allSatisfy { $0.points.count == scenario.frames + 1 })
        let ys = plot.series.flatMap { $0.points.map(\.y) }
        let (lo, hi) = (ys.min()!, ys.max()!)
        #expect(hi > 1)  // something moved

        let xml = XMLCollector.parse(plot.svg())
        #expect(xml.error == nil)
        let root = try #require(xml.named("svg").first)
        let yMin = Double(root["data-y-min"]!)!, yMax = Double(root["data-y-max"]!)!
        let xMin = Double(root["data-x-min"]!)!, xMax = Double(root["data-x-max"]!)!
        #expect(yMin <= lo && yMax >= hi)
        #expect(yMax - yMin <= 2 * (hi - min(lo, 0)) + 1, "the axis is not much wider than the data")
        #expect(xMin <= 0 && xMax >= Double(scenario.frames) / 60)
        // Ticks at both ends of each axis, a legend entry per series, the events marked.
        let tickValues = xml.named("text").compactMap { $0["data-value"].flatMap(Double.init) }
        #expect(tickValues.contains(yMin) && tickValues.contains(yMax))
        #expect(tickValues.contains(xMin) && tickValues.contains(xMax))
        #expect(xml.named("polyline").map { $0["data-key"] } == ["cell 0.0", "cell 0.5", "cell 0.60"])
        #expect(xml.named("g").compactMap { $0["data-frame-time"] }.map { Double($0)! } == [10.0 / 60, 30.0 / 60].map { ($0 * 1e6).rounded() / 1e6 })
    }

    @Test func niceAxes() {
        let a = Plot.Axis(covering: -3.2, 41.7)
        #expect(a.lower == -10 && a.upper == 50 && a.step == 10)
        let b = Plot.Axis(covering: 0, 0)
        #expect(b.lower <= -1 && b.upper >= 1)
        let c = Plot.Axis(covering: 0, 0.0123)
        #expect(c.lower == 0 && c.upper >= 0.0123 && c.step == 0.0025)
        #expect(c.ticks.first == 0 && c.ticks.count == 6)
    }

    @Test func unknownElementsAreRejected() throws {
        let scenario = try RenderFixtures.scenario("vv-list")
        #expect(throws: DisplacementPlot.SelectionError.noSuchElement("cell 0.50")) {
            try DisplacementPlot.plot(scenario, keys: [.cell(0, 50)], column: .centerY)
        }
    }

    @Test func twoPlotsAreIdenticalBytes() throws {
        let scenario = try RenderFixtures.scenario("set-damping-midrun")
        let keys = DisplacementPlot.defaultSelection(scenario)
        #expect(keys.count == 4)
        #expect(try DisplacementPlot.plot(scenario, keys: keys, column: .centerY).svg() == DisplacementPlot.plot(scenario, keys: keys, column: .centerY).svg())
    }
}
