import Testing
import TetherTestSupport
@testable import TetherScenario

/// The writers' word-at-a-time copies (`WordText`, `RowKindName`) store whole words, past the
/// end of their text: what is left before the cursor must be exactly the text, and the
/// stores past it must stay within `ByteCursor.overshoot`.
@Suite struct OutputWordCopyTests {
    /// Writes through a cursor into a room filled with a marker byte; returns the bytes before
    /// the cursor and how many bytes past it were touched.
    func write(_ body: (inout ByteCursor) -> Void) -> (text: [UInt8], touchedPast: Int) {
        let marker: UInt8 = 0xA5
        var room = [UInt8](repeating: marker, count: 256)
        return room.withUnsafeMutableBufferPointer { room in
            var cursor = ByteCursor(room.baseAddress!)
            body(&cursor)
            let end = cursor.position - room.baseAddress!
            let lastTouched = room.lastIndex { $0 != marker } ?? -1
            return (Array(room[..<end]), max(0, lastTouched + 1 - end))
        }
    }

    @Test func wordTextCopiesExactlyItsText() {
        var random = SplitMix64(seed: 0x574F_5244)
        var text = WordText()
        for length in 0...80 {
            // No marker bytes in the text, so the bytes touched past it are counted exactly.
            let bytes = (0..<length).map { _ in UInt8(random.below(0xA5)) }
            bytes.withUnsafeBytes { text.set($0) }
            #expect(text.count == length)
            let (written, past) = write { $0.put(text) }
            #expect(written == bytes, "length \(length)")
            #expect(past <= ByteCursor.overshoot, "length \(length)")
        }
    }

    @Test func wordTextFollowedByMoreTextLeavesNoTrace() {
        var text = WordText()
        Array("0.016667,".utf8).withUnsafeBytes { text.set($0) }
        let (written, _) = write { cursor in
            cursor.put(text)
            cursor.put("0,12,")
            cursor.put(text)
        }
        #expect(String(decoding: written, as: UTF8.self) == "0.016667,0,12,0.016667,")
    }

    @Test func everyKindsNameThenItsTerminator() {
        RowKindName.byRank.withUnsafeBufferPointer { names in
            for kind in RowKind.allCases {
                for terminator in [UInt8(ascii: ","), UInt8(ascii: "\"")] {
                    let (written, past) = write { $0.putName(of: kind, then: terminator, from: names) }
                    #expect(written == Array(kind.rawValue.utf8) + [terminator])
                    #expect(past <= ByteCursor.overshoot)
                }
            }
        }
    }
}
