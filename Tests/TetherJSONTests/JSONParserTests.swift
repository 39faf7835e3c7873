import Testing
@testable import TetherJSON

@Suite struct JSONParserTests {
    /// One malformed document and the diagnostic it must produce.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(name: "missing comma in object", text: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3,
                  message: "expected ',' or '}' after an object member, found '\"'"),
        Malformed(name: "missing comma in array", text: "[1 2]", line: 1, column: 4,
                  message: "expected ',' or ']' after an array element, found '2'"),
        Malformed(name: "trailing comma in array", text: "[1, 2,]", line: 1, column: 6, message: "trailing comma before ']'"),
        Malformed(name: "trailing comma in object", text: "{\"a\": 1,\n}", line: 1, column: 8, message: "trailing comma before '}'"),
        Malformed(name: "unclosed string at end", text: "{\"a\": \"abc", line: 1, column: 7, message: "unterminated string"),
        Malformed(name: "unclosed string at line end", text: "[\"abc\n]", line: 1, column: 6,
                  message: "unescaped line break in a string (missing closing quote?)"),
        Malformed(name: "bad escape", text: "[\"x\\q\"]", line: 1, column: 4, message: "invalid escape \\q"),
        Malformed(name: "short unicode escape", text: "[\"\\u12G4\"]", line: 1, column: 3,
                  message: "invalid escape: \\u must be followed by 4 hex digits"),
        Malformed(name: "lone high surrogate", text: "[\"ab\\uD834\"]", line: 1, column: 5, message: "lone surrogate \\uD834 in a string"),
        Malformed(name: "high surrogate then letter", text: "[\"\\uD834\\u0041\"]", line: 1, column: 3,
                  message: "lone surrogate \\uD834 in a string"),
        Malformed(name: "lone low surrogate", text: "[\"\\uDD1E\"]", line: 1, column: 3, message: "lone surrogate \\uDD1E in a string"),
        Malformed(name: "control character", text: "[\"a\tb\"]", line: 1, column: 4, message: "unescaped control character U+0009 in a string"),
        Malformed(name: "leading zero", text: "[01]", line: 1, column: 2, message: "leading zeros are not allowed"),
        Malformed(name: "negative leading zero", text: "[-007]", line: 1, column: 3, message: "leading zeros are not allowed"),
        Malformed(name: "bare minus", text: "[-]", line: 1, column: 3, message: "expected a digit after '-', found ']'"),
        Malformed(name: "no fraction digits", text: "[1.]", line: 1, column: 4, message: "expected a digit after '.', found ']'"),
        Malformed(name: "no exponent digits", text: "[1e+]", line: 1, column: 5, message: "expected a digit in the exponent, found ']'"),
        Malformed(name: "leading dot", text: "[.5]", line: 1, column: 2, message: "expected a value, found '.'"),
        Malformed(name: "plus sign", text: "[+1]", line: 1, column: 2, message: "expected a value, found '+'"),
        Malformed(name: "NaN", text: "{\"x\": NaN}", line: 1, column: 7, message: "NaN is not allowed in JSON"),
        Malformed(name: "Infinity", text: "[Infinity]", line: 1, column: 2, message: "Infinity is not allowed in JSON"),
        Malformed(name: "negative Infinity", text: "[1, -Infinity]", line: 1, column: 5, message: "-Infinity is not allowed in JSON"),
        Malformed(name: "overflow", text: "[1e400]", line: 1, column: 2, message: "number out of range"),
        Malformed(name: "negative overflow", text: "\n -2e308", line: 2, column: 2, message: "number out of range"),
        Malformed(name: "line comment", text: "{\n  // frames\n  \"frames\": 1\n}", line: 2, column: 3,
                  message: "comments are not allowed in JSON"),
        Malformed(name: "block comment after value", text: "[1 /* one */]", line: 1, column: 4, message: "comments are not allowed in JSON"),
        Malformed(name: "duplicate key", text: "{\"frames\": 1,\n \"frames\": 2}", line: 2, column: 2, message: "duplicate key \"frames\""),
        Malformed(name: "garbage after value", text: "{}\n x", line: 2, column: 2,
                  message: "unexpected content after the JSON value, found 'x'"),
        Malformed(name: "second value", text: "1 2", line: 1, column: 3, message: "unexpected content after the JSON value, found '2'"),
        Malformed(name: "empty input", text: "", line: 1, column: 1, message: "unexpected end of input"),
        Malformed(name: "only whitespace", text: " \n ", line: 2, column: 2, message: "unexpected end of input"),
        Malformed(name: "unclosed array", text: "[1,\n 2", line: 2, column: 3, message: "unexpected end of input"),
        Malformed(name: "single quotes", text: "{'a': 1}", line: 1, column: 2, message: "expected a string key or '}', found '''"),
        Malformed(name: "unquoted key after comma", text: "{\"a\": 1, b: 2}", line: 1, column: 10,
                  message: "expected a string key after ',', found 'b'"),
        Malformed(name: "missing colon", text: "{\"a\" 1}", line: 1, column: 6, message: "expected ':' after an object key, found '1'"),
        Malformed(name: "missing value", text: "{\"a\": }", line: 1, column: 7, message: "expected a value, found '}'"),
        Malformed(name: "capitalized literal", text: "[True]", line: 1, column: 2, message: "invalid literal \"True\"; expected a value"),
        Malformed(name: "truncated literal", text: "[nul]", line: 1, column: 2, message: "invalid literal \"nul\"; expected a value"),
        Malformed(name: "form feed is not whitespace", text: "\u{0C}1", line: 1, column: 1, message: "expected a value, found U+000C"),
        Malformed(name: "no-break space is not whitespace", text: "[1,\u{A0}2]", line: 1, column: 4, message: "expected a value, found U+00A0"),
        Malformed(name: "columns count scalars", text: "{\"naïve→\": 1 2}", line: 1, column: 14,
                  message: "expected ',' or '}' after an object member, found '2'"),
        Malformed(name: "lone CR ends a line", text: "[\r1\r,]", line: 3, column: 1, message: "trailing comma before ']'"),
        Malformed(name: "CRLF lines", text: "[\r\n1,\r\n,]", line: 3, column: 1, message: "expected a value, found ','"),
        Malformed(name: "deep nesting", text: String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
                  line: 1, column: 513, message: "nesting deeper than 512 levels"),
    ]

    @Test(arguments: malformed)
    func reportsPositionAndMessage(_ example: Malformed) {
        #expect(throws: JSONSyntaxError(line: example.line, column: example.column, message: example.message)) {
            try JSONParser.parse(example.text)
        }
    }

    @Test func acceptsNestingOfExactly512Levels() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONParser.parse(text)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)
    }

    @Test func invalidUTF8IsRejectedAtTheBadByte() {
        let cases: [[UInt8]] = [
            Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8),          // never valid
            Array("[\"a".utf8) + [0xC3] + Array("\"]".utf8),          // truncated sequence
            Array("[\"a".utf8) + [0xC0, 0xAF] + Array("\"]".utf8),    // overlong "/"
            Array("[\"a".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), // encoded surrogate
            Array("[\"a".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), // beyond U+10FFFF
        ]
        for bytes in cases {
            #expect(throws: JSONSyntaxError(line: 1, column: 4, message: "invalid UTF-8")) {
                try JSONParser.parse(bytes)
            }
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 2, message: "invalid UTF-8")) {
            try JSONParser.parse([UInt8(ascii: "["), 0x80, UInt8(ascii: "]")])
        }
    }

    @Test func skipsALeadingByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": true}".utf8)) == ["a": true])
        // The BOM does not count as a column.
        #expect(throws: JSONSyntaxError(line: 1, column: 2, message: "expected a value, found ','")) {
            try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[,]".utf8))
        }
        // A BOM anywhere else is an error.
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(" \u{FEFF}1") }
    }

    @Test func parsesScalars() throws {
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse(" true ") == .bool(true))
        #expect(try JSONParser.parse("false") == .bool(false))
        #expect(try JSONParser.parse("0") == .number(0))
        #expect(try JSONParser.parse("-0") == .number(-0.0))
        #expect(try JSONParser.parse("-12.5e2") == .number(-1250))
        #expect(try JSONParser.parse("1E-2") == .number(0.01))
        #expect(try JSONParser.parse("0.1") == .number(0.1))
        #expect(try JSONParser.parse("9007199254740993") == .number(9007199254740992))
        #expect(try JSONParser.parse("123456789012345678901234567890") == .number(1.2345678901234568e29))
        #expect(try JSONParser.parse("1e-400") == .number(0))
        #expect(try JSONParser.parse("\"\"") == .string(""))
    }

    @Test func decodesEscapes() throws {
        let text = #"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC", "\uD834\uDD1E", "\u0000", "naïve 🎻"]"#
        #expect(try JSONParser.parse(text) == ["\"\\/\u{08}\u{0C}\n\r\t", "é€", "𝄞", "\u{0}", "naïve 🎻"])
    }

    @Test func preservesKeyOrder() throws {
        let value = try JSONParser.parse(#"{"zeta": 1, "alpha": 2, "mid": {"b": 1, "a": 2}}"#)
        guard case .object(let object) = value, case .object(let inner)? = object["mid"] else {
            Issue.record("expected nested objects, got \(value)")
            return
        }
        #expect(object.keys == ["zeta", "alpha", "mid"])
        #expect(inner.keys == ["b", "a"])
    }

    @Test func detectsDuplicatesInLargeObjects() {
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let prefix = "{\(members), "
        #expect(throws: JSONSyntaxError(line: 1, column: prefix.count + 1, message: "duplicate key \"k3\"")) {
            try JSONParser.parse(prefix + "\"k3\": 0}")
        }
        #expect(throws: Never.self) { try JSONParser.parse(prefix + "\"k40\": 0}") }
    }

    @Test func parsesALargeDocument() throws {
        let element = #"{"id": 12345, "name": "item \"quoted\"", "frame": [1.5, -2.25e3, true, null]}"#
        let text = "[" + Array(repeating: element, count: 20_000).joined(separator: ",\n") + "]"
        guard case .array(let elements) = try JSONParser.parse(text) else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.count == 20_000)
        #expect(elements.last == ["id": 12345, "name": "item \"quoted\"", "frame": [1.5, -2250, true, nil]])
    }
}
