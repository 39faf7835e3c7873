import Foundation
import Testing
import TetherScenario
import TetherTestSupport
@testable import TetherTuning

/// `--heatmap`: well-formed XML, one cell per combination, fixed text.
@Suite struct HeatmapTests {
    static func table(rows: Int, columns: Int) -> SweepTable {
        var result: [SweepTable.Row] = []
        for k in 0..<(rows * columns) {
            let (r, c) = (k / columns, k % columns)
            let settle = k == 1 ? "" : FixedDecimal.text(Double((r + 1) * (c + 2)) / 10, decimals: 3)
            result.append(.init(index: k, parameters: ["0.\(r + 1)", "\(c + 1)"], cells: [settle, "1.000"]))
        }
        return SweepTable(
            parameters: ["dynamics.spring.damping", "dynamics.spring.frequency & <more>"], shape: [rows, columns],
            metrics: [.settle, .overshoot], rows: result)
    }

    @Test(arguments: [(3, 4), (1, 1), (10, 10)])
    func theSVGParsesAndHasOneCellPerCombination(rows: Int, columns: Int) throws {
        let table = Self.table(rows: rows, columns: columns)
        let svg = try Heatmap.svg(table, metric: .settle, best: 0, bestNote: "outlined: smallest settle")
        let xml = XMLCollector.parse(Array(svg.utf8))
        #expect(xml.error == nil, "\(String(describing: xml.error))")
        let cells = xml.named("rect").filter { $0["class"] == "cell" }
        #expect(cells.count == rows * columns)
        #expect(xml.named("rect").contains { $0["id"] == "best" })
        // Cells tile the grid: distinct positions, row-major.
        let positions = Set(cells.map { "\($0["x"]!),\($0["y"]!)" })
        #expect(positions.count == rows * columns)
        // Labelled axes (escaped text comes back unescaped) and a legend.
        let texts = xml.elements(named: "text").map(\.text)
        #expect(texts.contains("dynamics.spring.damping"))
        #expect(texts.contains("dynamics.spring.frequency & <more>"))
        #expect(texts.contains("0.1"))
        if rows * columns > 1 {
            #expect(texts.contains("never"))
            #expect(texts.contains("never settles"))
        }
        // Same table, same bytes.
        #expect(try Heatmap.svg(table, metric: .settle, best: 0, bestNote: "outlined: smallest settle") == svg)
    }

    @Test func colorsRunAlongViridis() {
        #expect(Heatmap.color(0) == "#440154")
        #expect(Heatmap.color(1) == "#fde725")
        #expect(Heatmap.color(0.5) == "#21918c")
        #expect(Heatmap.color(-3) == "#440154")
    }

    @Test func aHeatmapNeedsTwoParametersAndItsMetric() {
        let one = SweepTable(parameters: ["a"], shape: [2], metrics: [.settle], rows: [
            .init(index: 0, parameters: ["1"], cells: ["1.000"]), .init(index: 1, parameters: ["2"], cells: ["2.000"]),
        ])
        #expect(throws: SweepSpecError.self) { try Heatmap.svg(one, metric: .settle, best: nil, bestNote: "") }
        #expect(throws: SweepSpecError.self) { try Heatmap.svg(Self.table(rows: 2, columns: 2), metric: .lag, best: nil, bestNote: "") }
    }
}
