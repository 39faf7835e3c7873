import Testing
@testable import TetherJSON
import TetherTestSupport

@Suite struct JSONFuzzTests {
    static let seedDocuments = [
        #"{"frames": 120, "dynamics": {"kind": "ash", "spring": {"damping": 0.5, "frequency": 2}}}"#,
        #"{"events": [{"at": 0, "by": {"x": -1.5e-3, "y": 2E+2}}, null, true, false], "name": "naïve \u00e9 \uD834\uDD1E 🎻"}"#,
        #"[[[]], {}, "", "\"\\\/\b\f\n\r\t", 0, -0, 1e308, [1, [2, [3, [4]]]]]"#,
        "{\n  \"layout\": {\n    \"itemSizes\": [[1, 2], [3, 4]],\n    \"spacing\": 8\n  }\n}\n",
    ]

    /// Bytes that make random input likely to get past the first character.
    static let alphabet = Array("{}[]:,\"\\/ \n\t\r0123456789-+.eEtrufalsnNI/*u".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]

    /// Parses and checks the invariants: a success round-trips, a failure points inside the text.
    static func check(_ bytes: [UInt8]) {
        do {
            let value = try JSONParser.parse(bytes)
            let reparsed = try? JSONParser.parse(value.serialized())
            #expect(reparsed == value, "round trip failed for \(bytes)")
        } catch {
            // "\n", "\r\n" and a lone "\r" each end a line.
            let breaks = bytes.indices.filter {
                bytes[$0] == UInt8(ascii: "\n")
                    || (bytes[$0] == UInt8(ascii: "\r") && ($0 + 1 == bytes.count || bytes[$0 + 1] != UInt8(ascii: "\n")))
            }
            #expect(error.line >= 1 && error.column >= 1, "\(error) for \(bytes)")
            #expect(error.line <= breaks.count + 1, "\(error) for \(bytes)")
            #expect(error.column <= bytes.count + 1, "\(error) for \(bytes)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 0x7E7E_5CE7_A410)
        for round in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                round.isMultiple(of: 3)
                    ? UInt8.random(in: 0...255, using: &generator)
                    : JSONFuzzTests.alphabet.randomElement(using: &generator)!
            }
            JSONFuzzTests.check(bytes)
        }
    }

    @Test func mutatedDocumentsNeverCrash() {
        var generator = SplitMix64(seed: 42)
        var parsedCount = 0
        for round in 0..<3000 {
            var bytes = Array(JSONFuzzTests.seedDocuments[round % JSONFuzzTests.seedDocuments.count].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                let byte = JSONFuzzTests.alphabet.randomElement(using: &generator)!
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes.insert(byte, at: position)
                case 1 where position < bytes.count: bytes.remove(at: position)
                case 2 where position < bytes.count: bytes[position] = byte
                default: bytes = Array(bytes[..<position])
                }
            }
            if (try? JSONParser.parse(bytes)) != nil { parsedCount += 1 }
            JSONFuzzTests.check(bytes)
        }
        // Some mutations (inside strings, digits) keep the document valid: both paths were exercised.
        #expect(parsedCount > 0 && parsedCount < 3000)
    }

    @Test func randomNestingNeverCrashes() {
        var generator = SplitMix64(seed: 512)
        for _ in 0..<50 {
            let depth = Int.random(in: 500...700, using: &generator)
            let open = (0..<depth).map { _ in Bool.random(using: &generator) ? "[" : "{\"k\":" }.joined()
            let text = open + "1" + String(repeating: "]", count: depth)
            JSONFuzzTests.check(Array(text.utf8))
        }
    }

    @Test func theGeneratorIsDeterministic() {
        var a = SplitMix64(seed: 1)
        var b = SplitMix64(seed: 1)
        let first = (0..<4).map { _ in a.next() }
        #expect(first == (0..<4).map { _ in b.next() })
        #expect(first[0] == 0x910A_2DEC_8902_5CC1)
    }
}
