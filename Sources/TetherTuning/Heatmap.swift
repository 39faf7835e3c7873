import TetherScenario

/// `--heatmap FILE.svg`: a self-contained SVG of one metric over a two-parameter sweep.
///
/// Rows are the values of the first `--vary` (top to bottom, in order), columns those of the
/// second (left to right). Each cell (`<rect class="cell">`, with a `<title>` tooltip) is coloured
/// on the viridis scale from the smallest value (dark purple) to the largest (yellow) and shows the
/// printed value; a missing value (a run that never settles) is grey and reads "never" or "n/a".
/// A legend bar gives the scale with its minimum, middle and maximum; the best cell is outlined
/// in red. Every coordinate is an integer and every number is the table's printed text, so the
/// same table always gives the same bytes.
public enum Heatmap {
    /// The SVG text. `best` is a position in `table.rows`; `bestNote` says why it is best.
    public static func svg(_ table: SweepTable, metric: SweepMetric, best: Int?, bestNote: String) throws(SweepSpecError) -> String {
        guard table.shape.count == 2 else {
            throw SweepSpecError("a heatmap needs exactly two --vary parameters, this sweep has \(table.shape.count)")
        }
        guard table.isComplete else { throw SweepSpecError("a heatmap needs every combination of the grid") }
        guard let column = table.metrics.firstIndex(of: metric) else {
            throw SweepSpecError("the heatmap metric \(metric.rawValue) is not among the --metric columns")
        }
        let rowCount = table.shape[0]
        let columnCount = table.shape[1]
        let rowLabels = (0..<rowCount).map { table.label(axis: 0, value: $0) ?? "" }
        let columnLabels = (0..<columnCount).map { table.label(axis: 1, value: $0) ?? "" }
        let values = table.rows.map { Double($0.cells[column]) }
        let present = values.compactMap { $0 }
        let low = present.min()
        let high = present.max()

        // Geometry, in whole pixels.
        let cellWidth = max(64, 8 * (columnLabels.map(\.count).max() ?? 0) + 8)
        let cellHeight = 30
        let rowLabelWidth = 7 * (rowLabels.map(\.count).max() ?? 0) + 12
        let left = 36 + rowLabelWidth
        let top = 64
        let gridWidth = columnCount * cellWidth
        let gridHeight = rowCount * cellHeight
        let legendX = left + gridWidth + 28
        let legendHeight = max(gridHeight, 120)
        let legendLabelWidth = 8 * max(low.map { FixedDecimal.text($0, decimals: metric.decimals).count } ?? 4,
                                       high.map { FixedDecimal.text($0, decimals: metric.decimals).count } ?? 4) + 16
        let width = max(legendX + 18 + 8 + legendLabelWidth, left + 8 * table.parameters[1].count, left + 6 * bestNote.count + 12)
        let height = top + max(gridHeight, legendHeight) + 58

        var svg: [String] = []
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"11\">")
        let unit = metric.unit.isEmpty ? "" : " (\(metric.unit))"
        svg.append("<title>\(XMLText.escaped("tether sweep: \(metric.rawValue)\(unit) over \(table.parameters[0]) × \(table.parameters[1])"))</title>")
        svg.append("<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>")
        svg.append("<text x=\"\(left)\" y=\"22\" font-size=\"15\" font-weight=\"bold\">\(XMLText.escaped("\(metric.rawValue)\(unit)"))</text>")
        svg.append("<text x=\"\(left)\" y=\"42\" fill=\"#444444\">\(XMLText.escaped(bestNote))</text>")

        // Cells.
        svg.append("<g id=\"cells\" font-size=\"10\" text-anchor=\"middle\">")
        var bestRect: (Int, Int)?
        for (position, row) in table.rows.enumerated() {
            let r = row.index / columnCount
            let c = row.index % columnCount
            let x = left + c * cellWidth
            let y = top + r * cellHeight
            let value = values[position]
            let fill: String
            let ink: String
            let text: String
            if let value, let low, let high {
                let t = high > low ? (value - low) / (high - low) : 0.5
                fill = color(t)
                ink = t < 0.6 ? "#ffffff" : "#000000"
                text = row.cells[column]
            } else {
                fill = "#c8c8c8"
                ink = "#000000"
                text = metric == .settle ? "never" : "n/a"
            }
            let tip = "\(table.parameters[0])=\(row.parameters[0]), \(table.parameters[1])=\(row.parameters[1]): \(metric.rawValue) \(text)"
            svg.append("<rect class=\"cell\" x=\"\(x)\" y=\"\(y)\" width=\"\(cellWidth)\" height=\"\(cellHeight)\" fill=\"\(fill)\" stroke=\"#ffffff\" stroke-width=\"1\"><title>\(XMLText.escaped(tip))</title></rect>")
            svg.append("<text x=\"\(x + cellWidth / 2)\" y=\"\(y + cellHeight / 2 + 4)\" fill=\"\(ink)\">\(XMLText.escaped(text))</text>")
            if position == best { bestRect = (x, y) }
        }
        svg.append("</g>")
        if let (x, y) = bestRect {
            svg.append("<rect id=\"best\" x=\"\(x + 1)\" y=\"\(y + 1)\" width=\"\(cellWidth - 2)\" height=\"\(cellHeight - 2)\" fill=\"none\" stroke=\"#ff1f3d\" stroke-width=\"3\"/>")
        }

        // Axes: row labels on the left, column labels below, titles.
        svg.append("<g id=\"axes\" fill=\"#000000\">")
        for (r, label) in rowLabels.enumerated() {
            svg.append("<text x=\"\(left - 6)\" y=\"\(top + r * cellHeight + cellHeight / 2 + 4)\" text-anchor=\"end\">\(XMLText.escaped(label))</text>")
        }
        for (c, label) in columnLabels.enumerated() {
            svg.append("<text x=\"\(left + c * cellWidth + cellWidth / 2)\" y=\"\(top + gridHeight + 16)\" text-anchor=\"middle\">\(XMLText.escaped(label))</text>")
        }
        svg.append("<text x=\"\(left + gridWidth / 2)\" y=\"\(top + gridHeight + 40)\" text-anchor=\"middle\" font-weight=\"bold\">\(XMLText.escaped(table.parameters[1]))</text>")
        let middleY = top + gridHeight / 2
        svg.append("<text x=\"16\" y=\"\(middleY)\" text-anchor=\"middle\" font-weight=\"bold\" transform=\"rotate(-90 16 \(middleY))\">\(XMLText.escaped(table.parameters[0]))</text>")
        svg.append("</g>")

        // Legend: a vertical bar, smallest value at the bottom.
        svg.append("<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">")
        for (i, stop) in stops.enumerated() {
            svg.append("<stop offset=\"\(i * 100 / (stops.count - 1))%\" stop-color=\"\(hex(stop))\"/>")
        }
        svg.append("</linearGradient></defs>")
        svg.append("<g id=\"legend\">")
        svg.append("<rect x=\"\(legendX)\" y=\"\(top)\" width=\"18\" height=\"\(legendHeight)\" fill=\"url(#scale)\" stroke=\"#000000\" stroke-width=\"1\"/>")
        if let low, let high {
            let labelX = legendX + 24
            svg.append("<text x=\"\(labelX)\" y=\"\(top + 9)\">\(FixedDecimal.text(high, decimals: metric.decimals))</text>")
            svg.append("<text x=\"\(labelX)\" y=\"\(top + legendHeight / 2 + 4)\">\(FixedDecimal.text((low + high) / 2, decimals: metric.decimals))</text>")
            svg.append("<text x=\"\(labelX)\" y=\"\(top + legendHeight)\">\(FixedDecimal.text(low, decimals: metric.decimals))</text>")
        } else {
            svg.append("<text x=\"\(legendX + 24)\" y=\"\(top + 9)\">no values</text>")
        }
        if present.count < values.count {
            let y = top + legendHeight + 20
            svg.append("<rect x=\"\(legendX)\" y=\"\(y - 10)\" width=\"18\" height=\"12\" fill=\"#c8c8c8\"/>")
            svg.append("<text x=\"\(legendX + 24)\" y=\"\(y)\">\(metric == .settle ? "never settles" : "no value")</text>")
        }
        svg.append("</g>")
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// Viridis at 0, ¼, ½, ¾ and 1.
    static let stops: [(Int, Int, Int)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]

    /// The colour at t ∈ [0, 1], linear between the stops, channels rounded to integers.
    public static func color(_ t: Double) -> String {
        let clamped = min(max(t, 0), 1) * Double(stops.count - 1)
        let i = min(Int(clamped), stops.count - 2)
        let f = clamped - Double(i)
        let (a, b) = (stops[i], stops[i + 1])
        func mix(_ x: Int, _ y: Int) -> Int { Int((Double(x) + Double(y - x) * f).rounded()) }
        return hex((mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2)))
    }

    static func hex(_ rgb: (Int, Int, Int)) -> String {
        "#" + [rgb.0, rgb.1, rgb.2].map { v in
            let digits = String(v, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
