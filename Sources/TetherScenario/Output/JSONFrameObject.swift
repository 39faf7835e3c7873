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
    /// The text an item shares with the item before it, kept by the writer from item to item.
    struct RepeatedText {
        /// `,{"section":S,"item":`, while the section repeats. Every item starts with its
        /// separator, copied with the lead; the first of a frame's items has it replaced by the
        /// list's opening bracket (`writeItems`), so the item loop has no separator to decide.
        var lead = SectionLead(head: #",{"section":"#, tail: #","item":"#)
        /// The size, angle, alpha and z-index, while they repeat.
        var columns = RepeatedColumns()
        /// The text of centers' coordinates that repeat (a column's x), by value.
        let centers = CenterTexts()
        /// The room an item without an id needs in the buffer: the lead, the item and the word
        /// stores past it (computed once, not for every part of a frame).
        let itemRoom: Int

        init() {
            itemRoom = lead.maxLength + JSONFrameObject.maxItemLength + ByteCursor.overshoot
        }
    }

    /// A frame whose object is being written: what its items need from it, and whether one
    /// has been written (the first opens the list, `[`; `end` closes the list or writes an
    /// empty one).
    struct OpenFrame {
        /// World items' ids (`FrameRecord.itemIDs`).
        var itemIDs: [String]
        var wroteItem = false

        /// The id of `row`, if it is a world item that has one (as `FrameRecord.id(of:)`).
        @inline(__always)
        func id(of row: ElementRow) -> String? {
            row.kind == .item && row.item >= 0 && row.item < itemIDs.count ? itemIDs[row.item] : nil
        }
    }

    /// Appends the object (no trailing newline), flushing the sink between items. `repeated`
    /// keeps the text items share with the item before.
    static func write(_ frame: FrameRecord, to sink: OutputSink, repeated: inout RepeatedText) throws(OutputError) {
        var open = try begin(frame, to: sink)
        try frame.rows.withUnsafeBufferPointer { (rows) throws(OutputError) in
            try writeItems(rows, of: &open, to: sink, repeated: &repeated)
        }
        try end(open, to: sink)
    }

    /// Appends the object's members up to its items' key (`frame`'s rows are not read): the
    /// list's bracket comes with its first item, or with `end`.
    static func begin(_ frame: FrameRecord, to sink: OutputSink) throws(OutputError) -> OpenFrame {
        try sink.append { buffer in
            buffer.appendStatic("{\"frame\":")
            FixedDecimal.append(frame.index, into: &buffer)
            buffer.appendStatic(",\"time\":")
            FixedDecimal.append(frame.time, decimals: 6, into: &buffer)
            if let offset = frame.contentOffset {
                buffer.appendStatic(",\"contentOffset\":")
                buffer.append(atMost: maxPairLength) { putPair(offset.x, offset.y, to: &$0) }
            }
            buffer.appendStatic(",\"items\":")
        }
        return OpenFrame(itemIDs: frame.itemIDs)
    }

    /// Appends the items of `rows` (viewport rows left out), after those already written.
    static func writeItems(
        _ rows: UnsafeBufferPointer<ElementRow>, of frame: inout OpenFrame, to sink: OutputSink,
        repeated: inout RepeatedText
    ) throws(OutputError) {
        // Items go straight into the sink's buffer, a chunk's worth per access, read in place
        // (through a pointer) like the CSV's rows, with room for a chunk made once
        // (`OutputBuffer.append(rowsUpTo:)`). A world item with an id needs room for the id
        // too: it ends the run of items and is written on its own.
        guard let base = rows.baseAddress else { return }
        let count = rows.count
        let room = repeated.itemRoom
        // Read once: through `repeated`, which the loop changes, the tables were read every item.
        let centers = repeated.centers
        try RowKindName.jsonUpToCenter.withUnsafeBufferPointer { (names) throws(OutputError) in
            var next = 0
            var opened = frame.wroteItem
            defer { frame.wroteItem = opened }
            while next < count {
                try sink.append { buffer in
                    buffer.append(rowsUpTo: OutputSink.chunkSize, rowRoom: room) { cursor, limit in
                        let start = cursor.position
                        while next < count && cursor.position < limit {
                            let row = base + next
                            let kind = row.pointee.kind
                            // Only world items have ids: the others take a path with no
                            // optional string, which cost a release call per item even when nil.
                            if kind == .item && frame.id(of: row.pointee) != nil { break }
                            next &+= 1
                            if kind == .viewport { continue }
                            putItem(row, id: nil, to: &cursor, repeated: &repeated, centers: centers, names: names)
                        }
                        // Viewport rows write nothing, so a frame's first item starts the chunk.
                        if !opened && cursor.position != start { openList(at: start, opened: &opened) }
                    }
                    guard next < count, let id = frame.id(of: base[next]) else { return }
                    let row = base + next
                    buffer.append(atMost: room + maxLiteralLength(id)) { cursor in
                        let start = cursor.position
                        RowKindName.jsonKind.withUnsafeBufferPointer { names in
                            putItem(row, id: id, to: &cursor, repeated: &repeated, centers: centers, names: names)
                        }
                        if !opened { openList(at: start, opened: &opened) }
                    }
                    next += 1
                }
            }
        }
    }

    /// Turns the separator a frame's first item was written with into the list's bracket.
    @inline(__always)
    private static func openList(at separator: UnsafeMutablePointer<UInt8>, opened: inout Bool) {
        separator.pointee = UInt8(ascii: "[")
        opened = true
    }

    /// Closes the items (an empty list when none was written) and the object.
    static func end(_ frame: OpenFrame, to sink: OutputSink) throws(OutputError) {
        try sink.append { $0.appendStatic(frame.wroteItem ? "]}" : "[]}") }
    }

    /// The longest item `putItem` writes after its lead (`RepeatedText.lead`), without its id.
    static var maxItemLength: Int {
        #","kind":"decoration","id":,"center":,"size":,"angle":,"alpha":,"zIndex":}"#.utf8.count
            + 2 * FixedDecimal.maxIntegerLength + 2 * maxPairLength + FixedDecimal.maxLength(decimals: 6)
            + FixedDecimal.maxLength(decimals: 3)
    }

    /// The longest literal `JSONString` writes for `string`: quotes, and every byte as `\u00XX`.
    static func maxLiteralLength(_ string: String) -> Int { 2 + 6 * string.utf8.count }

    /// The longest `[x,y]`.
    static var maxPairLength: Int { 3 + 2 * FixedDecimal.maxLength(decimals: 3) }

    /// One item, with its separator (in the lead). `names` holds the kind's text: up to the center's bracket
    /// for an item without an id (`RowKindName.jsonUpToCenter`), the kind member alone for
    /// one with an id (`RowKindName.jsonKind`).
    @inline(__always)
    static func putItem(
        _ row: UnsafePointer<ElementRow>, id: String?, to cursor: inout ByteCursor, repeated: inout RepeatedText,
        centers: CenterTexts, names: UnsafeBufferPointer<RowKindName>
    ) {
        repeated.lead.put(section: row.pointee.section, to: &cursor)
        cursor.put(row.pointee.item)
        cursor.putName(of: row.pointee.kind, from: names)
        if let id {
            cursor.put(",\"id\":")
            JSONString.append(id, to: &cursor)
            cursor.put(",\"center\":[")
        }
        centers.put(row.pointee.center, separator: UInt8(ascii: ","), to: &cursor)
        cursor.put(UInt8(ascii: "]"))
        let size = row.pointee.size
        let (angle, alpha, zIndex) = (row.pointee.angle, row.pointee.alpha, row.pointee.zIndex)
        repeated.columns.put(size: size, angle: angle, alpha: alpha, zIndex: zIndex, to: &cursor) { cursor in
            cursor.put(",\"size\":")
            putPair(size.width, size.height, to: &cursor)
            cursor.put(",\"angle\":")
            cursor.put(angle, decimals: 6)
            cursor.put(",\"alpha\":")
            cursor.put(alpha, decimals: 3)
            cursor.put(",\"zIndex\":")
            cursor.put(zIndex)
            cursor.put(UInt8(ascii: "}"))
        }
    }

    /// `[x,y]` with 3 decimals.
    @inline(__always)
    static func putPair(_ x: Double, _ y: Double, to cursor: inout ByteCursor) {
        cursor.put(UInt8(ascii: "["))
        cursor.put3(x, UInt8(ascii: ","), y)
        cursor.put(UInt8(ascii: "]"))
    }
}
