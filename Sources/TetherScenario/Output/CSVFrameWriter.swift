import TetherJSON
import TetherLayout
import TetherPhysics

/// One line per element per frame: the golden-file format, chosen because line diffs of it
/// read naturally and it streams.
///
/// Columns are fixed (`columns`); center and size have 3 decimals (a thousandth of a
/// point is below any pixel), time and angle 6, alpha 3. Lines end in `\n`. The viewport
/// row, if the caller includes one, is written like any other row.
public struct CSVFrameWriter: FrameWriter {
    public static let columns = [
        "frame", "time", "section", "item", "kind", "center_x", "center_y",
        "width", "height", "angle", "alpha", "z_index",
    ]
    public static let headerLine = columns.joined(separator: ",")

    public let sink: OutputSink
    /// "frame,time," of the current frame, formatted once and copied into every row.
    private var prefix: [UInt8] = []

    public init(sink: OutputSink) {
        self.sink = sink
    }

    public mutating func begin(_ header: OutputHeader) throws {
        try sink.write(Self.headerLine + "\n")
    }

    public mutating func write(_ frame: FrameRecord) throws {
        prefix.removeAll(keepingCapacity: true)
        FixedDecimal.append(frame.index, to: &prefix)
        prefix.append(UInt8(ascii: ","))
        FixedDecimal.append(frame.time, decimals: 6, to: &prefix)
        prefix.append(UInt8(ascii: ","))
        // Rows go straight into the sink's buffer, as many per access as fit in a chunk.
        let rows = frame.rows
        var next = 0
        while next < rows.count {
            try sink.append { [prefix] buffer in
                while next < rows.count && buffer.count < OutputSink.chunkSize {
                    buffer.append(contentsOf: prefix)
                    Self.appendRow(rows[next], to: &buffer)
                    next += 1
                }
            }
        }
    }

    public mutating func finish(trailer: [(key: String, json: String)]) throws {
        try sink.flush()
    }

    /// Everything after "frame,time,", including the newline.
    static func appendRow(_ row: ElementRow, to buffer: inout OutputBuffer) {
        let comma = UInt8(ascii: ",")
        FixedDecimal.append(row.section, into: &buffer)
        buffer.append(comma)
        FixedDecimal.append(row.item, into: &buffer)
        buffer.append(comma)
        buffer.appendStatic(row.kind.staticName)
        buffer.append(comma)
        FixedDecimal.append(row.center.x, decimals: 3, into: &buffer)
        buffer.append(comma)
        FixedDecimal.append(row.center.y, decimals: 3, into: &buffer)
        buffer.append(comma)
        FixedDecimal.append(row.size.width, decimals: 3, into: &buffer)
        buffer.append(comma)
        FixedDecimal.append(row.size.height, decimals: 3, into: &buffer)
        buffer.append(comma)
        FixedDecimal.append(row.angle, decimals: 6, into: &buffer)
        buffer.append(comma)
        FixedDecimal.append(row.alpha, decimals: 3, into: &buffer)
        buffer.append(comma)
        FixedDecimal.append(row.zIndex, into: &buffer)
        buffer.append(UInt8(ascii: "\n"))
    }
}
