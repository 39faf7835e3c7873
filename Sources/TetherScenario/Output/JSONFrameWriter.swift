import TetherJSON

/// One JSON document, one frame per line so it still diffs and greps well:
///
///     {"scenario":"NAME","hz":60,<metadata members>,"frames":[
///     {"frame":0,…},
///     {"frame":1,…}
///     ]}
///
/// Streamed: the closing `]}` is written by `finish()`, so nothing is held back.
public struct JSONFrameWriter: FrameWriter {
    public let sink: OutputSink
    /// The text items share with the item before them, reused while it repeats.
    private var repeated = JSONFrameObject.RepeatedText()
    private var wroteFrame = false
    /// The frame being written in parts.
    private var open = JSONFrameObject.OpenFrame(itemIDs: [])

    public init(sink: OutputSink) {
        self.sink = sink
    }

    public mutating func begin(_ header: OutputHeader) throws {
        try sink.append { buffer in
            buffer.appendStatic("{\"scenario\":")
            JSONString.append(header.scenario, to: &buffer)
            buffer.appendStatic(",\"hz\":")
            FixedDecimal.append(header.hz, into: &buffer)
            for member in header.metadata {
                buffer.append(UInt8(ascii: ","))
                JSONString.append(member.key, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                JSONString.append(member.value, to: &buffer)
            }
            buffer.appendStatic(",\"frames\":[\n")
        }
    }

    public mutating func write(_ frame: FrameRecord) throws {
        if wroteFrame { try sink.append { $0.appendStatic(",\n") } }
        try JSONFrameObject.write(frame, to: sink, repeated: &repeated)
        wroteFrame = true
    }

    public var writesFramesInParts: Bool { true }

    public mutating func beginFrame(_ frame: FrameRecord) throws {
        if wroteFrame { try sink.append { $0.appendStatic(",\n") } }
        open = try JSONFrameObject.begin(frame, to: sink)
    }

    public mutating func writeRows(_ rows: UnsafeBufferPointer<ElementRow>) throws {
        try JSONFrameObject.writeItems(rows, of: &open, to: sink, repeated: &repeated)
    }

    public mutating func endFrame() throws {
        try JSONFrameObject.end(open, to: sink)
        wroteFrame = true
    }

    public mutating func finish(trailer: [(key: String, json: String)]) throws {
        try sink.append { buffer in
            buffer.appendStatic(wroteFrame ? "\n]" : "]")
            for member in trailer {
                buffer.append(UInt8(ascii: ","))
                JSONString.append(member.key, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                for byte in member.json.utf8 { buffer.append(byte) }
            }
            buffer.appendStatic("}\n")
        }
        try sink.flush()
    }
}
