extension FixedDecimal {
    /// The text `store3InLine` stores for `value`, built in two words instead of stored a few
    /// bytes at a time: its bytes (zero past them, little-endian) and their count, at most 11;
    /// nil where `store3InLine` takes the general path (10^6 − ½·10^−3 and above, NaN).
    ///
    /// For the coordinate tables' misses (`CoordinateTexts`), which keep the text as well as
    /// write it: reading back digits just stored with 1-, 2- and 4-byte stores in one 16-byte
    /// load waits for those stores to reach the cache (the load cannot take its bytes from
    /// several stores), while built here the text is stored once, in one 16-byte store, and
    /// kept from the registers. The same digits, from the same pair table, with no loop and
    /// no division (the earlier try, a division by ten per digit, cost more than the wait).
    @inline(__always)
    static func threeDecimalWords(_ value: Double) -> (words: SIMD2<UInt64>, count: Int)? {
        // As `store3InLine`: the magnitude rounded half away from zero in 32 bits.
        let magnitude = (value * 1000).magnitude
        guard magnitude < 999_999_999.5 else { return nil }
        var n = UInt32(magnitude)
        if magnitude - Double(n) >= 0.5 { n &+= 1 }
        let integer = n / 1000
        let fraction = n &- integer &* 1000
        let hundreds = (fraction &* 41) >> 12  // f·41 >> 12 is f / 100 for f < 1000
        // ".ddd", the point in the lowest byte.
        let tail = 0x2E | UInt64(hundreds &+ 0x30) << 8 | pairWord(fraction &- hundreds &* 100) << 16
        var (head, count) = integerWord(integer)
        if value < 0 && n != 0 {  // a value that rounds to zero gets no sign
            head = head << 8 | 0x2D
            count &+= 1
        }
        // The head is 1 to 7 bytes; the tail's 4 bytes follow it, spilling into the high word
        // past the eighth byte.
        let shift = UInt64(truncatingIfNeeded: count &* 8)
        return (SIMD2(head | tail &<< shift, tail &>> (64 &- shift)), count &+ 4)
    }

    /// `value` (below 1 000 000) in plain decimal, its first digit in the lowest byte, and its
    /// digit count: `storeBelowMillion` in a word, its count found the same way.
    @inline(__always)
    static func integerWord(_ value: UInt32) -> (word: UInt64, count: Int) {
        if value < 1000 {
            if value < 10 { return (UInt64(value &+ 0x30), 1) }
            if value < 100 { return (pairWord(value), 2) }
            return (UInt64(value / 100 &+ 0x30) | pairWord(value % 100) << 8, 3)
        }
        if value < 10000 { return (pairWord(value / 100) | pairWord(value % 100) << 16, 4) }
        let high = value / 10000
        let low = value &- high &* 10000
        if value < 100_000 {
            return (UInt64(high &+ 0x30) | pairWord(low / 100) << 8 | pairWord(low % 100) << 24, 5)
        }
        return (pairWord(high) | pairWord(low / 100) << 16 | pairWord(low % 100) << 32, 6)
    }

    /// The two digits of `r` (below 100) from the pair table `storePair` uses, the first in
    /// the lower byte.
    @inline(__always)
    static func pairWord(_ r: UInt32) -> UInt64 {
        let pair = UnsafeRawPointer(digitPairs.utf8Start + Int(truncatingIfNeeded: r &* 2))
        return UInt64(UInt16(littleEndian: pair.loadUnaligned(as: UInt16.self)))
    }
}
