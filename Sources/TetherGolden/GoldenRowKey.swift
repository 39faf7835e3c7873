import TetherScenario

/// What identifies a CSV row: frame, section, kind, item. Ordered as the writers sort:
/// by frame, the viewport first, then section, kind rank and item — so two sorted files can
/// be merged in one pass.
struct GoldenRowKey: Comparable {
    var frame: Int
    var section: Int
    var kind: RowKind
    var item: Int

    static func < (a: GoldenRowKey, b: GoldenRowKey) -> Bool {
        if a.frame != b.frame { return a.frame < b.frame }
        let aViewport = a.kind == .viewport
        let bViewport = b.kind == .viewport
        if aViewport != bViewport { return aViewport }
        if a.section != b.section { return a.section < b.section }
        if a.kind != b.kind { return a.kind.rank < b.kind.rank }
        return a.item < b.item
    }

    /// How reports name the element: "cell 0.12", or just "viewport".
    var element: String {
        kind == .viewport ? "viewport" : "\(kind.rawValue) \(section).\(item)"
    }

    /// The key of a split CSV line, or nil when the line is malformed (column count, a
    /// non-integer key field, an unknown kind).
    init?(fields: [Range<Int>], in cursor: CSVLineCursor) {
        guard fields.count == CSVFrameWriter.columns.count,
              let frame = cursor.integer(fields[0]),
              let section = cursor.integer(fields[2]),
              let item = cursor.integer(fields[3]),
              let kind = cursor.kind(fields[4])
        else { return nil }
        self.frame = frame
        self.section = section
        self.kind = kind
        self.item = item
    }
}
