/// Text the writers copy into every row (a frame's "frame,time," prefix, a row's repeated
/// columns), kept in whole 8-byte words with zeros past its end, so a cursor copies it a word
/// at a time with no odd tail to sort out (`ByteCursor.put(_:)`): the tail's branches cost more
/// than the copy itself.
///
/// The words come in fours (32 bytes, zero past the text), so the copy has no odd words either,
/// and there are always at least four: text of up to 32 bytes (every prefix and repeated
/// columns of the bundled scenes) is copied with four stores and no loop.
struct WordText {
    private var words: [UInt64] = [0, 0, 0, 0]
    /// The text's length in bytes.
    private(set) var count = 0

    /// Replaces the text with `bytes`.
    mutating func set(_ bytes: UnsafeRawBufferPointer) {
        let wordCount = max(1, (bytes.count + 31) / 32) * 4
        words.removeAll(keepingCapacity: true)
        words.append(contentsOf: repeatElement(0, count: wordCount))
        words.withUnsafeMutableBytes { storage in
            if let source = bytes.baseAddress, bytes.count > 0 {
                storage.baseAddress!.copyMemory(from: source, byteCount: bytes.count)
            }
        }
        count = bytes.count
    }

    /// Reads the words in place; their byte length is `count` rounded up to a multiple of 32.
    @inline(__always)
    func withWords<R>(_ body: (UnsafeBufferPointer<UInt64>) -> R) -> R {
        words.withUnsafeBufferPointer(body)
    }
}

extension ByteCursor {
    /// How far past the end of what it has written a cursor may store (a `WordText`'s last
    /// four words, a kind's name stored as two words): every room made for a cursor adds it.
    public static let overshoot = 32

    /// Copies `text` four words at a time, as two 16-byte vectors (half the stores of word
    /// copies): up to `overshoot` bytes past its end are stored too (31 at most for a text, 32
    /// for an empty one), and overwritten by what follows. Texts of up to three blocks (96
    /// bytes: a JSON item's repeated text is 66) are copied with no loop.
    @inline(__always)
    mutating func put(_ text: WordText) {
        let destination = UnsafeMutableRawPointer(position)
        text.withWords { words in
            let source = UnsafeRawPointer(words.baseAddress!)
            @inline(__always)
            func copyBlock(at offset: Int) {
                destination.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self), toByteOffset: offset,
                    as: SIMD2<UInt64>.self)
                destination.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD2<UInt64>.self),
                    toByteOffset: offset &+ 16, as: SIMD2<UInt64>.self)
            }
            copyBlock(at: 0)
            guard words.count > 4 else { return }
            copyBlock(at: 32)
            guard words.count > 8 else { return }
            copyBlock(at: 64)
            var offset = 96
            while offset < words.count &* 8 {
                copyBlock(at: offset)
                offset &+= 32
            }
        }
        position += text.count
    }
}
