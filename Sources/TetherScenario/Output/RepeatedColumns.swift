import TetherLayout

/// The text of the columns that usually repeat from one row to the next (size, angle, alpha
/// and z-index: every cell of a grid has the same), formatted once and copied while the
/// values stay bit-for-bit the same. The text depends only on the values, so a copy is
/// exactly what formatting would have written. A copy may store up to `ByteCursor.overshoot`
/// bytes past the text.
struct RepeatedColumns {
    private struct Key {
        var width: UInt64
        var height: UInt64
        var angle: UInt64
        var alpha: UInt64
        var zIndex: Int

        init(size: Size, angle: Double, alpha: Double, zIndex: Int) {
            width = size.width.bitPattern
            height = size.height.bitPattern
            self.angle = angle.bitPattern
            self.alpha = alpha.bitPattern
            self.zIndex = zIndex
        }

        /// Every field compared at once, with no branch per field (a row's columns match the
        /// last row's in almost every row, so the comparison runs in full every time).
        @inline(__always)
        func matches(_ other: Key) -> Bool {
            let differences = (width ^ other.width) | (height ^ other.height) | (angle ^ other.angle)
                | (alpha ^ other.alpha) | UInt64(bitPattern: Int64(zIndex ^ other.zIndex))
            return differences == 0
        }
    }

    /// The key of `text`; meaningless until `hasText`.
    private var key = Key(size: Size(width: 0, height: 0), angle: 0, alpha: 0, zIndex: 0)
    private var hasText = false
    private var text = WordText()

    /// Puts the text for a row's size, angle, alpha and z-index: a copy of the last one when
    /// they repeat, else what `format` writes (which is then kept).
    @inline(__always)
    mutating func put(
        size: Size, angle: Double, alpha: Double, zIndex: Int, to cursor: inout ByteCursor,
        format: (inout ByteCursor) -> Void
    ) {
        let key = Key(size: size, angle: angle, alpha: alpha, zIndex: zIndex)
        if hasText && key.matches(self.key) {
            cursor.put(text)
            return
        }
        let start = cursor.position
        format(&cursor)
        self.key = key
        hasText = true
        text.set(UnsafeRawBufferPointer(start: start, count: cursor.position - start))
    }
}
