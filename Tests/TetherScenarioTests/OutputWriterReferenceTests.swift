import Testing
import TetherLayout
import TetherPhysics
import TetherTestSupport
@testable import TetherScenario

/// The writers' bytes against rows formatted one by one with `ReferenceDecimal` and plain
/// string building: the room reserved per row, the columns reused from the previous row
/// (`RepeatedColumns`) and the chunked flushing must never change a byte.
@Suite struct OutputWriterReferenceTests {
    /// Frames of a few hundred rows (several 64 KiB chunks in all). Most rows have a grid
    /// cell's size, angle, alpha and z-index; the others change one of those five to a value
    /// that differs in the last bit, in the sign of zero, or a lot (huge, tiny, non-finite). A
    /// share of centers are huge or tiny too, and world items have ids that need escaping.
    static func frames() -> [FrameRecord] {
        var random = SplitMix64(seed: 0x524F_5753)
        let lengths = [88, -0.0, 0, 44.0005, 44.nextUp, 1e300, .nan]
        let angles = [-0.0, 0.25, 1e-7, -5e-7, 0.0.nextUp, .infinity]
        let alphas = [0.5, 0.0005, -0.0, 1.0.nextUp, 0.9995]
        return (0..<40).map { f in
            // Every row's item is its index, so item i's id is the i-th (used by item rows only).
            var ids: [String] = []
            let rows = (0..<300).map { i -> ElementRow in
                var size = Size(width: 44, height: 44)
                var (angle, alpha, z) = (0.0, 1.0, 0)
                switch random.below(8) {
                case 0: size.width = lengths[random.below(lengths.count)]
                case 1: size.height = lengths[random.below(lengths.count)]
                case 2: angle = angles[random.below(angles.count)]
                case 3: alpha = alphas[random.below(alphas.count)]
                case 4: z = Int(bitPattern: UInt(random.next())) >> random.below(64)
                default: break
                }
                // Half the coordinates come from a few columns and rows, as a grid's do, so the
                // writers' tables of repeated coordinates (`CoordinateTexts`) are used too.
                let repeated = [32, 96.0005, -0.0, 1e300, 44.nextUp, -160.25]
                let center = random.below(50) == 0
                    ? Vec2(random.uniform(-1, 1) * 1e18, -.leastNonzeroMagnitude)
                    : random.below(2) == 0
                    ? Vec2(repeated[random.below(repeated.count)], repeated[random.below(repeated.count)])
                    : Vec2(random.uniform(-400, 400), random.uniform(-1e8, 1e8))
                let kind = RowKind.allCases[random.below(RowKind.allCases.count)]
                let id: String? = kind == .item ? ["card", "say \"hi\"\n", "tab\there", "é\u{1}"][random.below(4)] : nil
                ids.append(id ?? "")
                return ElementRow(
                    section: random.below(3), item: i, kind: kind, center: center, size: size,
                    angle: angle, alpha: alpha, zIndex: z)
            }
            return FrameRecord(
                index: f, time: Double(f) / 60, contentOffset: f % 3 == 0 ? nil : Vec2(0, random.uniform(0, 5000)), rows: rows,
                itemIDs: ids)
        }
    }

    func r(_ value: Double, _ decimals: Int) -> String { ReferenceDecimal.text(value, decimals: decimals) }

    func csvRow(_ frame: FrameRecord, _ row: ElementRow) -> String {
        [
            String(frame.index), r(frame.time, 6), String(row.section), String(row.item), row.kind.rawValue,
            r(row.center.x, 3), r(row.center.y, 3), r(row.size.width, 3), r(row.size.height, 3),
            r(row.angle, 6), r(row.alpha, 3), String(row.zIndex),
        ].joined(separator: ",") + "\n"
    }

    func jsonString(_ s: String) -> String {
        var text = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\u{1}": text += "\\u0001"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    func jsonObject(_ frame: FrameRecord) -> String {
        var text = "{\"frame\":\(frame.index),\"time\":\(r(frame.time, 6))"
        if let offset = frame.contentOffset { text += ",\"contentOffset\":[\(r(offset.x, 3)),\(r(offset.y, 3))]" }
        let items = frame.rows.filter { $0.kind != .viewport }.map { row in
            "{\"section\":\(row.section),\"item\":\(row.item),\"kind\":\"\(row.kind.rawValue)\""
                + (row.kind == .item ? ",\"id\":" + jsonString(frame.itemIDs[row.item]) : "")
                + ",\"center\":[\(r(row.center.x, 3)),\(r(row.center.y, 3))]"
                + ",\"size\":[\(r(row.size.width, 3)),\(r(row.size.height, 3))]"
                + ",\"angle\":\(r(row.angle, 6)),\"alpha\":\(r(row.alpha, 3)),\"zIndex\":\(row.zIndex)}"
        }
        return text + ",\"items\":[" + items.joined(separator: ",") + "]}"
    }

    let header = OutputHeader(scenario: "reference", hz: 60)

    @Test func csvMatchesRowByRowFormatting() throws {
        let frames = Self.frames()
        let expected = CSVFrameWriter.headerLine + "\n" + frames.map { f in f.rows.map { csvRow(f, $0) }.joined() }.joined()
        let bytes = try render(.csv, header: header, frames: frames)
        #expect(bytes.count > 4 * OutputSink.chunkSize)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test func jsonLinesMatchesObjectByObjectFormatting() throws {
        let frames = Self.frames()
        let expected = frames.map { jsonObject($0) + "\n" }.joined()
        #expect(String(decoding: try render(.jsonl, header: header, frames: frames), as: UTF8.self) == expected)
    }

    @Test func jsonMatchesObjectByObjectFormatting() throws {
        let frames = Self.frames()
        let expected = "{\"scenario\":\"reference\",\"hz\":60,\"frames\":[\n" + frames.map(jsonObject).joined(separator: ",\n") + "\n]}\n"
        #expect(String(decoding: try render(.json, header: header, frames: frames), as: UTF8.self) == expected)
    }

    /// Each frame handed over in parts (`beginFrame`, `writeRows`, `endFrame`) as a replay
    /// builds and writes its rows: parts of every size from none to more than a frame, so
    /// parts begin and end anywhere, on viewport rows and on world items with ids too.
    func renderInParts(
        _ format: OutputFormat, frames: [FrameRecord], partSizes: [Int] = [0, 1, 2, 7, 64, 500]
    ) throws -> [UInt8] {
        let sink = OutputSink.inMemory()
        var writer = makeFrameWriter(format, sink: sink)
        #expect(writer.writesFramesInParts)
        var random = SplitMix64(seed: 0x5041_5254)
        try writer.begin(header)
        for frame in frames {
            try writer.beginFrame(FrameRecord(
                index: frame.index, time: frame.time, contentOffset: frame.contentOffset, rows: [], itemIDs: frame.itemIDs))
            try frame.rows.withUnsafeBufferPointer { rows in
                var start = 0
                while start < rows.count {
                    let end = min(start + partSizes[random.below(partSizes.count)], rows.count)
                    try writer.writeRows(UnsafeBufferPointer(rebasing: rows[start..<end]))
                    start = end
                }
            }
            try writer.endFrame()
        }
        try writer.finish()
        try sink.flush()
        return sink.collectedBytes
    }

    @Test func framesWrittenInPartsMatchRowByRowFormatting() throws {
        let frames = Self.frames()
        let csv = CSVFrameWriter.headerLine + "\n" + frames.map { f in f.rows.map { csvRow(f, $0) }.joined() }.joined()
        #expect(String(decoding: try renderInParts(.csv, frames: frames), as: UTF8.self) == csv)
        let jsonl = frames.map { jsonObject($0) + "\n" }.joined()
        #expect(String(decoding: try renderInParts(.jsonl, frames: frames), as: UTF8.self) == jsonl)
        let json = "{\"scenario\":\"reference\",\"hz\":60,\"frames\":[\n" + frames.map(jsonObject).joined(separator: ",\n") + "\n]}\n"
        #expect(String(decoding: try renderInParts(.json, frames: frames), as: UTF8.self) == json)
    }

    /// A frame's first item opens its list of items (the JSON writers copy every item with a
    /// separator before it and turn the first one's into the bracket): frames with no rows,
    /// with viewport rows only, and with viewport rows before a first item that is a cell or a
    /// world item with an id, written whole and in parts of none, one, two and 64 rows (so the
    /// first item comes in a later part than the frame's first rows, or alone in one).
    @Test func framesOpenTheirItemsWhereverTheFirstItemComes() throws {
        func row(_ kind: RowKind, _ item: Int) -> ElementRow {
            ElementRow(
                section: 0, item: item, kind: kind, center: Vec2(Double(item), 32), size: Size(width: 44, height: 44),
                angle: 0, alpha: 1, zIndex: 0)
        }
        var frames: [FrameRecord] = []
        for viewports in [0, 1, 2, 70] {
            for first in [RowKind.cell, .item, nil] {
                var rows = (0..<viewports).map { row(.viewport, $0) }
                if let first { rows += [row(first, viewports), row(.cell, viewports + 1), row(.item, viewports + 2)] }
                frames.append(FrameRecord(
                    index: frames.count, time: Double(frames.count) / 60, contentOffset: nil, rows: rows,
                    itemIDs: rows.indices.map { "id\($0)" }))
            }
        }
        #expect(frames.contains { $0.rows.isEmpty })
        let jsonl = frames.map { jsonObject($0) + "\n" }.joined()
        let json = "{\"scenario\":\"reference\",\"hz\":60,\"frames\":[\n" + frames.map(jsonObject).joined(separator: ",\n") + "\n]}\n"
        #expect(jsonl.contains(#""items":[]}"#) && jsonl.contains(#""items":[{"section":0,"item":70,"kind":"item","id":"id70""#))
        #expect(String(decoding: try render(.jsonl, header: header, frames: frames), as: UTF8.self) == jsonl)
        #expect(String(decoding: try render(.json, header: header, frames: frames), as: UTF8.self) == json)
        for partSizes in [[0, 1], [1], [2], [64], [0, 1, 2, 64]] {
            #expect(String(decoding: try renderInParts(.jsonl, frames: frames, partSizes: partSizes), as: UTF8.self) == jsonl)
            #expect(String(decoding: try renderInParts(.json, frames: frames, partSizes: partSizes), as: UTF8.self) == json)
        }
    }
}
