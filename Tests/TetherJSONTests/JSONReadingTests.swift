import Testing
@testable import TetherJSON

@Suite struct JSONReadingTests {
    let path = JSONPath.root.appending("dynamics").appending("spring")

    @Test func typeMismatchesNameBothTypes() {
        #expect(throws: ValidationError(path, "expected a number, found a string")) { try JSONValue.string("1").number(at: path) }
        #expect(throws: ValidationError(path, "expected a string, found null")) { try JSONValue.null.string(at: path) }
        #expect(throws: ValidationError(path, "expected a boolean, found a number")) { try JSONValue.number(1).bool(at: path) }
        #expect(throws: ValidationError(path, "expected an array, found an object")) { try JSONValue.object([:]).array(at: path) }
        #expect(throws: ValidationError(path, "expected an object, found an array")) { try JSONValue.array([]).object(at: path) }
        #expect(throws: ValidationError(path, "expected an integer, found a boolean")) { try JSONValue.bool(true).integer(at: path, in: 0...9) }
    }

    @Test func readsValuesOfTheRightType() throws {
        #expect(try JSONValue.number(2.5).number(at: path) == 2.5)
        #expect(try JSONValue.string("x").string(at: path) == "x")
        #expect(try JSONValue.bool(false).bool(at: path) == false)
        #expect(try JSONValue.array([1]).array(at: path) == [1])
        #expect(try JSONValue.object(["a": 1]).object(at: path)["a"] == 1)
        #expect(try JSONValue.number(7).integer(at: path, in: 1...10) == 7)
        #expect(try JSONValue.number(0.001).number(at: path, in: 0.001...10000) == 0.001)
        #expect(try JSONValue.number(10).positiveNumber(at: path, max: 10) == 10)
    }

    @Test func rangeMessagesPrintNumbersCompactly() {
        #expect(throws: ValidationError(path, "0 is out of range: must be from 0.001 to 10000")) {
            try JSONValue.number(0).number(at: path, in: 0.001...10000)
        }
        #expect(throws: ValidationError(path, "12.5 is out of range: must be at most 10")) {
            try JSONValue.number(12.5).number(at: path, in: -Double.infinity...10)
        }
        #expect(throws: ValidationError(path, "-1 is out of range: must be at least 0")) {
            try JSONValue.number(-1).number(at: path, in: 0...Double.infinity)
        }
        #expect(throws: ValidationError(path, "0 is out of range: must be greater than 0")) {
            try JSONValue.number(0).positiveNumber(at: path, max: 100)
        }
        #expect(throws: ValidationError(path, "-3 is out of range: must be greater than 0")) {
            try JSONValue.number(-3).positiveNumber(at: path, max: 100)
        }
        #expect(throws: ValidationError(path, "100.5 is out of range: must be at most 100")) {
            try JSONValue.number(100.5).positiveNumber(at: path, max: 100)
        }
    }

    @Test func integersMustBeIntegralAndInRange() {
        #expect(throws: ValidationError(path, "expected an integer, found 2.5")) {
            try JSONValue.number(2.5).integer(at: path, in: 0...10)
        }
        #expect(throws: ValidationError(path, "11 is out of range: must be from 1 to 10")) {
            try JSONValue.number(11).integer(at: path, in: 1...10)
        }
        #expect(throws: ValidationError(path, "1e+30 is out of range: must be from 1 to 10")) {
            try JSONValue.number(1e30).integer(at: path, in: 1...10)
        }
        #expect(throws: ValidationError.self) { try JSONValue.number(9_223_372_036_854_775_808).integer(at: path, in: 0...Int.max) }
        #expect(throws: Never.self) { try JSONValue.number(-9_223_372_036_854_775_808).integer(at: path, in: Int.min...0) }
    }

    @Test func oneOfSuggestsTheClosestOption() throws {
        let kinds = ["ash", "vv", "none"]
        #expect(try JSONValue.string("vv").oneOf(kinds, at: path) == "vv")
        #expect(throws: ValidationError(path, #"unknown value "asx"; expected one of ash, vv, none (did you mean "ash"?)"#)) {
            try JSONValue.string("asx").oneOf(kinds, at: path)
        }
        #expect(throws: ValidationError(path, #"unknown value "ASH"; expected one of ash, vv, none (did you mean "ash"?)"#)) {
            try JSONValue.string("ASH").oneOf(kinds, at: path)
        }
        #expect(throws: ValidationError(path, #"unknown value "spring"; expected one of ash, vv, none"#)) {
            try JSONValue.string("spring").oneOf(kinds, at: path)
        }
        #expect(throws: ValidationError(path, "expected a string, found a number")) {
            try JSONValue.number(1).oneOf(kinds, at: path)
        }
    }

    @Test func didYouMeanUsesAThirdOfTheNameAndPrefersEarlierTies() {
        #expect(DidYouMean.suggestion(for: "dampng", among: ["frequency", "damping"]) == "damping")
        #expect(DidYouMean.suggestion(for: "Damping", among: ["damping"]) == "damping")
        #expect(DidYouMean.suggestion(for: "x", among: ["y", "z"]) == "y")  // distance 1 is always allowed
        #expect(DidYouMean.suggestion(for: "abcdef", among: ["abcxyz"]) == nil)  // 3 edits > 6 / 3
        #expect(DidYouMean.suggestion(for: "abcdef", among: ["abcdxy"]) == "abcdxy")  // 2 edits
        #expect(DidYouMean.suggestion(for: "bat", among: ["cat", "bag", "bat2"]) == "cat")
        #expect(DidYouMean.suggestion(for: "frames", among: []) == nil)
    }
}

@Suite struct ObjectReaderTests {
    let spring = JSONPath.root.appending("dynamics").appending("spring")

    @Test func rejectsAnUnknownKeyWithASuggestion() throws {
        let value = try JSONParser.parse(#"{"frequency": 2, "dampng": 0.5}"#)
        #expect(throws: ValidationError(spring.appending("dampng"), #"unknown key "dampng" (did you mean "damping"?)"#)) {
            try ObjectReader(value, at: spring, known: ["frequency", "damping"])
        }
    }

    @Test func rejectsAnUnknownKeyWithoutASuggestion() throws {
        let value = try JSONParser.parse(#"{"frequency": 2, "color": "red"}"#)
        #expect(throws: ValidationError(spring.appending("color"), #"unknown key "color""#)) {
            try ObjectReader(value, at: spring, known: ["frequency", "damping"])
        }
    }

    @Test func suggestsForCaseOnlyDifferences() throws {
        let value = try JSONParser.parse(#"{"Frequency": 2}"#)
        #expect(throws: ValidationError(spring.appending("Frequency"), #"unknown key "Frequency" (did you mean "frequency"?)"#)) {
            try ObjectReader(value, at: spring, known: ["damping", "frequency"])
        }
    }

    @Test func reportsTheFirstUnknownKeyInFileOrder() throws {
        let value = try JSONParser.parse(#"{"zzz": 1, "frequency": 2, "aaa": 3}"#)
        #expect(throws: ValidationError(spring.appending("zzz"), #"unknown key "zzz""#)) {
            try ObjectReader(value, at: spring, known: ["aaa_", "frequency"])
        }
    }

    @Test func requiresAnObject() {
        #expect(throws: ValidationError(spring, "expected an object, found an array")) {
            try ObjectReader([1, 2], at: spring, known: [])
        }
    }

    @Test func readsRequiredAndOptionalMembers() throws {
        let value = try JSONParser.parse(#"{"frequency": 2, "damping": null}"#)
        let reader = try ObjectReader(value, at: spring, known: ["frequency", "damping", "mass"])
        #expect(reader.path == spring)
        #expect(reader.has("damping"))
        #expect(!reader.has("mass"))
        #expect(reader.value("damping") == .null)
        #expect(reader.value("mass") == nil)
        #expect(reader.path("mass") == spring.appending("mass"))
        #expect(try reader.required("frequency") == 2)
        #expect(try reader.required("frequency") { try $0.positiveNumber(at: $1, max: 100) } == 2)
        #expect(try reader.optional("mass") { try $0.number(at: $1) } == nil)
        // A null is present, so it is read, and fails with the member's own path.
        #expect(throws: ValidationError(spring.appending("damping"), "expected a number, found null")) {
            try reader.optional("damping") { try $0.number(at: $1) }
        }
        #expect(throws: ValidationError(spring, #"missing required key "mass""#)) {
            try reader.required("mass")
        }
        #expect(throws: ValidationError(spring, #"missing required key "mass""#)) {
            try reader.required("mass") { try $0.number(at: $1) }
        }
    }
}
