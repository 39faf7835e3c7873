import Testing
@testable import TetherJSON
import TetherTestSupport

/// Values quoted in messages are escaped (nothing in them can break the line or hide in it) and
/// cut past a bound, with work bounded by it.
@Suite struct MessageTextTests {
    /// Every line and paragraph separator of Unicode, every control and format character is a
    /// JSON escape; other text (accents, emoji, quotes escaped as JSON does) is kept.
    @Test func lineBreakingAndInvisibleCharactersAreEscaped() {
        #expect(MessageText.quoted("a\u{2028}b\u{2029}c\u{85}d") == #""a\u2028b\u2029c\u0085d""#)
        #expect(MessageText.quoted("\u{0}\n\r\t\u{0B}\u{0C}\u{7F}\u{9F}") == #""\u0000\n\r\t\u000B\f\u007F\u009F""#)
        #expect(MessageText.quoted("x\u{202E}y\u{FEFF}z\u{200B}") == #""x\u202Ey\uFEFFz\u200B""#)
        #expect(MessageText.quoted("\u{E0001}") == #""\uDB40\uDC01""#, "format characters past U+FFFF as a surrogate pair")
        #expect(MessageText.quoted("é \"q\" \\ 🙂") == #""é \"q\" \\ 🙂""#)
        #expect(MessageText.plain("a\u{2028}\"b\"") == #"a\u2028"b""#)
        for value: UInt32 in [0x0A, 0x0D, 0x85, 0x2028, 0x2029, 0x0B, 0x0C] {
            let text = MessageText.quoted(String(Unicode.Scalar(value)!))
            #expect(!text.unicodeScalars.contains { $0.properties.isWhitespace && $0 != " " }, "U+\(value)")
        }
    }

    /// A quoted value is a JSON string literal for the same text when it is not cut.
    @Test func aQuotedValueParsesBackAsJSON() throws {
        var random = SplitMix64(seed: 26)
        let alphabet: [Unicode.Scalar] = ["a", "\"", "\\", "\u{0}", "\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", "é", "😀", "\u{7F}"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...MessageText.valueLimit, using: &random) {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
            }
            let string = String(text)
            #expect(try JSONParser.parse(MessageText.quoted(string)) == .string(string))
        }
    }

    /// Up to 80 scalars are shown whole; past that the first 80 and the whole length in bytes.
    @Test func longValuesAreCutAtTheBoundWithTheirLength() {
        let limit = MessageText.valueLimit
        #expect(limit == 80)
        let exact = String(repeating: "k", count: limit)
        #expect(MessageText.quoted(exact) == "\"\(exact)\"")
        #expect(MessageText.quoted(exact + "é") == "\"\(exact)\"… (82 bytes)")
        let huge = String(repeating: "k", count: 5_000_000)
        #expect(MessageText.quoted(huge) == "\"\(exact)\"… (5000000 bytes)")
        #expect(MessageText.quoted(bytes: Array(huge.utf8)) == "\"\(exact)\"… (5000000 bytes)")
        #expect(MessageText.plain(huge) == "\(exact)… (5000000 bytes)")
        #expect(MessageText.quoted(bytes: [0x61, 0xFF, 0x62]) == "\"a\u{FFFD}b\"")
        let path = String(repeating: "d/", count: MessageText.pathLimit)
        #expect(MessageText.path(path).hasSuffix("… (\(2 * MessageText.pathLimit) bytes)"))
        #expect(MessageText.path(String(path.prefix(MessageText.pathLimit))) == String(path.prefix(MessageText.pathLimit)))
    }

    /// A finished message keeps its escapes and loses its raw line breaks.
    @Test func oneLineEscapesWhatIsLeft() {
        #expect(MessageText.oneLine("a: b") == "a: b")
        #expect(MessageText.oneLine("file\nname: \\u2028 x\u{2028}") == "file\\nname: \\u2028 x\\u2028")
    }

    /// A key of megabytes is refused with a short line, in time bounded by the key's size: the
    /// suggestion is skipped, not computed against every candidate (before: about 1 s per MB in
    /// a release build, 6 s per MB in a debug build, so this test ran for a minute).
    @Test(.timeLimit(.minutes(1))) func aHugeUnknownKeyIsRefusedQuicklyWithAShortLine() throws {
        let key = String(repeating: "k", count: 10_000_000)
        let object = JSONValue.object(JSONObject([(key, .number(1))]))
        let error = try #require(throws: ValidationError.self) { try ObjectReader(object, at: .root, known: ["name", "frames", "kind"]) }
        let line = "\(error)"
        #expect(line.utf8.count < 300, "\(line.prefix(300))")
        #expect(line.hasSuffix("unknown key \"\(String(repeating: "k", count: 80))\"… (10000000 bytes)"))
        #expect(DidYouMean.suggestion(for: key, among: [key + "x"]) == nil)
    }

    /// The banded distance with a cut-off is the full distance whenever that is within the
    /// cut-off, and nil otherwise.
    @Test func boundedEditDistanceAgreesWithTheFullOne() {
        var random = SplitMix64(seed: 2028)
        let letters: [Character] = ["a", "b", "c", "D", "é"]
        func word() -> [Character] {
            (0..<Int.random(in: 0...12, using: &random)).map { _ in letters[Int.random(in: 0..<letters.count, using: &random)] }
        }
        for _ in 0..<2_000 {
            let (a, b) = (word(), word())
            let full = Self.levenshtein(a, b)
            for limit in 0...6 {
                let bounded = DidYouMean.editDistance(a, b, atMost: limit)
                #expect(bounded == (full <= limit ? full : nil), "\(String(a)) \(String(b)) \(limit)")
            }
        }
    }

    /// The textbook table, every cell computed.
    static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        var table = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : (j == 0 ? i : 0) } }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }
}
