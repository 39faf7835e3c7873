import TetherJSON
import TetherLayout
import TetherPhysics

/// The JSON object for one frame, shared by the JSON and JSON Lines writers so the two
/// formats can never drift apart:
///
///     {"frame":0,"time":0.000000,"contentOffset":[0.000,0.000],"items":[{"section":0,
///      "item":0,"kind":"cell","id":"card","center":[160.000,22.000],"size":[44.000,44.000],
///      "angle":0.000000,"alpha":1.000,"zIndex":0}]}
///
/// Decimals match the CSV. Viewport rows are left out of `items`: `contentOffset` already
/// says where the viewport is. `contentOffset` and `id` appear only when present.
enum JSONFrameObject {
    /// Appends the object (no trailing newline), flushing the sink between items.
    static func write(_ frame: FrameRecord, to sink: OutputSink) throws(OutputError) {
        try sink.append { buffer in
            buffer.appendStatic("{\"frame\":")
            FixedDecimal.append(frame.index, into: &buffer)
            buffer.appendStatic(",\"time\":")
            FixedDecimal.append(frame.time, decimals: 6, into: &buffer)
            if let offset = frame.contentOffset {
                buffer.appendStatic(",\"contentOffset\":")
                appendPair(offset.x, offset.y, to: &buffer)
            }
            buffer.appendStatic(",\"items\":[")
        }
        var first = true
        for row in frame.rows where row.kind != .viewport {
            try sink.append { buffer in
                if !first { buffer.append(UInt8(ascii: ",")) }
                appendItem(row, to: &buffer)
            }
            first = false
        }
        try sink.append { $0.appendStatic("]}") }
    }

    static func appendItem(_ row: ElementRow, to buffer: inout OutputBuffer) {
        buffer.appendStatic("{\"section\":")
        FixedDecimal.append(row.section, into: &buffer)
        buffer.appendStatic(",\"item\":")
        FixedDecimal.append(row.item, into: &buffer)
        buffer.appendStatic(",\"kind\":\"")
        buffer.appendStatic(row.kind.staticName)
        buffer.append(UInt8(ascii: "\""))
        if let id = row.id {
            buffer.appendStatic(",\"id\":")
            JSONString.append(id, to: &buffer)
        }
        buffer.appendStatic(",\"center\":")
        appendPair(row.center.x, row.center.y, to: &buffer)
        buffer.appendStatic(",\"size\":")
        appendPair(row.size.width, row.size.height, to: &buffer)
        buffer.appendStatic(",\"angle\":")
        FixedDecimal.append(row.angle, decimals: 6, into: &buffer)
        buffer.appendStatic(",\"alpha\":")
        FixedDecimal.append(row.alpha, decimals: 3, into: &buffer)
        buffer.appendStatic(",\"zIndex\":")
        FixedDecimal.append(row.zIndex, into: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    /// `[x,y]` with 3 decimals.
    static func appendPair(_ x: Double, _ y: Double, to buffer: inout OutputBuffer) {
        buffer.append(UInt8(ascii: "["))
        FixedDecimal.append(x, decimals: 3, into: &buffer)
        buffer.append(UInt8(ascii: ","))
        FixedDecimal.append(y, decimals: 3, into: &buffer)
        buffer.append(UInt8(ascii: "]"))
    }
}
