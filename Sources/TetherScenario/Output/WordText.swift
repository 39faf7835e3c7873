/// Text the writers copy into every row (a frame's "frame,time," prefix, a row's repeated
/// columns), kept in whole 8-byte words with zeros past its end, so a cursor copies it a word
/// at a time with no odd tail to sort out (`ByteCursor.put(_:)`): the tail's branches cost more
/// than the copy itself.
struct WordText {
    private var words: [UInt64] = []
    /// The text's length in bytes.
    private(set) var count = 0

    /// Replaces the text with `bytes`.
    mutating func set(_ bytes: UnsafeRawBufferPointer) {
        let wordCount = (bytes.count + 7) / 8
        words.removeAll(keepingCapacity: true)
        words.append(contentsOf: repeatElement(0, count: wordCount))
        words.withUnsafeMutableBytes { storage in
            if let source = bytes.baseAddress, bytes.count > 0 {
                storage.baseAddress!.copyMemory(from: source, byteCount: bytes.count)
            }
        }
        count = bytes.count
    }

    /// Reads the words in place; their byte length is `count` rounded up to a multiple of 8.
    @inline(__always)
    func withWords<R>(_ body: (UnsafeBufferPointer<UInt64>) -> R) -> R {
        words.withUnsafeBufferPointer(body)
    }
}

extension ByteCursor {
    /// How far past the end of what it has written a cursor may store (a word copy's last
    /// word, a kind's name stored as two words): every room made for a cursor adds it.
    public static let overshoot = 16

    /// Copies `text` whole words at a time: up to 7 bytes past its end are stored too, and
    /// overwritten by what follows.
    @inline(__always)
    mutating func put(_ text: WordText) {
        let destination = UnsafeMutableRawPointer(position)
        text.withWords { words in
            for i in 0..<words.count {
                destination.storeBytes(of: words[i], toByteOffset: i &* 8, as: UInt64.self)
            }
        }
        position += text.count
    }
}
