/// The text a row starts with that depends only on the frame and the row's section — CSV's
/// "frame,time,section," and JSON's `,{"section":S,"item":` — kept whole (`WordText`) and
/// rebuilt only when the section changes, so a row copies it instead of formatting its section
/// (most scenes have one section, or long runs of rows in one).
struct SectionLead {
    /// The text before the section number (CSV: the frame's "frame,time,").
    private var head: [UInt8] = []
    /// The text after the section number (CSV: ",", JSON: `,"item":`).
    private let tail: StaticString
    /// The section `text` was built for, while `isCurrent`.
    private var section = 0
    private var isCurrent = false
    private var text = WordText()
    /// Where a text is put together (kept for its storage).
    private var scratch: [UInt8] = []

    init(head: StaticString = "", tail: StaticString) {
        self.tail = tail
        self.head = Array(UnsafeRawBufferPointer(start: head.utf8Start, count: head.utf8CodeUnitCount))
    }

    /// Replaces the text before the section with what `build` appends to an empty array (a new
    /// frame's prefix).
    mutating func setHead(_ build: (inout [UInt8]) -> Void) {
        head.removeAll(keepingCapacity: true)
        build(&head)
        isCurrent = false
    }

    /// Puts the text for a row of `section` (stores up to `ByteCursor.overshoot` bytes past it).
    @inline(__always)
    mutating func put(section: Int, to cursor: inout ByteCursor) {
        if !isCurrent || section != self.section { rebuild(for: section) }
        cursor.put(text)
    }

    @inline(never)
    private mutating func rebuild(for section: Int) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: head)
        FixedDecimal.append(section, to: &scratch)
        scratch.append(contentsOf: UnsafeRawBufferPointer(start: tail.utf8Start, count: tail.utf8CodeUnitCount))
        scratch.withUnsafeBytes { text.set($0) }
        self.section = section
        isCurrent = true
    }

    /// The longest text: the head, an `Int` and the tail.
    var maxLength: Int { head.count + FixedDecimal.maxIntegerLength + tail.utf8CodeUnitCount }
}
