import Testing
import TetherTestSupport
@testable import TetherScenario

/// The writers' word-at-a-time copies (`WordText`, `RowKindName`, `SectionLead`) store whole
/// words, past the end of their text: what is left before the cursor must be exactly the text,
/// and the stores past it must stay within `ByteCursor.overshoot`.
@Suite struct OutputWordCopyTests {
    /// Writes through a cursor into a room filled with a marker byte; returns the bytes before
    /// the cursor and how many bytes past it were touched.
    func write(_ body: (inout ByteCursor) -> Void) -> (text: [UInt8], touchedPast: Int) {
        let marker: UInt8 = 0xA5
        var room = [UInt8](repeating: marker, count: 1024)  // a number of 1e300 is some 300 bytes
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
        for length in 0...140 {  // one to five blocks: the copies with no loop and the loop
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

    @Test func everyKindsNameBetweenItsWritersText() {
        let tables: [(names: [RowKindName], before: String, after: String)] = [
            (RowKindName.csv, "", ","),
            (RowKindName.jsonUpToCenter, #","kind":""#, #"","center":["#),
            (RowKindName.jsonKind, #","kind":""#, #"""#),
            (RowKindName.byRank(), "", ""),
        ]
        for table in tables {
            table.names.withUnsafeBufferPointer { names in
                for kind in RowKind.allCases {
                    let (written, past) = write { $0.putName(of: kind, from: names) }
                    #expect(String(decoding: written, as: UTF8.self) == table.before + kind.rawValue + table.after)
                    #expect(past <= ByteCursor.overshoot)
                }
            }
        }
    }

    /// A row's lead is its head, the section as `String` prints it and its tail, whichever
    /// sections come and in whatever order (rebuilt on every change, kept while one repeats),
    /// and a new head applies from the next row on.
    @Test func sectionLeadIsHeadSectionTail() {
        var random = SplitMix64(seed: 0x4C45_4144)
        var lead = SectionLead(head: #"{"section":"#, tail: #","item":"#)
        var head = #"{"section":"#
        let sections = [0, 0, 0, 7, 7, 12_345, -3, Int.max, Int.min, 0] + (0..<200).map { _ in random.below(4) }
        for (n, section) in sections.enumerated() {
            if n % 50 == 49 {
                head = "\(n),0.\(n),"
                lead.setHead { $0.append(contentsOf: Array(head.utf8)) }
            }
            let (written, past) = write { lead.put(section: section, to: &$0) }
            #expect(String(decoding: written, as: UTF8.self) == head + String(section) + #","item":"#, "row \(n)")
            #expect(past <= ByteCursor.overshoot)
            #expect(written.count <= lead.maxLength)
        }
    }

    /// Rows go into a chunk while the cursor is before the limit; the room made holds the chunk
    /// and one row of `rowRoom` more, whatever was pending, and the pending bytes stay put.
    @Test func chunkRoomHoldsTheChunkAndOneMoreRow() {
        var buffer = OutputBuffer(capacity: 16)
        FixedDecimal.append(12_345, into: &buffer)
        let rowRoom = 700
        var rows = 0
        buffer.append(rowsUpTo: 5_000, rowRoom: rowRoom) { cursor, limit in
            #expect(limit - cursor.position == 5_000 - 5)
            while cursor.position < limit {
                for _ in 0..<(rowRoom - ByteCursor.overshoot) { cursor.put(UInt8(ascii: "r")) }
                rows += 1
            }
        }
        #expect(rows == 8)  // 7 rows end before 5 000, the 8th starts before it
        #expect(buffer.count == 5 + 8 * (rowRoom - ByteCursor.overshoot))
        #expect(buffer.capacity >= 5_000 + rowRoom)
        #expect(buffer.withBytes { Array($0.prefix(5)) } == Array("12345".utf8))
        // Past the chunk already: no room for rows (the sink flushes first).
        buffer.append(rowsUpTo: 1_000, rowRoom: rowRoom) { cursor, limit in #expect(limit == cursor.position) }
    }

    /// A coordinate table writes what formatting writes, whether the value is found, missing,
    /// pushed out of its slot by another, too long to keep, or met while the table is left
    /// alone after a run of misses; and it stores no further past the text than allowed.
    @Test func coordinateTextsWriteWhatFormattingWrites() {
        var random = SplitMix64(seed: 0x434F_4F52)
        let table = CoordinateTexts()
        let columns: [Double] = [32, 96, 160, 224, 288, -0.0, 0, 0.0005, -0.0005, 999_999.9995, 1e300, .nan, -.infinity]
        var values: [Double] = []
        for round in 0..<40_000 {
            switch (round / 500) % 3 {
            case 0: values.append(columns[random.below(columns.count)])  // found, once kept
            case 1: values.append(random.uniform(-1e6, 1e6))  // a run of misses: the table is left alone
            default: values.append(random.below(2) == 0 ? columns[random.below(5)] : random.uniform(-500, 500))
            }
        }
        var disagreements: [String] = []
        for value in values {
            let (written, past) = write { table.put(value, to: &$0) }
            let expected = ReferenceDecimal.text(value, decimals: 3)
            if String(decoding: written, as: UTF8.self) != expected || past > ByteCursor.overshoot, disagreements.count < 5 {
                disagreements.append("\(value): \(String(decoding: written, as: UTF8.self)) (\(past) past), expected \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }
}
