import TetherJSON

/// Fixed-decimal number text for the writers, e.g. `12.500`.
///
/// Output files are diffed byte for byte against goldens, so the text must depend only on
/// the value, never on locale or on how a platform's `printf` rounds. It is also the hot
/// loop of every writer, so the digits are computed with integer arithmetic and stored
/// straight into the destination (their count is known first), two at a time from a table.
public enum FixedDecimal {
    /// Scaled magnitudes up to this stay exact in both `Double` and `Int64`; larger ones
    /// take the slow exact path.
    static let fastLimit = 9e15

    /// Appends `value` with exactly `decimals` digits after the point.
    ///
    /// Rounds `value × 10^decimals` half away from zero. A result that rounds to zero gets
    /// no minus sign, so `-0.0001` is `0.000` and sign noise never shows up as a diff.
    /// Non-finite values are the caller's bug; they print as `nan`, `inf` or `-inf`.
    public static func append(_ value: Double, decimals: Int, to buffer: inout [UInt8]) {
        append(value, decimals: decimals, into: &buffer)
    }

    /// Appends an integer in plain decimal.
    public static func append(_ value: Int, to buffer: inout [UInt8]) {
        append(value, into: &buffer)
    }

    /// `append(_:decimals:to:)` for any byte buffer. The text is built on the stack and copied;
    /// the writers' hot loops put numbers straight into their buffer (`ByteCursor.put`).
    public static func append<Buffer: ByteAppendable & ~Copyable>(
        _ value: Double, decimals: Int, into buffer: inout Buffer
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength(decimals: decimals)) { room in
            var cursor = ByteCursor(room.baseAddress!)
            cursor.put(value, decimals: decimals)
            buffer.append(bytes: UnsafeRawBufferPointer(start: room.baseAddress!, count: cursor.position - room.baseAddress!))
        }
    }

    /// `append(_:to:)` for any byte buffer.
    public static func append<Buffer: ByteAppendable & ~Copyable>(_ value: Int, into buffer: inout Buffer) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxIntegerLength) { room in
            var cursor = ByteCursor(room.baseAddress!)
            cursor.put(value)
            buffer.append(bytes: UnsafeRawBufferPointer(start: room.baseAddress!, count: cursor.position - room.baseAddress!))
        }
    }

    /// The longest text of a value with `decimals` decimals: a sign, the 309 integer digits of
    /// `Double.greatestFiniteMagnitude`, the point and the decimals.
    @inline(__always)
    public static func maxLength(decimals: Int) -> Int { 311 + decimals }

    /// The longest text of an `Int`: a sign and 19 digits.
    public static var maxIntegerLength: Int { 20 }

    /// `value × 10^decimals` rounded half away from zero, when the fast path can represent it
    /// exactly; nil for non-finite values and for magnitudes that need `ExactDecimal`.
    @inline(__always)
    static func roundedScaled(_ value: Double, decimals: Int) -> Int64? {
        // 10^22 is the largest power of ten a Double holds exactly. NaN fails the comparison.
        guard decimals <= 22 else { return nil }
        let scaled = value * powerOfTen(decimals)
        guard scaled.magnitude <= fastLimit else { return nil }
        // `scaled.rounded(.toNearestOrAwayFromZero)` without the libm call: below 2^53
        // the fractional part `scaled − trunc(scaled)` is exact, so this is the same rounding.
        var n = Int64(scaled)
        let fraction = scaled - Double(n)
        if fraction >= 0.5 { n &+= 1 } else if fraction <= -0.5 { n &-= 1 }  // |n| < 2^53: no overflow
        return n
    }

    /// Stores `magnitude / 10^decimals` with exactly `decimals` decimals (at least one integer
    /// digit), minus sign first when `negative` and the magnitude is not zero; returns the end.
    /// The length is counted first, so the digits go right to left straight into their place.
    @inline(__always)
    static func store(
        _ magnitude: UInt64, negative: Bool, decimals: Int, at start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let signed = negative && magnitude != 0
        let digits = max(decimalDigitCount(magnitude), decimals &+ 1)
        let stop = start + ((signed ? 1 : 0) &+ digits &+ (decimals > 0 ? 1 : 0))
        var end = stop
        var m = magnitude
        var left = decimals
        while left >= 2 {
            end -= 2
            storePair(Int(truncatingIfNeeded: m % 100), at: end)
            m /= 100
            left &-= 2
        }
        if left == 1 {
            end -= 1
            end[0] = UInt8(truncatingIfNeeded: m % 10) &+ 0x30
            m /= 10
        }
        if decimals > 0 {
            end -= 1
            end[0] = UInt8(ascii: ".")
        }
        while m >= 100 {
            end -= 2
            storePair(Int(truncatingIfNeeded: m % 100), at: end)
            m /= 100
        }
        if m >= 10 {
            storePair(Int(truncatingIfNeeded: m), at: end - 2)
        } else {
            end[-1] = UInt8(truncatingIfNeeded: m) &+ 0x30  // the leading digit, or the 0 of "0.xyz"
        }
        if signed { start[0] = UInt8(ascii: "-") }
        return stop
    }

    /// Huge magnitudes (`ExactDecimal`) and non-finite values, out of the hot path: the text
    /// is built in an array and copied to `start`, which has room for `maxLength(decimals:)`.
    @inline(never)
    static func storeUnusual(_ value: Double, decimals: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var text: [UInt8] = []
        if value.isFinite {
            ExactDecimal.append(value, decimals: decimals, to: &text)
        } else {
            text = Array((value.isNaN ? "nan" : value < 0 ? "-inf" : "inf").utf8)
        }
        precondition(text.count <= maxLength(decimals: decimals), "number text longer than its bound")
        start.update(from: text, count: text.count)
        return start + text.count
    }

    /// The two ASCII digits of `r` (0 ≤ r < 100) at `destination`, from a table.
    @inline(__always)
    static func storePair(_ r: Int, at destination: UnsafeMutablePointer<UInt8>) {
        let pair = digitPairs.utf8Start + (r &* 2)
        destination[0] = pair[0]
        destination[1] = pair[1]
    }

    /// "00", "01", …, "99" one after the other: the two digits of `r` start at byte `2·r`.
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Digits of `m` in decimal, 0 for 0: the bit length times log10 2 (1233/4096) guesses
    /// low by at most one, and one comparison with a power of ten settles it.
    @inline(__always)
    static func decimalDigitCount(_ m: UInt64) -> Int {
        let guess = ((64 &- m.leadingZeroBitCount) &* 1233) >> 12
        return guess &+ (m >= integerPowersOfTen[guess] ? 1 : 0)
    }

    /// 10^0 … 10^19 (a constant table: the compiler lays it out statically).
    static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// 10^n for 0 ≤ n ≤ 22, exact: every intermediate product is an integer below 2^53 · 2^n.
    @inline(__always)
    static func powerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100000
        case 6: 1000000
        default:
            (0..<n).reduce(1.0) { p, _ in p * 10 }
        }
    }
}

extension FixedDecimal {
    /// `value` with `decimals` decimals at `start`, which has room for `maxLength(decimals:)`;
    /// returns the end.
    @inline(__always)
    static func store(_ value: Double, decimals: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        precondition(decimals >= 0, "negative decimal count")
        guard let n = roundedScaled(value, decimals: decimals) else {
            return storeUnusual(value, decimals: decimals, at: start)
        }
        return store(n.magnitude, negative: n < 0, decimals: decimals, at: start)
    }

    // The writers' decimal counts (3 for lengths and alpha, 6 for time and angle) and integers
    // are compiled as functions of their own: with the count a constant the digit loops
    // unroll, and a caller as large as a row writer does not exhaust the compiler's inlining
    // budget on them.

    /// Three decimals, the writers' most frequent number (every center coordinate): below
    /// 1 000 000 (every coordinate of a bundled scene) the integer part is written with 32-bit
    /// arithmetic and no loops, and the point and the three decimals with no division, in
    /// about half the instructions of the general path, which takes the rest.
    @inline(never)
    static func store3(_ value: Double, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        store3InLine(value, at: start)
    }

    /// `x`, `separator` and `y`, each with three decimals (a center: both are always written
    /// together), in one call.
    @inline(never)
    static func store3Pair(
        _ x: Double, _ separator: UInt8, _ y: Double, at start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let middle = store3InLine(x, at: start)
        middle[0] = separator
        return store3InLine(y, at: middle + 1)
    }

    @inline(__always)
    static func store3InLine(_ value: Double, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        // Rounding half away from zero is symmetric, so the magnitude is rounded and the sign
        // put back. Below 10^9 − ½ the rounded magnitude fits 32 bits and `magnitude − n` is
        // exact; NaN fails the comparison and takes the general path with everything else.
        let magnitude = (value * 1000).magnitude
        guard magnitude < 999_999_999.5 else { return store(value, decimals: 3, at: start) }
        var n = UInt32(magnitude)
        if magnitude - Double(n) >= 0.5 { n &+= 1 }
        var end = start
        if value < 0 && n != 0 {  // a value that rounds to zero gets no sign
            end[0] = UInt8(ascii: "-")
            end += 1
        }
        let integer = n / 1000
        let fraction = n &- integer &* 1000
        end = storeBelowMillion(integer, at: end)
        storePointAndThreeDigits(fraction, at: end)
        return end + 4
    }

    /// ".ddd" for `fraction` below 1000 at `start`: the hundreds by multiplication and shift
    /// (f·41 >> 12 is f / 100 for f < 1000), the last two digits from the pair table.
    @inline(__always)
    static func storePointAndThreeDigits(_ fraction: UInt32, at start: UnsafeMutablePointer<UInt8>) {
        let hundreds = (fraction &* 41) >> 12
        start[0] = UInt8(ascii: ".")
        start[1] = UInt8(truncatingIfNeeded: hundreds) &+ 0x30
        storePair(Int(truncatingIfNeeded: fraction &- hundreds &* 100), at: start + 2)
    }

    /// `value` (below 1 000 000) in plain decimal at `start`, from the pair table; returns the end.
    /// The digit count is found by halves (below 1000 or not first), so the four-digit indexes
    /// of a large list take two comparisons, not four as in a chain from the smallest count.
    @inline(__always)
    static func storeBelowMillion(_ value: UInt32, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if value < 1000 {
            if value < 10 {
                start[0] = UInt8(truncatingIfNeeded: value) &+ 0x30
                return start + 1
            }
            if value < 100 {
                storePair(Int(truncatingIfNeeded: value), at: start)
                return start + 2
            }
            start[0] = UInt8(truncatingIfNeeded: value / 100) &+ 0x30
            storePair(Int(truncatingIfNeeded: value % 100), at: start + 1)
            return start + 3
        }
        if value < 10000 {
            storePair(Int(truncatingIfNeeded: value / 100), at: start)
            storePair(Int(truncatingIfNeeded: value % 100), at: start + 2)
            return start + 4
        }
        let high = value / 10000
        let low = value &- high &* 10000
        if value < 100_000 {
            start[0] = UInt8(truncatingIfNeeded: high) &+ 0x30
            storePair(Int(truncatingIfNeeded: low / 100), at: start + 1)
            storePair(Int(truncatingIfNeeded: low % 100), at: start + 3)
            return start + 5
        }
        storePair(Int(truncatingIfNeeded: high), at: start)
        storePair(Int(truncatingIfNeeded: low / 100), at: start + 2)
        storePair(Int(truncatingIfNeeded: low % 100), at: start + 4)
        return start + 6
    }

    @inline(never)
    static func store6(_ value: Double, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        store(value, decimals: 6, at: start)
    }

    @inline(never)
    static func storeAnyDecimals(_ value: Double, decimals: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        store(value, decimals: decimals, at: start)
    }

    @inline(never)
    static func store(_ value: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        store(UInt64(value.magnitude), negative: value < 0, decimals: 0, at: start)
    }
}

extension ByteCursor {
    /// `value` as `FixedDecimal` writes it; needs room for `FixedDecimal.maxLength(decimals:)`.
    @inline(__always)
    public mutating func put(_ value: Double, decimals: Int) {
        switch decimals {
        case 3: position = FixedDecimal.store3(value, at: position)
        case 6: position = FixedDecimal.store6(value, at: position)
        default: position = FixedDecimal.storeAnyDecimals(value, decimals: decimals, at: position)
        }
    }

    /// `x`, `separator` and `y` with three decimals each; needs room for two
    /// `FixedDecimal.maxLength(decimals: 3)` and the separator.
    @inline(__always)
    public mutating func put3(_ x: Double, _ separator: UInt8, _ y: Double) {
        position = FixedDecimal.store3Pair(x, separator, y, at: position)
    }

    /// `value` in plain decimal; needs room for `FixedDecimal.maxIntegerLength`. Indexes below
    /// 1 000 000 (every section, every item of the bundled scenes) are written in line.
    @inline(__always)
    public mutating func put(_ value: Int) {
        if UInt(bitPattern: value) < 1_000_000 {
            position = FixedDecimal.storeBelowMillion(UInt32(truncatingIfNeeded: value), at: position)
        } else {
            position = FixedDecimal.store(value, at: position)
        }
    }
}
