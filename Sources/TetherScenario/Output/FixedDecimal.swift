import TetherJSON

/// Fixed-decimal number text for the writers, e.g. `12.500`.
///
/// Output files are diffed byte for byte against goldens, so the text must depend only on
/// the value, never on locale or on how a platform's `printf` rounds. It is also the hot
/// loop of every writer, so digits come from integer arithmetic on the stack, not from
/// `String(format:)` or Foundation formatters.
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

    /// `append(_:decimals:to:)` for any byte buffer (the writers use `OutputBuffer`).
    @inline(__always)
    public static func append<Buffer: ByteAppendable & ~Copyable>(
        _ value: Double, decimals: Int, into buffer: inout Buffer
    ) {
        precondition(decimals >= 0, "negative decimal count")
        guard value.isFinite else {
            appendNonFinite(value, to: &buffer)
            return
        }
        if decimals <= 22 {  // 10^22 is the largest power of ten a Double holds exactly
            let scaled = value * powerOfTen(decimals)
            if scaled.magnitude <= fastLimit {
                // `scaled.rounded(.toNearestOrAwayFromZero)` without the libm call: below 2^53
                // the fractional part `scaled − trunc(scaled)` is exact, so this is the same rounding.
                var n = Int64(scaled)
                let fraction = scaled - Double(n)
                if fraction >= 0.5 { n += 1 } else if fraction <= -0.5 { n -= 1 }
                appendScaled(n, decimals: decimals, to: &buffer)
                return
            }
        }
        ExactDecimal.append(value, decimals: decimals, to: &buffer)
    }

    /// `append(_:to:)` for any byte buffer.
    @inline(__always)
    public static func append<Buffer: ByteAppendable & ~Copyable>(_ value: Int, into buffer: inout Buffer) {
        let negative = value < 0
        var n = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { tmp in
            var i = 24
            repeat {
                i -= 1
                tmp[i] = UInt8(truncatingIfNeeded: n % 10) &+ 0x30
                n /= 10
            } while n != 0
            if negative {
                i -= 1
                tmp[i] = UInt8(ascii: "-")
            }
            buffer.append(bytes: UnsafeRawBufferPointer(start: tmp.baseAddress! + i, count: 24 - i))
        }
    }

    /// Writes `n / 10^decimals` with the point placed by digit counting, so no `10^decimals`
    /// integer is needed. Digits are produced right to left into a stack buffer, two per
    /// division where possible (that halves the dependent divide chain).
    @inline(__always)
    static func appendScaled<Buffer: ByteAppendable & ~Copyable>(_ n: Int64, decimals: Int, to buffer: inout Buffer) {
        let capacity = 48  // 22 decimals + point + 16 integer digits + sign, with room
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        let pair = pairs.utf8Start
        var m = n.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { tmp in
            var i = capacity
            var left = decimals
            while left >= 2 {
                let r = Int(truncatingIfNeeded: m % 100)
                m /= 100
                i -= 2
                tmp[i] = pair[2 * r]
                tmp[i + 1] = pair[2 * r + 1]
                left -= 2
            }
            if left == 1 {
                i -= 1
                tmp[i] = UInt8(truncatingIfNeeded: m % 10) &+ 0x30
                m /= 10
            }
            if decimals > 0 {
                i -= 1
                tmp[i] = UInt8(ascii: ".")
            }
            let integerEnd = i
            while m >= 10 {
                let r = Int(truncatingIfNeeded: m % 100)
                m /= 100
                i -= 2
                tmp[i] = pair[2 * r]
                tmp[i + 1] = pair[2 * r + 1]
            }
            if m > 0 || i == integerEnd {  // the leading digit, or the 0 of "0.xyz"
                i -= 1
                tmp[i] = UInt8(truncatingIfNeeded: m) &+ 0x30
            }
            if n < 0 {
                i -= 1
                tmp[i] = UInt8(ascii: "-")
            }
            buffer.append(bytes: UnsafeRawBufferPointer(start: tmp.baseAddress! + i, count: capacity - i))
        }
    }

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

    static func appendNonFinite<Buffer: ByteAppendable & ~Copyable>(_ value: Double, to buffer: inout Buffer) {
        if value.isNaN {
            buffer.appendStatic("nan")
        } else {
            if value < 0 { buffer.appendStatic("-inf") } else { buffer.appendStatic("inf") }
        }
    }
}
