import TetherPhysics

/// The three-decimal text of coordinates written lately, by value, so a coordinate a layout
/// repeats from row to row — a column's x in a vertical list or grid, a row's y in a
/// horizontal one — is copied (two vector stores) instead of formatted (some 55 instructions).
/// The text depends only on the value's bits, so a copy is exactly what formatting writes.
///
/// Direct-mapped: a value's slot comes from a multiplicative hash of its bits. A coordinate
/// that never repeats (a list's y, every coordinate of a pile) would pay for the lookup and
/// the insertion on every row, so after `missLimit` misses in a row the table is left alone
/// for `bypassRows` rows, then tried again.
///
/// A class because the slots are manually allocated memory with one owner; copies of a writer
/// share it, which is harmless: every slot always holds a value and its own text.
final class CoordinateTexts {
    struct Slot {
        var bits: UInt64
        /// The text's bytes, zero past `length`.
        var text: SIMD2<UInt64>
        var length: Int
    }

    static let slotCount = 64
    static let missLimit = 32
    static let bypassRows = 4096

    private let slots: UnsafeMutablePointer<Slot>
    private var misses = 0
    private var bypass = 0

    init() {
        slots = .allocate(capacity: Self.slotCount)
        // Every slot starts as +0.0 and its text, so no slot is ever empty: a lookup compares
        // the bits and nothing else.
        var zero = SIMD2<UInt64>()
        let zeroText: StaticString = "0.000"
        withUnsafeMutableBytes(of: &zero) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: zeroText.utf8Start, count: zeroText.utf8CodeUnitCount))
        }
        slots.initialize(repeating: Slot(bits: 0, text: zero, length: zeroText.utf8CodeUnitCount), count: Self.slotCount)
    }

    deinit {
        slots.deallocate()
    }

    /// Puts `value` with three decimals, as `ByteCursor.put(_:decimals: 3)` does; stores up to
    /// 15 bytes past the text (within `ByteCursor.overshoot`).
    @inline(__always)
    func put(_ value: Double, to cursor: inout ByteCursor) {
        if bypass > 0 {
            bypass &-= 1
            cursor.put(value, decimals: 3)
            return
        }
        let bits = value.bitPattern
        let slot = slots + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if slot.pointee.bits == bits {
            UnsafeMutableRawPointer(cursor.position).storeBytes(of: slot.pointee.text, as: SIMD2<UInt64>.self)
            cursor.position += slot.pointee.length
            misses = 0
            return
        }
        cursor.position = putMissing(value, bits: bits, slot: slot, at: cursor.position)
    }

    /// Formats `value` at `start` and keeps its text in `slot`; after `missLimit` misses in a
    /// row, leaves the table alone for `bypassRows` rows. Returns the end of the text. (It takes
    /// and returns the position rather than the cursor `inout`, so the writers' loops keep their
    /// cursor in a register instead of storing it to memory after every piece of text.)
    @inline(never)
    private func putMissing(
        _ value: Double, bits: UInt64, slot: UnsafeMutablePointer<Slot>, at start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let end: UnsafeMutablePointer<UInt8>
        if let (text, length) = FixedDecimal.threeDecimalWords(value) {
            // Built in registers, stored once (up to 15 bytes past the text, within
            // `ByteCursor.overshoot`) and kept as built: reading back digits stored a few bytes
            // at a time would wait for those stores (see `threeDecimalWords`).
            UnsafeMutableRawPointer(start).storeBytes(of: text, as: SIMD2<UInt64>.self)
            slot.pointee = Slot(bits: bits, text: text, length: length)
            end = start + length
        } else {
            // Seven integer digits or more, or not a number: the general path, not kept.
            end = FixedDecimal.store(value, decimals: 3, at: start)
        }
        misses += 1
        if misses >= Self.missLimit {
            misses = 0
            bypass = Self.bypassRows
        }
        return end
    }
}

/// A center's two coordinates, each with a table of its own (`CoordinateTexts`).
struct CenterTexts {
    let x = CoordinateTexts()
    let y = CoordinateTexts()

    /// `center.x`, `separator`, `center.y`, each with three decimals.
    @inline(__always)
    func put(_ center: Vec2, separator: UInt8, to cursor: inout ByteCursor) {
        x.put(center.x, to: &cursor)
        cursor.put(separator)
        y.put(center.y, to: &cursor)
    }
}
