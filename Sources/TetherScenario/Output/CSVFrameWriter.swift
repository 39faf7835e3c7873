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
    /// "frame,time,section," of the current frame and row, formatted once and copied into
    /// every row while the section repeats.
    private var lead = SectionLead(tail: ",")
    /// The columns from width on, which in most scenes repeat from row to row.
    private var repeated = RepeatedColumns()
    /// The text of centers' coordinates that repeat (a column's x), by value.
    private let centers = CenterTexts()

    public init(sink: OutputSink) {
        self.sink = sink
    }

    public mutating func begin(_ header: OutputHeader) throws {
        try sink.write(Self.headerLine + "\n")
    }

    public mutating func write(_ frame: FrameRecord) throws {
        try beginFrame(frame)
        try frame.rows.withUnsafeBufferPointer { rows in try writeRows(rows) }
    }

    public var writesFramesInParts: Bool { true }

    public mutating func beginFrame(_ frame: FrameRecord) throws {
        lead.setHead { prefix in
            FixedDecimal.append(frame.index, to: &prefix)
            prefix.append(UInt8(ascii: ","))
            FixedDecimal.append(frame.time, decimals: 6, to: &prefix)
            prefix.append(UInt8(ascii: ","))
        }
    }

    public mutating func writeRows(_ rows: UnsafeBufferPointer<ElementRow>) throws {
        let room = lead.maxLength + Self.maxRowLength + ByteCursor.overshoot
        // Rows go straight into the sink's buffer, a chunk's worth per access, read in place
        // (through a pointer): copying a row costs more than formatting it. Room for a chunk and
        // one more row is made once (`OutputBuffer.append(rowsUpTo:)`), so each row costs one
        // comparison of the cursor with the chunk's end, no capacity check and no call.
        guard let base = rows.baseAddress else { return }
        let count = rows.count
        try RowKindName.csv.withUnsafeBufferPointer { names in
            var next = 0
            while next < count {
                try sink.append { buffer in
                    buffer.append(rowsUpTo: OutputSink.chunkSize, rowRoom: room) { cursor, limit in
                        while next < count && cursor.position < limit {
                            let row = base + next
                            lead.put(section: row.pointee.section, to: &cursor)
                            Self.putRow(row, to: &cursor, repeated: &repeated, centers: centers, names: names)
                            next += 1
                        }
                    }
                }
            }
        }
    }

    public mutating func endFrame() throws {}

    public mutating func finish(trailer: [(key: String, json: String)]) throws {
        try sink.flush()
    }

    /// The longest text `putRow` can write.
    static var maxRowLength: Int {
        2 * FixedDecimal.maxIntegerLength + "decoration".utf8.count + 5 * FixedDecimal.maxLength(decimals: 3)
            + FixedDecimal.maxLength(decimals: 6) + 9  // eight commas and the newline
    }

    /// Everything after "frame,time,section,", including the newline. The row is read in place.
    @inline(__always)
    static func putRow(
        _ row: UnsafePointer<ElementRow>, to cursor: inout ByteCursor, repeated: inout RepeatedColumns,
        centers: CenterTexts, names: UnsafeBufferPointer<RowKindName>
    ) {
        let comma = UInt8(ascii: ",")
        cursor.put(row.pointee.item)
        cursor.put(comma)
        cursor.putName(of: row.pointee.kind, from: names)
        centers.put(row.pointee.center, separator: comma, to: &cursor)
        cursor.put(comma)
        let size = row.pointee.size
        let (angle, alpha, zIndex) = (row.pointee.angle, row.pointee.alpha, row.pointee.zIndex)
        repeated.put(size: size, angle: angle, alpha: alpha, zIndex: zIndex, to: &cursor) { cursor in
            cursor.put(size.width, decimals: 3)
            cursor.put(comma)
            cursor.put(size.height, decimals: 3)
            cursor.put(comma)
            cursor.put(angle, decimals: 6)
            cursor.put(comma)
            cursor.put(alpha, decimals: 3)
            cursor.put(comma)
            cursor.put(zIndex)
            cursor.put(UInt8(ascii: "\n"))
        }
    }
}
