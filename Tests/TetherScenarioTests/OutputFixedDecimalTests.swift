import Testing
@testable import TetherScenario
import TetherTestSupport

@Suite struct OutputFixedDecimalTests {
    func text(_ value: Double, _ decimals: Int) -> String {
        var buffer: [UInt8] = []
        FixedDecimal.append(value, decimals: decimals, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    func text(_ value: Int) -> String {
        var buffer: [UInt8] = []
        FixedDecimal.append(value, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test(arguments: [
        (12.5, 3, "12.500"),
        (0, 3, "0.000"),
        (-0.0, 3, "0.000"),
        (0.0005, 3, "0.001"),
        (-0.0005, 3, "-0.001"),
        (-0.0004, 3, "0.000"),
        (-0.0001, 3, "0.000"),
        (-1.5, 3, "-1.500"),
        (123456.78949, 3, "123456.789"),
        (123456.7895, 3, "123456.790"),
        (0.1, 6, "0.100000"),
        (1.0 / 60, 6, "0.016667"),
        (-3.14159265, 6, "-3.141593"),
        (2.5, 0, "3"),
        (-2.5, 0, "-3"),
        (0.4, 0, "0"),
        (-0.4, 0, "0"),
        (999.9995, 3, "1000.000"),
        // Each length of integer part on the short path of 3 decimals, and both sides of its end.
        (7.25, 3, "7.250"),
        (-42.125, 3, "-42.125"),
        (9999.875, 3, "9999.875"),
        (-12345.5, 3, "-12345.500"),
        (99999.999, 3, "99999.999"),
        (99999.99951, 3, "100000.000"),
        (100000, 3, "100000.000"),
        (-100000.001, 3, "-100000.001"),
        (1e-9, 3, "0.000"),
        (8_999_999_999_999.998, 3, "8999999999999.998"),
    ] as [(Double, Int, String)])
    func roundingTable(value: Double, decimals: Int, expected: String) {
        #expect(text(value, decimals) == expected)
    }

    /// Past 9e15 after scaling the exact path takes over: still plain digits, no exponent.
    @Test(arguments: [
        (1e16, 3, "10000000000000000.000"),
        (1e20, 0, "100000000000000000000"),
        (1.5e16, 0, "15000000000000000"),
        (123456789012.3456, 6, "123456789012.345596"),
        (-2.5e15, 3, "-2500000000000000.000"),
        (9007199254740992.0, 2, "9007199254740992.00"),
        (0.1, 25, "0.1000000000000000055511151"),
        (Double.leastNonzeroMagnitude, 30, "0.000000000000000000000000000000"),
    ] as [(Double, Int, String)])
    func bigValuesUseTheExactPath(value: Double, decimals: Int, expected: String) {
        #expect(text(value, decimals) == expected)
    }

    @Test func hugeValuesPrintEveryDigit() {
        let expected = "-1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.000"
        #expect(text(-1e300, 3) == expected)
        #expect(text(Double.greatestFiniteMagnitude, 3).count == 309 + 4)
        #expect(!text(Double.greatestFiniteMagnitude, 3).contains("e"))
    }

    @Test func nonFiniteIsWrittenDefensively() {
        #expect(text(.nan, 3) == "nan")
        #expect(text(.infinity, 3) == "inf")
        #expect(text(-.infinity, 3) == "-inf")
    }

    @Test func integers() {
        #expect(text(0) == "0")
        #expect(text(42) == "42")
        #expect(text(-7) == "-7")
        #expect(text(Int.max) == "9223372036854775807")
        #expect(text(Int.min) == "-9223372036854775808")
    }

    /// The fast and exact paths agree except where the scaled value sits right at a tie,
    /// where the fast path's `value × 1000` rounding may legitimately decide differently.
    @Test func fastAndExactPathsAgree() {
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        var disagreements = 0
        for _ in 0..<20_000 {
            let value = (random.unit() - 0.5) * 2e6
            var fast: [UInt8] = []
            var exact: [UInt8] = []
            FixedDecimal.append(value, decimals: 3, to: &fast)
            ExactDecimal.append(value, decimals: 3, to: &exact)
            if fast != exact {
                let scaled = (value * 1000).magnitude
                #expect((scaled - scaled.rounded(.down) - 0.5).magnitude < 1e-6)
                disagreements += 1
            }
        }
        #expect(disagreements < 5)
    }

    /// The String forms the rest of Tether prints with are the writers' bytes; the trimmed form
    /// drops trailing zeros and a bare point, never the digits of an integer.
    @Test func textFormsAreTheWritersBytes() {
        for value in [2.0625, -2.0625, 0.00049, -0.0001, 123456.7895, 1e16 + 2] {
            #expect(FixedDecimal.text(value, decimals: 3) == text(value, 3))
        }
        #expect(FixedDecimal.text(2.0625, decimals: 3) == "2.063")
        #expect(FixedDecimal.trimmedText(12.5, decimals: 4) == "12.5")
        #expect(FixedDecimal.trimmedText(-0.00001, decimals: 4) == "0")
        #expect(FixedDecimal.trimmedText(3, decimals: 2) == "3")
        #expect(FixedDecimal.trimmedText(100, decimals: 0) == "100")
        #expect(FixedDecimal.trimmedText(100, decimals: 2) == "100")
    }
}
