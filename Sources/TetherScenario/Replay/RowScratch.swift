import TetherLayout

/// Scratch memory for building a part of a frame's rows (`SceneReplay.fillRows`): room for
/// `rows` elements' attributes, or as many places, whichever the dynamics hand over. The caller
/// allocates it once for all the parts of a frame.
public struct RowScratch {
    let bytes: UnsafeMutableRawPointer
    /// How many elements it has room for.
    public let rows: Int

    /// Bytes an element takes, attributes or place.
    static let bytesPerRow = Swift.max(MemoryLayout<LayoutAttributes>.stride, MemoryLayout<ElementPlace>.stride)
    static let alignment = Swift.max(MemoryLayout<LayoutAttributes>.alignment, MemoryLayout<ElementPlace>.alignment)

    init(bytes: UnsafeMutableRawPointer, rows: Int) {
        self.bytes = bytes
        self.rows = rows
    }

    /// The room as attributes (plain data: stored without being initialized first).
    public var attributes: UnsafeMutablePointer<LayoutAttributes> { bytes.bindMemory(to: LayoutAttributes.self, capacity: rows) }

    /// The room as places.
    public var places: UnsafeMutablePointer<ElementPlace> { bytes.bindMemory(to: ElementPlace.self, capacity: rows) }
}
