/// JSON Lines: each frame's object (as in the JSON format) on its own line, nothing else,
/// so tools can process frames one at a time (`jq -c`, line-oriented pipes).
public struct JSONLinesFrameWriter: FrameWriter {
    public let sink: OutputSink
    /// The text items share with the item before them, reused while it repeats.
    private var repeated = JSONFrameObject.RepeatedText()
    /// The frame being written in parts.
    private var open = JSONFrameObject.OpenFrame(itemIDs: [])

    public init(sink: OutputSink) {
        self.sink = sink
    }

    public mutating func begin(_ header: OutputHeader) throws {}

    public mutating func write(_ frame: FrameRecord) throws {
        try JSONFrameObject.write(frame, to: sink, repeated: &repeated)
        try sink.append { $0.append(UInt8(ascii: "\n")) }
    }

    public var writesFramesInParts: Bool { true }

    public mutating func beginFrame(_ frame: FrameRecord) throws {
        open = try JSONFrameObject.begin(frame, to: sink)
    }

    public mutating func writeRows(_ rows: UnsafeBufferPointer<ElementRow>) throws {
        try JSONFrameObject.writeItems(rows, of: &open, to: sink, repeated: &repeated)
    }

    public mutating func endFrame() throws {
        try JSONFrameObject.end(open, to: sink)
        try sink.append { $0.append(UInt8(ascii: "\n")) }
    }

    public mutating func finish(trailer: [(key: String, json: String)]) throws {
        try sink.flush()
    }
}
