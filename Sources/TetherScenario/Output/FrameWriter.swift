/// Streams frames to an `OutputSink` in one format.
///
/// Call `begin` once, `write` per frame in order, then `finish` (which flushes). Writers
/// keep no frames in memory, so a replay of any length runs in constant space.
public protocol FrameWriter {
    mutating func begin(_ header: OutputHeader) throws
    mutating func write(_ frame: FrameRecord) throws
    /// `trailer`: members known only at the end (e.g. the frame the world paused at) as raw
    /// JSON values; written by the JSON format after the frames, ignored by the others.
    mutating func finish(trailer: [(key: String, json: String)]) throws
    /// Whether `write` reads the frames' rows. A writer that drops them lets the runner skip
    /// building them (`--format none` then costs what the replay costs).
    var readsRows: Bool { get }

    /// Whether the writer also takes a frame in parts (`beginFrame`, `writeRows`, `endFrame`),
    /// so that a caller can build a frame's rows a part at a time and write each part while it
    /// is still in the cache (see `SceneReplay.write(to:items:record:)`). The bytes are those
    /// of `write(_:)` with all the rows.
    var writesFramesInParts: Bool { get }
    /// Starts a frame written in parts: everything of `frame` but its rows, which are ignored.
    mutating func beginFrame(_ frame: FrameRecord) throws
    /// The next rows of the frame begun, in output order.
    mutating func writeRows(_ rows: UnsafeBufferPointer<ElementRow>) throws
    /// Ends the frame begun.
    mutating func endFrame() throws
}

extension FrameWriter {
    public mutating func finish() throws { try finish(trailer: []) }
    public var readsRows: Bool { true }
    public var writesFramesInParts: Bool { false }
    public mutating func beginFrame(_ frame: FrameRecord) throws { preconditionFailure("not written in parts") }
    public mutating func writeRows(_ rows: UnsafeBufferPointer<ElementRow>) throws { preconditionFailure("not written in parts") }
    public mutating func endFrame() throws { preconditionFailure("not written in parts") }
}

/// The formats `tether` can write; `none` replays without writing (for timing).
public enum OutputFormat: String, Sendable, CaseIterable {
    case csv
    case json
    case jsonl
    case none
}

/// The writer for a format.
public func makeFrameWriter(_ format: OutputFormat, sink: OutputSink) -> any FrameWriter {
    switch format {
    case .csv: CSVFrameWriter(sink: sink)
    case .json: JSONFrameWriter(sink: sink)
    case .jsonl: JSONLinesFrameWriter(sink: sink)
    case .none: DiscardingFrameWriter()
    }
}

/// Accepts and drops everything: replay cost without formatting cost.
public struct DiscardingFrameWriter: FrameWriter {
    public var readsRows: Bool { false }
    public init() {}
    public mutating func begin(_ header: OutputHeader) throws {}
    public mutating func write(_ frame: FrameRecord) throws {}
    public mutating func finish(trailer: [(key: String, json: String)]) throws {}
}
