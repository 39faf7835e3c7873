import Testing
@testable import TetherJSON

@Suite struct JSONSerializationTests {
    @Test func writesCompactJSONInStoredOrder() {
        let value: JSONValue = ["z": 1, "a": [true, false, nil], "m": ["s": "x"], "e": [:], "l": []]
        #expect(value.serialized() == #"{"z":1,"a":[true,false,null],"m":{"s":"x"},"e":{},"l":[]}"#)
    }

    @Test func writesIntegersWithoutAFractionAndOthersShortest() {
        #expect(JSONValue.number(120).serialized() == "120")
        #expect(JSONValue.number(-3).serialized() == "-3")
        #expect(JSONValue.number(0).serialized() == "0")
        #expect(JSONValue.number(-0.0).serialized() == "-0")
        #expect(JSONValue.number(0.1).serialized() == "0.1")
        #expect(JSONValue.number(2.5e-7).serialized() == "2.5e-07")
        #expect(JSONValue.number(9_007_199_254_740_991).serialized() == "9007199254740991")
        #expect(JSONValue.number(9_007_199_254_740_992).serialized() == "9007199254740992.0")
        #expect(JSONValue.number(1e16).serialized() == "1e+16")
        #expect(JSONValue.number(1e300).serialized() == "1e+300")
        #expect(JSONValue.number(.infinity).serialized() == "null")
    }

    @Test func escapesStringsPerRFC8259() {
        #expect(JSONValue.string("a\"b\\c/d").serialized() == #""a\"b\\c/d""#)
        #expect(JSONValue.string("\n\r\t\u{08}\u{0C}").serialized() == #""\n\r\t\b\f""#)
        #expect(JSONValue.string("\u{0}\u{1F}\u{7F}").serialized() == "\"\\u0000\\u001F\u{7F}\"")
        #expect(JSONValue.string("é🎻").serialized() == "\"é🎻\"")
    }

    @Test func roundTripsThroughParseAndSerialize() throws {
        let documents = [
            #"{"frames":120,"dynamics":{"kind":"ash","spring":{"damping":0.7,"frequency":2.5}},"#
                + #""events":[{"at":0,"by":{"x":-1.5e-9,"y":1e+300}},null,true,false,"\u0001\"\\é𝄞"]}"#,
            "[[],{},[[[]]],\"\",0,-0,5e-324,1.7976931348623157e308]",
            "  {\n  \"spaced\" : [ 1 , 2 ]\n}\n",
        ]
        for text in documents {
            let value = try JSONParser.parse(text)
            let once = value.serialized()
            let reparsed = try JSONParser.parse(once)
            #expect(reparsed == value)
            #expect(reparsed.serialized() == once)
        }
    }

    @Test func objectSubscriptReplacesAppendsAndRemoves() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 10
        object["c"] = 3
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == 10)
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.members.map(\.value) == [10, 3])
        #expect(object["missing"] == nil)
    }

    @Test func typeNamesReadInMessages() {
        let values: [JSONValue] = [nil, true, 1, "s", [], [:]]
        #expect(values.map(\.typeName) == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }
}
