/// A writer that takes frames as the writer it stands in for does (whole or in parts) and
/// writes nothing: what `Benchmark.output` times to learn what building the rows costs,
/// in a run of its own, without clock reads around every part of the output's run.
struct RowBuildingWriter: FrameWriter {
    let readsRows: Bool
    let writesFramesInParts: Bool
    /// Rows received, so the parts are seen to arrive (and tests can count them).
    private(set) var rows = 0

    /// Stands in for `writer`.
    init(standingInFor writer: any FrameWriter) {
        readsRows = writer.readsRows
        writesFramesInParts = writer.writesFramesInParts
    }

    mutating func begin(_ header: OutputHeader) throws {}
    mutating func write(_ frame: FrameRecord) throws { rows &+= frame.rows.count }
    mutating func finish(trailer: [(key: String, json: String)]) throws {}
    mutating func beginFrame(_ frame: FrameRecord) throws {}
    mutating func writeRows(_ rows: UnsafeBufferPointer<ElementRow>) throws { self.rows &+= rows.count }
    mutating func endFrame() throws {}
}
