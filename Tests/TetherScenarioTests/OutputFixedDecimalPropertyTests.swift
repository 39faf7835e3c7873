import Testing
import TetherTestSupport
@testable import TetherScenario

/// The fast number formatter against `ReferenceDecimal`, the same rule written the slow way, on
/// seeded values chosen where a fast path could slip: decimal halfway cases and their binary
/// neighbours, exact binary ties, the edge of the fast path (|x·10^d| = 9·10^15), huge and tiny
/// magnitudes, every exponent, negative zero and non-finite values. About a million cases in a
/// debug build (a few seconds); `swift test -c release` checks ten times as many.
@Suite struct OutputFixedDecimalPropertyTests {
    #if DEBUG
    static let scale = 1
    #else
    static let scale = 10
    #endif

    /// The decimal counts the writers use, and others the API allows.
    static let decimalCounts = [0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 15, 22]

    func fast(_ value: Double, _ decimals: Int) -> String {
        var bytes: [UInt8] = []
        FixedDecimal.append(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Compares fast and reference text for every case, and counts the cases. One `#expect` per
    /// case would dominate the run time; the first few disagreements are listed instead.
    struct Comparison {
        var checked = 0
        var disagreements: [String] = []

        mutating func check(_ value: Double, decimals: Int, fast: String) {
            checked += 1
            let expected = ReferenceDecimal.text(value, decimals: decimals)
            if fast != expected && disagreements.count < 5 {
                disagreements.append("\(value) with \(decimals) decimals: \(fast), expected \(expected)")
            }
        }
    }

    func compare(_ body: (inout Comparison) -> Void) -> Comparison {
        var comparison = Comparison()
        body(&comparison)
        #expect(comparison.disagreements.isEmpty, "\(comparison.disagreements)")
        return comparison
    }

    /// Halfway between two d-decimal numbers as the nearest double, both of its neighbours, and
    /// the same negated: the values where rounding decides.
    @Test func halfwayCasesAndTheirNeighbours() {
        var random = SplitMix64(seed: 0x4841_4C46)
        let comparison = compare { comparison in
            for decimals in Self.decimalCounts where decimals <= 15 {
                let scale = ReferenceDecimal.pow10(decimals)
                for _ in 0..<(6_000 * Self.scale) {
                    // k up to 10^(15 − decimals) keeps k + ½ on the fast path, and spans magnitudes.
                    let digits = 1 + random.below(15 - decimals + 1)
                    let k = Double(random.next() % UInt64(ReferenceDecimal.pow10(digits)))
                    let halfway = (k + 0.5) / scale
                    for value in [halfway, halfway.nextUp, halfway.nextDown] {
                        for signed in [value, -value] {
                            comparison.check(signed, decimals: decimals, fast: fast(signed, decimals))
                        }
                    }
                }
            }
        }
        #expect(comparison.checked == 11 * 6_000 * Self.scale * 6)
    }

    /// Odd multiples of 2^−(d+1) are exactly halfway at d decimals (the only exact ties a double
    /// can hold); they round away from zero.
    @Test func exactBinaryTiesRoundAwayFromZero() {
        var random = SplitMix64(seed: 0x5449_4553)
        var exactDisagreements = 0
        _ = compare { comparison in
            for decimals in [0, 1, 2, 3, 4, 5, 6] {
                for _ in 0..<(2_000 * Self.scale) {
                    let odd = Double(2 * (random.next() % 1_000_000) + 1)
                    let value = odd / Double(1 << (decimals + 1))
                    for signed in [value, -value] {
                        let text = fast(signed, decimals)
                        comparison.check(signed, decimals: decimals, fast: text)
                        // An exact tie: the product is exact, so the exact expansion agrees.
                        if ReferenceDecimal.exact(signed, decimals: decimals) != text { exactDisagreements += 1 }
                    }
                }
            }
        }
        #expect(exactDisagreements == 0)
        #expect(fast(0.5, 0) == "1")
        #expect(fast(-0.5, 0) == "-1")
        #expect(fast(0.0625, 3) == "0.063")
        #expect(fast(-0.0625, 3) == "-0.063")
    }

    /// Values of every size: uniform in typical ranges, random significands at every decimal
    /// exponent from 10^−30 to 10^30, and random bit patterns (any exponent, subnormals included).
    @Test func valuesOfEveryMagnitude() {
        var random = SplitMix64(seed: 0x4D41_474E)
        let comparison = compare { comparison in
            for round in 0..<(60_000 * Self.scale) {
                let value: Double
                switch round % 3 {
                case 0: value = random.uniform(-2e6, 2e6)
                case 1: value = random.uniform(-1, 1) * ReferenceDecimal.pow10(random.below(31)) / 1e15
                default:
                    // Random sign and significand; the exponent anywhere for one value in twenty
                    // (mostly huge or tiny, which the slow reference takes long to expand), else
                    // between 2^−70 and 2^70.
                    let bits = random.next()
                    let exponent = round % 60 == 2 ? random.below(2047) : 1023 - 70 + random.below(141)
                    value = Double(
                        sign: bits >> 63 == 0 ? .plus : .minus, exponentBitPattern: UInt(exponent),
                        significandBitPattern: bits & (1 << 52 - 1))
                }
                for decimals in [3, 6, Self.decimalCounts[random.below(Self.decimalCounts.count)]] {
                    comparison.check(value, decimals: decimals, fast: fast(value, decimals))
                }
            }
        }
        #expect(comparison.checked == 3 * 60_000 * Self.scale)
    }

    /// Three decimals below 1 000 000 take a short path of their own (the integer part in line,
    /// the point and the decimals as one word): every decimal ending with integer parts of each
    /// length, the neighbours of each value, both signs, and the short path's edge, where
    /// 999 999.9995 rounds up to seven integer digits.
    @Test func threeDecimalsShortPath() {
        let integers: [Double] = [0, 7, 42, 999, 1_000, 12_345, 99_999, 100_000, 543_210, 999_999, 1_000_000, 1_000_001]
        let comparison = compare { comparison in
            for integer in integers {
                for thousandths in 0..<1000 {
                    let value = integer + Double(thousandths) / 1000
                    for near in [value, value.nextUp, value.nextDown, value + 0.0005, (value + 0.0005).nextDown] {
                        for signed in [near, -near] {
                            comparison.check(signed, decimals: 3, fast: fast(signed, 3))
                        }
                    }
                }
            }
        }
        #expect(comparison.checked == 12 * 1000 * 5 * 2)
        #expect(fast(999_999.9995, 3) == "1000000.000")
        #expect(fast(-999_999.9994, 3) == "-999999.999")
    }

    /// A center's two numbers written in one call (`ByteCursor.put3`) read as the two numbers
    /// written one by one, for values on and off the short path, non-finite ones included.
    @Test func centerPairMatchesTheNumbersOneByOne() {
        var random = SplitMix64(seed: 0x5041_4952)
        let unusual: [Double] = [.nan, .infinity, -.infinity, -0.0, 1e300, -999_999.9995, 999_999.9994, -.leastNonzeroMagnitude]
        var room = [UInt8](repeating: 0, count: 2 * FixedDecimal.maxLength(decimals: 3) + 1)
        var disagreements: [String] = []
        for _ in 0..<(50_000 * Self.scale) {
            let pick = { (random: inout SplitMix64) -> Double in
                random.below(10) == 0 ? unusual[random.below(unusual.count)] : random.uniform(-2e6, 2e6)
            }
            let (x, y) = (pick(&random), pick(&random))
            let text = room.withUnsafeMutableBufferPointer { room in
                var cursor = ByteCursor(room.baseAddress!)
                cursor.put3(x, UInt8(ascii: ";"), y)
                return String(decoding: UnsafeBufferPointer(start: room.baseAddress!, count: cursor.position - room.baseAddress!), as: UTF8.self)
            }
            let expected = ReferenceDecimal.text(x, decimals: 3) + ";" + ReferenceDecimal.text(y, decimals: 3)
            if text != expected && disagreements.count < 5 { disagreements.append("\(x), \(y): \(text), expected \(expected)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// The three-decimal text built in two words (`FixedDecimal.threeDecimalWords`, for the
    /// coordinate tables' misses) is the reference text with zeros past it, for every count of
    /// integer digits, both signs, every ending of the decimals, the roundings that add a digit
    /// or take the sign away, and the edge of the short path; nil exactly past that edge.
    @Test func threeDecimalWordsHoldTheReferenceText() {
        var random = SplitMix64(seed: 0x574F_5244)
        var values: [Double] = [
            0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 9.9995, -9.9995, 99.9995, 999.9995, 9_999.9995,
            99_999.9995, -99_999.9995, 999_999.9994, -999_999.9994, 999_999.9995, -999_999.9995, 1e6, 1e300,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .nan, .infinity, -.infinity,
        ]
        for _ in 0..<(100_000 * Self.scale) {
            // Every count of integer digits from one to seven, and thousandths (and halves of
            // them, where rounding decides) with every ending.
            let whole = random.uniform(0, ReferenceDecimal.pow10(random.below(8)))
            let thousandths = (whole * 1000).rounded(.down) + [0, 0.5, 0.25][random.below(3)]
            let value = thousandths / 1000
            values += random.below(2) == 0 ? [value] : [-value, value.nextUp, value.nextDown]
        }
        var disagreements: [String] = []
        var built = 0
        for value in values {
            let expected = ReferenceDecimal.text(value, decimals: 3)
            guard let (words, count) = FixedDecimal.threeDecimalWords(value) else {
                // Only past the short path's edge, as `store3InLine`.
                if (value * 1000).magnitude < 999_999_999.5, disagreements.count < 5 {
                    disagreements.append("\(value): not built, expected \(expected)")
                }
                continue
            }
            built += 1
            let bytes = withUnsafeBytes(of: words) { Array($0) }
            let text = String(decoding: bytes.prefix(count), as: UTF8.self)
            if text != expected || bytes.dropFirst(count).contains(where: { $0 != 0 }), disagreements.count < 5 {
                disagreements.append("\(value): \(bytes) (\(count) bytes), expected \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(built > values.count / 2)
        #expect(FixedDecimal.threeDecimalWords(-999_999.9994)?.count == 11)
    }

    /// Where the fast path ends (|x·10^d| = 9·10^15) and just past it, where the exact path takes over.
    @Test func theEdgeOfTheFastPath() {
        for decimals in Self.decimalCounts {
            let edge = 9e15 / ReferenceDecimal.pow10(decimals)
            var value = edge
            for _ in 0..<200 { value = value.nextDown }
            _ = compare { comparison in
                for _ in 0..<400 {
                    for signed in [value, -value] {
                        comparison.check(signed, decimals: decimals, fast: fast(signed, decimals))
                    }
                    value = value.nextUp
                }
            }
        }
    }

    @Test func specialValues() {
        let values: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 1, -1, 0.1, 0.7, 1e-300, 1e300,
            9007199254740992, 9007199254740994, 4503599627370495.5, .nan, .infinity, -.infinity, -0.0004, -0.0005,
        ]
        _ = compare { comparison in
            for value in values {
                for decimals in Self.decimalCounts + [23, 25, 30] {
                    comparison.check(value, decimals: decimals, fast: fast(value, decimals))
                }
            }
        }
        #expect(fast(-0.0, 3) == "0.000")
        #expect(fast(-0.0004, 3) == "0.000")
        #expect(fast(1e300, 0).count == 301)
    }

    /// Beyond 22 decimals everything takes the exact path: compare it with the reference too.
    @Test func manyDecimalsUseTheExactExpansion() {
        var random = SplitMix64(seed: 0x4558_4143)
        _ = compare { comparison in
            for _ in 0..<300 {
                let value = random.uniform(-1, 1) * ReferenceDecimal.pow10(random.below(12))
                let decimals = 23 + random.below(20)
                comparison.check(value, decimals: decimals, fast: fast(value, decimals))
            }
        }
    }

    /// Integers against the standard library's own printing, across all sizes and both extremes.
    @Test func integersMatchTheStandardLibrary() {
        var random = SplitMix64(seed: 0x494E_5453)
        var values = [0, 1, -1, 9, 10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        values += Array(-1_000...120_000)  // indexes the writers put in line, and their edges
        values += Array(stride(from: 120_001, through: 1_010_000, by: 7))  // up to the in-line path's end, and past it
        for _ in 0..<(100_000 * Self.scale) {
            let bits = Int(bitPattern: UInt(random.next()))
            values.append(bits >> random.below(64))  // every digit count, both signs
        }
        for power in 0...18 {
            let p = Int(ReferenceDecimal.pow10(power))
            values += [p - 1, p, p + 1, -p + 1, -p, -p - 1]
        }
        let disagreements = values.filter { value in
            var bytes: [UInt8] = []
            FixedDecimal.append(value, to: &bytes)
            return String(decoding: bytes, as: UTF8.self) != String(value)
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// The writers' buffer and a plain array get the same text, one number after another.
    @Test func outputBufferMatchesArrays() {
        var random = SplitMix64(seed: 0x4255_4646)
        var buffer = OutputBuffer(capacity: 16)
        var array: [UInt8] = []
        for _ in 0..<(20_000 * Self.scale) {
            let value = random.uniform(-1e7, 1e7)
            let decimals = Self.decimalCounts[random.below(Self.decimalCounts.count)]
            FixedDecimal.append(value, decimals: decimals, into: &buffer)
            FixedDecimal.append(value, decimals: decimals, to: &array)
            let integer = Int(bitPattern: UInt(random.next())) >> random.below(64)
            FixedDecimal.append(integer, into: &buffer)
            FixedDecimal.append(integer, to: &array)
        }
        #expect(buffer.withBytes { Array($0) } == array)
    }
}
