import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import TetherTuning

/// `--heatmap`: well-formed XML, one cell per combination, fixed text.
@Suite struct HeatmapTests {
    /// Counts elements and records attributes while parsing.
    final class Collector: NSObject, XMLParserDelegate {
        var cells: [[String: String]] = []
        var best: [String: String]?
        var texts: [String] = []
        var currentText = ""
        var elementCount = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elementCount += 1
            if name == "rect" && attributes["class"] == "cell" { cells.append(attributes) }
            if name == "rect" && attributes["id"] == "best" { best = attributes }
            currentText = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            currentText += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { texts.append(currentText) }
        }
    }

    static func table(rows: Int, columns: Int) -> SweepTable {
        var result: [SweepTable.Row] = []
        for k in 0..<(rows * columns) {
            let (r, c) = (k / columns, k % columns)
            let settle = k == 1 ? "" : FixedText.format(Double((r + 1) * (c + 2)) / 10, decimals: 3)
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
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.cells.count == rows * columns)
        #expect(collector.best != nil)
        // Cells tile the grid: distinct positions, row-major.
        let positions = Set(collector.cells.map { "\($0["x"]!),\($0["y"]!)" })
        #expect(positions.count == rows * columns)
        // Labelled axes (escaped text comes back unescaped) and a legend.
        #expect(collector.texts.contains("dynamics.spring.damping"))
        #expect(collector.texts.contains("dynamics.spring.frequency & <more>"))
        #expect(collector.texts.contains("0.1"))
        if rows * columns > 1 {
            #expect(collector.texts.contains("never"))
            #expect(collector.texts.contains("never settles"))
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
