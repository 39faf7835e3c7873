import Testing
@testable import TetherJSON

@Suite struct JSONSettingTests {
    let scenario: JSONValue = [
        "frames": 120,
        "dynamics": ["kind": "ash", "spring": ["damping": 0.5]],
        "events": [["at": 0, "by": ["x": 1, "y": 2]], ["at": 10]],
        "layout": ["itemSizes": [[1, 2, ["width": 3]]]],
    ]

    private func path(_ text: String) throws -> JSONPath { try JSONPath(parsing: text) }

    @Test func replacesAnExistingValueKeepingKeyOrder() throws {
        let updated = try scenario.setting(0.9, at: path("dynamics.spring.damping"))
        #expect(updated.value(at: try path("dynamics.spring.damping")) == 0.9)
        #expect(updated.serialized().hasPrefix(#"{"frames":120,"dynamics":{"kind":"ash","spring":{"damping":0.9}}"#))
        // The receiver is a value: it is unchanged.
        #expect(scenario.value(at: try path("dynamics.spring.damping")) == 0.5)
    }

    @Test func addsAKeyAndCreatesMissingIntermediateObjects() throws {
        let updated = try scenario.setting(true, at: path("dynamics.rod.enabled.really"))
        #expect(updated.value(at: try path("dynamics.rod")) == ["enabled": ["really": true]])
        guard case .object(let dynamics)? = updated.value(at: try path("dynamics")) else {
            Issue.record("dynamics is not an object")
            return
        }
        #expect(dynamics.keys == ["kind", "spring", "rod"])
    }

    @Test func setsThroughArrayIndexes() throws {
        let updated = try scenario.setting(-4, at: path("events[0].by.x"))
        #expect(updated.value(at: try path("events[0].by")) == ["x": -4, "y": 2])
        let nested = try scenario.setting(30, at: path("layout.itemSizes[0][2].width"))
        #expect(nested.value(at: try path("layout.itemSizes[0]")) == [1, 2, ["width": 30]])
        #expect(try scenario.setting("whole", at: .root) == "whole")
    }

    @Test func indexPastTheEndIsAnError() throws {
        #expect(throws: ValidationError(try path("events[2]"), "index 2 is past the end of the array (2 elements)")) {
            try scenario.setting(1, at: path("events[2].at"))
        }
        #expect(throws: ValidationError(try path("layout.itemSizes[1]"), "index 1 is past the end of the array (1 element)")) {
            try scenario.setting(1, at: path("layout.itemSizes[1]"))
        }
    }

    @Test func pathsThroughNonContainersAreErrors() throws {
        #expect(throws: ValidationError(try path("frames"), #"cannot set key "x": expected an object, found a number"#)) {
            try scenario.setting(1, at: path("frames.x"))
        }
        #expect(throws: ValidationError(try path("dynamics"), "cannot set index [0]: expected an array, found an object")) {
            try scenario.setting(1, at: path("dynamics[0]"))
        }
        #expect(throws: ValidationError(try path("events"), #"cannot set key "at": expected an object, found an array"#)) {
            try scenario.setting(1, at: path("events.at"))
        }
        #expect(throws: ValidationError(try path("missing"), "cannot set index [0]: there is no array here")) {
            try scenario.setting(1, at: path("missing[0]"))
        }
        #expect(throws: ValidationError(.root, "cannot set index [0]: expected an array, found an object")) {
            try scenario.setting(1, at: path("[0]"))
        }
    }

    @Test func valueAtReturnsNilForMissingOrMismatchedSteps() throws {
        #expect(scenario.value(at: .root) == scenario)
        #expect(scenario.value(at: try path("events[1].at")) == 10)
        #expect(scenario.value(at: try path("events[5]")) == nil)
        #expect(scenario.value(at: try path("frames.x")) == nil)
        #expect(scenario.value(at: try path("dynamics[0]")) == nil)
        #expect(scenario.value(at: try path("nope")) == nil)
    }

    @Test func parseOverrideReadsJSONLiteralsOrFallsBackToText() {
        #expect(JSONValue.parseOverride("0.7") == 0.7)
        #expect(JSONValue.parseOverride("-3") == -3)
        #expect(JSONValue.parseOverride("true") == true)
        #expect(JSONValue.parseOverride("false") == false)
        #expect(JSONValue.parseOverride("null") == nil)
        #expect(JSONValue.parseOverride(#""quoted text""#) == "quoted text")
        #expect(JSONValue.parseOverride("[1, 2]") == [1, 2])
        #expect(JSONValue.parseOverride(#"{"x": 1}"#) == ["x": 1])
        #expect(JSONValue.parseOverride("ash") == "ash")
        #expect(JSONValue.parseOverride("True") == "True")
        #expect(JSONValue.parseOverride("") == "")
        #expect(JSONValue.parseOverride("01") == "01")
        #expect(JSONValue.parseOverride("[1,") == "[1,")
        #expect(JSONValue.parseOverride("hello world") == "hello world")
    }
}
