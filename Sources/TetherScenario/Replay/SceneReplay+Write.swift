import TetherLayout

extension SceneReplay {
    /// Builds the current frame's rows and hands them to `writer`. When both can, the rows are
    /// built and written a part of `rowsPerPart` at a time, each part written while it is still
    /// in the cache: a frame of 10 000 rows is some 800 KB, which building whole and reading back
    /// sent through the cache twice. Otherwise the frame is built whole in `record` and written.
    /// The bytes are the same either way.
    ///
    /// `record`'s rows are then the last part's.
    public func write(
        to writer: inout any FrameWriter, items: Scenario.ItemSelection, record: inout FrameRecord,
        rowsPerPart: Int = defaultRowsPerPart
    ) throws {
        precondition(rowsPerPart > 0)
        guard writer.readsRows else { return try writer.write(record) }
        guard writer.writesFramesInParts, let count = recordInParts(into: &record, items: items) else {
            self.record(into: &record, items: items)
            return try writer.write(record)
        }
        record.rows.resizeForFilling(to: min(count, rowsPerPart))
        try writer.beginFrame(record)
        try record.rows.withUnsafeMutableBufferPointer { rows in
            try forEachRowPart(count: count, rowsPerPart: rowsPerPart) { part, scratch in
                let filled = UnsafeMutableBufferPointer(rebasing: rows[0..<part.count])
                fillRows(part, into: filled, scratch: scratch)
                try writer.writeRows(UnsafeBufferPointer(filled))
            }
        }
        try writer.endFrame()
    }
}

extension SceneReplay {
    /// Replays that build their frames whole (`record(into:items:)`) have no parts.
    public func recordInParts(into record: inout FrameRecord, items: Scenario.ItemSelection) -> Int? { nil }

    public func fillRows(_ range: Range<Int>, into rows: UnsafeMutableBufferPointer<ElementRow>, scratch: RowScratch) {
        preconditionFailure("this replay's rows are not built in parts")
    }
}

/// Calls `body` with each part of `0..<count`, in order, `rowsPerPart` long but the last, and
/// scratch room for a part, allocated once for all the parts (per part, the heap above 1 KiB
/// took a `malloc` each).
func forEachRowPart<E: Error>(
    count: Int, rowsPerPart: Int, _ body: (Range<Int>, RowScratch) throws(E) -> Void
) throws(E) {
    precondition(rowsPerPart > 0)
    let part = min(count, rowsPerPart)
    guard part > 0 else { return }
    try withUnsafeTemporaryAllocation(
        byteCount: part * RowScratch.bytesPerRow, alignment: RowScratch.alignment
    ) { (bytes) throws(E) in
        let scratch = RowScratch(bytes: bytes.baseAddress!, rows: part)
        var start = 0
        while start < count {
            let end = min(start + part, count)
            try body(start..<end, scratch)
            start = end
        }
    }
}

/// Rows built and written at a time by `SceneReplay.write(to:items:record:)`: 10 KB of rows and
/// about as much text, which stay in the first-level cache together.
public let defaultRowsPerPart = 64
