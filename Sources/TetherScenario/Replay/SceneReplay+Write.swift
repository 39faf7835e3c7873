import TetherLayout

extension SceneReplay {
    /// Builds the current frame's rows and hands them to `writer`. When both can, the rows are
    /// built and written a part of `rowsPerPart` at a time, each part written while it is still
    /// in the cache: a frame of 10 000 rows is some 800 KB, which building whole and reading back
    /// sent through the cache twice. Otherwise the frame is built whole in `record` and written.
    /// The bytes are the same either way.
    ///
    /// `record`'s rows are then the last part's. `building` runs each piece of row building
    /// (`tether bench` times them with it).
    public func write(
        to writer: inout any FrameWriter, items: Scenario.ItemSelection, record: inout FrameRecord,
        rowsPerPart: Int = defaultRowsPerPart, building: (() -> Void) -> Void = { $0() }
    ) throws {
        precondition(rowsPerPart > 0)
        guard writer.readsRows else { return try writer.write(record) }
        guard writer.writesFramesInParts, let count = recordInParts(into: &record, items: items) else {
            building { self.record(into: &record, items: items) }
            return try writer.write(record)
        }
        let part = min(count, rowsPerPart)
        record.rows.resizeForFilling(to: part)
        try writer.beginFrame(record)
        try record.rows.withUnsafeMutableBufferPointer { rows in
            try withUnsafeTemporaryAllocation(of: LayoutAttributes.self, capacity: part) { scratch in
                var start = 0
                while start < count {
                    let end = min(start + part, count)
                    let filled = UnsafeMutableBufferPointer(rebasing: rows[0..<end - start])
                    building { fillRows(start..<end, into: filled, scratch: scratch.baseAddress!) }
                    try writer.writeRows(UnsafeBufferPointer(filled))
                    start = end
                }
            }
        }
        try writer.endFrame()
    }
}

/// Rows built and written at a time by `SceneReplay.write(to:items:record:)`: 10 KB of rows and
/// about as much text, which stay in the first-level cache together.
public let defaultRowsPerPart = 64
