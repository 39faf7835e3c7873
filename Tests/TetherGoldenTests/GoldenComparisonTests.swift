import Testing
@testable import TetherGolden
import TetherScenario
import TetherScenarioTestSupport
import TetherTestSupport

@Suite struct GoldenComparisonTests {
    /// A golden from the real CSV writer: 3 frames × (viewport, header, 4 cells, item) rows.
    func golden() throws -> [Substring] {
        let bytes = try render(.csv, header: OutputHeader(scenario: "s", hz: 60), frames: sampleFrames())
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    func file(_ lines: [Substring]) -> String {
        lines.joined(separator: "\n") + "\n"
    }

    /// Replaces one field of a line.
    func edit(_ line: Substring, column: Int, to text: String) -> Substring {
        var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[column] = text
        return Substring(fields.joined(separator: ","))
    }

    @Test func identicalFilesMatch() throws {
        let lines = try golden()
        let c = GoldenComparison.compare(expected: file(lines), actual: file(lines))
        #expect(c.isMatch)
        #expect(c.first == nil)
        #expect(describe(c, scenario: "s", goldenPath: "golden/s.csv") == "scenario s matches golden/s.csv")
    }

    @Test func oneChangedNumberIsNamedPrecisely() throws {
        let lines = try golden()
        var changed = lines
        // Line 12 of the file: frame 1's viewport is line 9, then header, cells 0.0, 0.1.
        #expect(changed[11].hasPrefix("1,0.016667,0,1,cell,"))
        changed[11] = edit(changed[11], column: 6, to: "415.500")
        let c = GoldenComparison.compare(expected: file(lines), actual: file(changed))
        #expect(!c.isMatch)
        #expect(c.differingRows == 1)
        #expect(c.missingRows == 0 && c.extraRows == 0)
        let first = try #require(c.first)
        #expect(first == GoldenDifference(
            frame: 1, element: "cell 0.1", column: "center_y", expected: "108.250", actual: "415.500", line: 12))
        #expect(c.maxAbsoluteDifference == 415.5 - 108.25)
        #expect(describe(c, scenario: "s", goldenPath: "golden/s.csv") == """
            scenario s does not match golden/s.csv
            first difference: frame 1, cell 0.1, center_y: expected 108.250, actual 415.500 (line 12)
            1 row differs, 0 missing, 0 extra; largest difference 307.25
            """)
    }

    /// A golden holding `nan` differs without a size: the report says so instead of claiming a
    /// largest difference of 0.
    @Test func aValueThatIsNotANumberIsCountedNotMeasured() throws {
        let lines = try golden()
        var broken = lines
        broken[11] = edit(broken[11], column: 6, to: "nan")
        for tolerance in [0.0, 0.5] {
            let c = GoldenComparison.compare(expected: file(broken), actual: file(lines), tolerance: tolerance)
            #expect(c.differingRows == 1)
            #expect(c.numericDifferences == 0)
            #expect(c.nonNumericDifferences == 1)
            let text = describe(c, scenario: "s", goldenPath: "g")
            #expect(text.contains("expected nan, actual 108.250"))
            #expect(text.contains("1 row differs, 0 missing, 0 extra; 1 value is not a number on one side (no size)"))
            #expect(!text.contains("largest difference"))
        }
        // With a measurable difference too, both are reported.
        broken[12] = edit(broken[12], column: 5, to: "161.000")
        let both = describe(GoldenComparison.compare(expected: file(broken), actual: file(lines)), scenario: "s", goldenPath: "g")
        #expect(both.contains("2 rows differ, 0 missing, 0 extra; largest difference 1; 1 value is not a number on one side (no size)"))
    }

    @Test func everyDifferingRowCountsOnceAndTheFirstIsInFileOrder() throws {
        let lines = try golden()
        var changed = lines
        changed[20] = edit(changed[20], column: 9, to: "0.5")
        changed[20] = edit(changed[20], column: 10, to: "0.2")
        changed[3] = edit(changed[3], column: 11, to: "7")
        let c = GoldenComparison.compare(expected: file(lines), actual: file(changed))
        #expect(c.differingRows == 2)
        #expect(c.first?.line == 4)
        #expect(c.first?.column == "z_index")
    }

    @Test func missingAndExtraRows() throws {
        let lines = try golden()
        var changed = lines
        changed.remove(at: 5)  // frame 0, cell 0.2
        changed.insert("2,0.033333,0,9,cell,1.000,2.000,3.000,4.000,0.000000,1.000,0", at: 20)
        let c = GoldenComparison.compare(expected: file(lines), actual: file(changed))
        #expect(c.missingRows == 1)
        #expect(c.extraRows == 1)
        #expect(c.differingRows == 0)
        #expect(c.first == GoldenDifference(
            frame: 0, element: "cell 0.2", column: "row", expected: "present", actual: "missing", line: 6))
        let report = describe(c, scenario: "s", goldenPath: "g.csv")
        #expect(report.contains("0 rows differ, 1 missing, 1 extra"))
        #expect(!report.contains("largest"))

        let extraFirst = GoldenComparison.compare(expected: file(changed), actual: file(lines))
        #expect(extraFirst.first == GoldenDifference(
            frame: 0, element: "cell 0.2", column: "row", expected: "missing", actual: "present", line: 6))
    }

    @Test func truncatedActualReportsEveryRemainingRowMissing() throws {
        let lines = try golden()
        let c = GoldenComparison.compare(expected: file(lines), actual: file(Array(lines.prefix(8))))
        #expect(c.missingRows == lines.count - 8)
        #expect(c.first?.frame == 1 && c.first?.element == "viewport")
        #expect(c.first?.line == 9)
    }

    @Test func toleranceAcceptsSmallNumericDifferences() throws {
        let lines = try golden()
        var changed = lines
        changed[4] = edit(changed[4], column: 5, to: "160.001")
        changed[9] = edit(changed[9], column: 1, to: "0.016666")
        let exact = GoldenComparison.compare(expected: file(lines), actual: file(changed))
        #expect(exact.differingRows == 2)
        let loose = GoldenComparison.compare(expected: file(lines), actual: file(changed), tolerance: 0.0015)
        #expect(loose.isMatch)
        let tight = GoldenComparison.compare(expected: file(lines), actual: file(changed), tolerance: 0.0005)
        #expect(tight.differingRows == 1)
        #expect(tight.first?.column == "center_x")
        #expect(describe(tight, scenario: "s", goldenPath: "g").hasSuffix("largest difference 0.001 (tolerance 0.0005)"))
        // Text-exact means text: "160.0" is not "160.000" without a tolerance.
        changed = lines
        changed[4] = edit(changed[4], column: 5, to: "160.0")
        #expect(GoldenComparison.compare(expected: file(lines), actual: file(changed)).differingRows == 1)
        #expect(GoldenComparison.compare(expected: file(lines), actual: file(changed), tolerance: 1e-9).isMatch)
    }

    @Test func headerMismatch() throws {
        let lines = try golden()
        var changed = lines
        changed[0] = "frame,time,section,item,kind,x,y,width,height,angle,alpha,z_index"
        let c = GoldenComparison.compare(expected: file(lines), actual: file(changed))
        #expect(!c.isMatch)
        #expect(c.headerMismatch?.contains("actual \"frame,time,section,item,kind,x,y,") == true)
        #expect(c.differingRows == 0)
        #expect(describe(c, scenario: "s", goldenPath: "g").contains("\nheader differs: expected \"frame,time,"))
        let empty = GoldenComparison.compare(expected: file(lines), actual: "")
        #expect(empty.headerMismatch?.hasSuffix("actual an empty file") == true)
        #expect(empty.missingRows == lines.count - 1)
    }

    @Test func malformedGoldenLinesAreDifferencesNotCrashes() throws {
        let lines = try golden()
        var broken = lines
        broken[2] = "garbage"
        broken[5] = edit(broken[5], column: 4, to: "widget")
        broken[7] = "1,2,3"
        broken.insert("", at: 10)
        broken.insert(",,,,,,,,,,,", at: 12)
        broken.insert("99999999999999999999,0,0,0,cell,a,b,c,d,e,f,g", at: 14)
        let c = GoldenComparison.compare(expected: file(broken), actual: file(lines))
        #expect(!c.isMatch)
        #expect(c.malformedLines == 6)
        #expect(c.first == GoldenDifference(
            frame: -1, element: "?", column: "malformed golden line", expected: "garbage",
            actual: String(lines[2]), line: 3))
        // The rows the broken lines stood for show up as extra, everything else still matches.
        #expect(c.extraRows == 3)
        #expect(c.differingRows == 0)
        let report = describe(c, scenario: "s", goldenPath: "g")
        #expect(report.contains("first difference: malformed golden line 3: \"garbage\""))
        #expect(report.contains("6 malformed lines"))

        // And the other way round, plus garbage numbers in value columns.
        var badActual = lines
        badActual[4] = edit(badActual[4], column: 6, to: "NaNx")
        badActual[6] = "\u{0}\u{FF}\r"
        let d = GoldenComparison.compare(expected: file(lines), actual: file(badActual), tolerance: 0.1)
        #expect(d.differingRows == 1)
        #expect(d.malformedLines == 1)
        #expect(d.missingRows == 1)
        #expect(d.first?.column == "center_y" && d.first?.actual == "NaNx")
    }

    /// `compare` has no error to throw: whatever the bytes, it returns a comparison in which lines
    /// that are not CSV rows are counted as malformed. Seeded inputs — CSV-ish bytes against their
    /// reverse, and a real golden against a copy with random bytes replaced and lines dropped —
    /// give counts the two files can hold, the same counts both ways round, a first difference
    /// exactly when a row or line differs, and a report that says so; a file against itself
    /// differs in no row.
    @Test func arbitraryBytesAlwaysGiveAConsistentComparison() throws {
        var random = SplitMix64(seed: 12345)
        let alphabet: [UInt8] = [
            UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "1"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "c"),
            0xFF, UInt8(ascii: "\r"),
        ]
        func lines(_ bytes: [UInt8]) -> Int { bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count }
        let golden = Array(file(try golden()).utf8)
        var seen = (differing: 0, missing: 0, malformed: 0, header: 0)
        for length in 0..<400 {
            let expected: [UInt8]
            let actual: [UInt8]
            if length < 200 {
                expected = (0..<length).map { _ in alphabet[random.below(alphabet.count)] }
                actual = Array(expected.reversed())
            } else {
                expected = golden
                var mutated = golden
                for _ in 0..<(1 + random.below(4)) { mutated[random.below(mutated.count)] = alphabet[random.below(alphabet.count)] }
                var kept = mutated.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                if random.below(2) == 0 { kept.remove(at: random.below(kept.count)) }
                actual = Array(kept.joined(separator: [UInt8(ascii: "\n")]))
            }
            let c = GoldenComparison.compare(expected: expected, actual: actual, tolerance: 0.5)
            let back = GoldenComparison.compare(expected: actual, actual: expected, tolerance: 0.5)
            let context = "input \(length)"
            if c.differingRows > 0 { seen.differing += 1 }
            if c.missingRows + c.extraRows > 0 { seen.missing += 1 }
            if c.malformedLines > 0 { seen.malformed += 1 }
            if c.headerMismatch != nil { seen.header += 1 }
            #expect(c.differingRows + c.missingRows < max(lines(expected), 1), "\(context)")
            #expect(c.differingRows + c.extraRows < max(lines(actual), 1), "\(context)")
            #expect(c.malformedLines <= lines(expected) + lines(actual), "\(context)")
            #expect(back.differingRows == c.differingRows && back.malformedLines == c.malformedLines, "\(context)")
            #expect(back.missingRows == c.extraRows && back.extraRows == c.missingRows, "\(context)")
            #expect((back.headerMismatch == nil) == (c.headerMismatch == nil), "\(context)")
            let rowsOrLines = c.differingRows + c.missingRows + c.extraRows + c.malformedLines
            #expect((c.first != nil) == (rowsOrLines > 0), "\(context)")
            #expect(c.isMatch == (c.first == nil && c.headerMismatch == nil), "\(context)")
            #expect(c.maxAbsoluteDifference >= 0 && (c.maxAbsoluteDifference == 0 || c.numericDifferences > 0), "\(context)")
            let report = describe(c, scenario: "fuzz", goldenPath: "g")
            #expect(report.hasPrefix(c.isMatch ? "scenario fuzz matches g" : "scenario fuzz does not match g\n"), "\(context)")
            // A file against itself differs in no row; only its malformed lines are reported.
            let same = GoldenComparison.compare(expected: expected, actual: expected, tolerance: 0.5)
            #expect(same.differingRows == 0 && same.missingRows == 0 && same.extraRows == 0 && same.headerMismatch == nil, "\(context)")
            #expect(same.isMatch == (same.malformedLines == 0), "\(context)")
        }
        // Every kind of difference came up, so none of the checks above held vacuously.
        #expect(seen.differing > 10 && seen.missing > 10 && seen.malformed > 10 && seen.header > 10, "\(seen)")
    }

    /// What `check --record` prints after a golden's path, from the comparison of the golden it
    /// replaced (expected) with the new output (actual).
    @Test func aRecordedGoldenSaysWhatItReplaced() throws {
        #expect(describe(GoldenCheck.RecordOutcome.created) == "(new)")
        #expect(describe(GoldenCheck.RecordOutcome.unchanged) == "(unchanged)")
        let lines = try golden()
        var old = lines
        old[11] = edit(old[11], column: 6, to: "415.500")
        old[12] = edit(old[12], column: 5, to: "nan")
        old.remove(at: 13)
        let c = GoldenComparison.compare(expected: file(old), actual: file(lines))
        #expect(describe(GoldenCheck.RecordOutcome.updated(c))
            == "(was: 2 rows differ, 1 added, largest difference \(shortNumber(c.maxAbsoluteDifference)), 1 value not a number on one side)")
        #expect(c.maxAbsoluteDifference > 0)
        let shorter = GoldenComparison.compare(expected: file(lines), actual: file(Array(lines.dropLast(2))))
        #expect(describe(GoldenCheck.RecordOutcome.updated(shorter)) == "(was: 0 rows differ, 2 removed)")
    }

    @Test func crlfGoldenStillMatches() throws {
        let lines = try golden()
        let crlf = lines.joined(separator: "\r\n") + "\r\n"
        #expect(GoldenComparison.compare(expected: crlf, actual: file(lines)).isMatch)
    }

    @Test func shortNumbersDropTrailingZeros() {
        #expect(shortNumber(3.1999999999999886) == "3.2")
        #expect(shortNumber(0) == "0")
        #expect(shortNumber(12) == "12")
        #expect(shortNumber(0.0005) == "0.0005")
    }
}
