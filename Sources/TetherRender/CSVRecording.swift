import TetherLayout
import TetherPhysics
import TetherScenario

/// A CSV that cannot be read as frames.
public struct CSVReadError: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
}

extension RenderRecording {
    /// Reads frames that `tether run` printed as CSV (a golden file) into a recording drawn
    /// with `base`'s element table: elements the CSV shares with `base` keep their slots, the
    /// others are appended. The content offset comes from each frame's viewport row; the CSV
    /// has no springs and no finger.
    public static func reading(csv: [UInt8], like base: RenderRecording) throws(CSVReadError) -> RenderRecording {
        var table = base.elements
        var slots: [String: Int] = [:]  // lookups only: the order of `table` is what reaches output
        for (i, e) in table.enumerated() { slots[e.key] = i }
        var frames: [RenderFrame] = []
        var lineNumber = 0
        var start = 0
        var current: RenderFrame?
        let columns = CSVFrameWriter.columns.count
        while start < csv.count {
            var end = start
            while end < csv.count && csv[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            defer { start = end + 1 }
            if lineNumber == 1 || end == start { continue }  // the header; blank lines
            let fields = csv[start..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == columns,
                  let frame = Int(fields[0]), let section = Int(fields[2]), let item = Int(fields[3]),
                  let kind = RowKind(rawValue: fields[4]),
                  let cx = Double(fields[5]), let cy = Double(fields[6]),
                  let w = Double(fields[7]), let h = Double(fields[8]), let angle = Double(fields[9])
            else { throw CSVReadError(line: lineNumber, reason: "not a row of tether's CSV") }
            if current?.index != frame {
                if let current { frames.append(current) }
                current = RenderFrame(index: frame, contentOffset: .zero, placements: [])
            }
            if kind == .viewport {
                current!.contentOffset = Vec2(cx - w / 2, cy - h / 2)
                continue
            }
            let element = RenderElement(kind: kind, section: section, item: item, size: Size(width: w, height: h), rest: Vec2(cx, cy))
            let slot: Int
            if let s = slots[element.key] {
                slot = s
            } else {
                table.append(element)
                slot = table.count - 1
                slots[element.key] = slot
            }
            let size = table[slot].size == element.size ? nil : element.size
            current!.placements.append(Placement(element: slot, center: Vec2(cx, cy), angle: angle, size: size))
        }
        if let current { frames.append(current) }
        var result = base
        result.elements = table
        result.frames = frames
        return result
    }
}
