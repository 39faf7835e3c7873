import Testing
import TetherJSON
import TetherScenario
@testable import TetherTuning

/// `--vary` parsing: ranges, lists, labels, and the errors.
@Suite struct SweepAxisTests {
    @Test func aRangeIncludesStopAndRoundsToTheWrittenDecimals() throws {
        #expect(try SweepAxis.range("0.1", "0.5", "0.1") == [0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(try SweepAxis.range("0", "1", "0.25") == [0, 0.25, 0.5, 0.75, 1])
        #expect(try SweepAxis.range("1", "3", "1") == [1, 2, 3])
        #expect(try SweepAxis.range("0", "1", "0.3") == [0, 0.3, 0.6, 0.9])  // STOP not on the grid
        #expect(try SweepAxis.range("0.5", "0.5", "0.1") == [0.5])
        #expect(try SweepAxis.range("1", "0", "-0.5") == [1, 0.5, 0])  // counting down
        #expect(try SweepAxis.range("0", "3e-3", "1e-3") == [0, 0.001, 0.002, 0.003])
        // 0.1 + 2·0.1 is 0.30000000000000004 in binary; the written decimals give 0.3.
        #expect(try SweepAxis.range("0.1", "0.3", "0.1").last == 0.3)
        // 100 steps of 0.01: accumulation would drift, START + i·STEP does not.
        let fine = try SweepAxis.range("0", "1", "0.01")
        #expect(fine.count == 101)
        #expect(fine[37] == 0.37)
        #expect(fine.last == 1)
    }

    /// Bounds near the largest double: STOP − START and i·STEP overflow, the values do not.
    @Test func rangesAtTheEdgesOfDoubleDoNotOverflow() throws {
        #expect(try SweepAxis.range("-1e308", "1e308", "1e308") == [-1e308, 0, 1e308])
        #expect(try SweepAxis.range("1.7e308", "-1.7e308", "-1.7e308") == [1.7e308, 0, -1.7e308])
        #expect(try SweepAxis.range("-1.7e308", "1.7e308", "0.85e308").count == 5)
        #expect {
            try SweepAxis.range("-1e308", "1e308", "1e300")
        } throws: { error in
            (error as? SweepSpecError)?.message == "the range has more than 100000 values"
        }
    }

    @Test func decimalPlacesFollowTheText() {
        #expect(SweepAxis.decimalPlaces("0.25") == 2)
        #expect(SweepAxis.decimalPlaces("3") == 0)
        #expect(SweepAxis.decimalPlaces("1e-3") == 3)
        #expect(SweepAxis.decimalPlaces("2.5e1") == 0)
        #expect(SweepAxis.decimalPlaces("1.25E-2") == 4)
    }

    @Test(arguments: [
        ("0.1", "0.5", "0", "STEP must not be 0"),
        ("0.5", "0.1", "0.1", "does not lead from 0.5 to 0.1 (use a negative STEP"),
        ("0.1", "0.5", "-0.1", "use a positive STEP"),
        ("a", "1", "0.1", "START \"a\" is not a finite number"),
        ("0", "inf", "1", "STOP \"inf\" is not a finite number"),
        ("0", "1", "nan", "STEP \"nan\" is not a finite number"),
        ("0", "1e9", "1", "more than 100000 values"),
    ])
    func badRangesAreRejected(start: String, stop: String, step: String, message: String) {
        #expect {
            try SweepAxis.range(start, stop, step)
        } throws: { error in
            (error as? SweepSpecError)?.message.contains(message) == true
        }
    }

    @Test func parsingRangesListsAndSingleValues() throws {
        let range = try SweepAxis(parsing: "dynamics.spring.damping=0.3:0.9:0.3")
        #expect(range.name == "dynamics.spring.damping")
        #expect(range.values == [0.3, 0.6, 0.9])
        let list = try SweepAxis(parsing: "dynamics.spring.frequency=0.5, 0.8,1.2")
        #expect(list.values == [0.5, 0.8, 1.2])
        let words = try SweepAxis(parsing: "dynamics.preset=ash,vv")
        #expect(words.values == ["ash", "vv"])
        #expect(words.labels == ["ash", "vv"])
        let single = try SweepAxis(parsing: "frames=600")
        #expect(single.values == [600])
        // Commas and colons inside JSON do not split.
        let json = try SweepAxis(parsing: #"dynamics.nearRestDamping={"within":1,"damping":100},null"#)
        #expect(json.values.count == 2)
        #expect(json.values[1] == .null)
        let quoted = try SweepAxis(parsing: #"name="a:b","c,d""#)
        #expect(quoted.values == ["a:b", "c,d"])
    }

    @Test func labelsReadBackAsTheSameValue() throws {
        let values: [JSONValue] = [0.5, 1, "ash", "true", "0.5", true, .null, "", [1, 2], ["a": 1]]
        for value in values {
            #expect(JSONValue.parseOverride(SweepAxis.label(value)) == value, "\(value)")
        }
        #expect(SweepAxis.label(0.5) == "0.5")
        #expect(SweepAxis.label(1) == "1")
        #expect(SweepAxis.label("true") == #""true""#)
    }

    @Test(arguments: [
        ("dynamics.spring.damping", "expected PATH=START:STOP:STEP"),
        ("dynamics.spring.damping=", "no values"),
        ("dynamics.spring.damping=0.1:0.5", "2 parts separated by ':'"),
        ("dynamics.spring.damping=0.1:0.5:0.1:2", "4 parts"),
        ("dynamics.spring.damping=0.1,,0.3", "value 2 of the list is empty"),
        ("=0.5", "is not a valid path"),
        ("a..b=1", "is not a valid path"),
        ("dynamics.spring.damping=0.5:0.1:0.1", "does not lead"),
    ])
    func badVaryTextsAreRejected(text: String, message: String) {
        #expect {
            try SweepAxis(parsing: text)
        } throws: { error in
            (error as? SweepSpecError)?.message.contains(message) == true
        }
    }
}
