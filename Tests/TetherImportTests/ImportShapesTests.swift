import Foundation
import Testing
import TetherImport
import TetherLayout
import TetherPhysics

/// Every shape the debugger, `print`, `NSLog` and crash reports print layout attributes in, read
/// from fixture files written after them; the frames are checked by hand against the text.
@Suite struct ImportShapesTests {
    typealias F = ImportFixtures

    static func read(_ fixture: String, _ options: ImportOptions = ImportOptions()) throws -> ImportedLayout {
        try LayoutImport.read(try F.text(fixture), options: options)
    }

    @Test func swiftPoOfAnOptionalArray() throws {
        let layout = try Self.read("swift-po-optional.txt")
        let e = layout.elements
        #expect(e.count == 5)
        #expect(e.map(\.kind) == [.header(UIKitKinds.header), .cell, .cell, .footer(UIKitKinds.footer), .cell])
        #expect(e.map(\.section) == [0, 0, 0, 0, 1])
        #expect(e.map(\.item) == [0, 0, 1, 0, 0])
        #expect(e[0].frame == Rect(x: 0, y: 0, width: 375, height: 32) && e[0].zIndex == 10)
        #expect(e[1].frame == Rect(x: 15, y: 44, width: 345, height: 57.5) && e[1].alpha == 1 && e[1].zIndex == 0)
        #expect(e[2].frame == Rect(x: 15, y: 111.5, width: 345, height: 57.5) && e[2].alpha == 0.25)
        #expect(e[3].frame == Rect(x: 0, y: 179, width: 375, height: 20.25) && e[3].zIndex == -3)
        // Negative, fractional and exponent numbers: (-7.5 209.75; 1e+03 4.5e-1).
        #expect(e[4].frame == Rect(x: -7.5, y: 209.75, width: 1000, height: 0.45))
        #expect(e.map(\.place.line) == [4, 5, 6, 7, 8])
        #expect(e[1].place.column == 11, "after \"    - 1 : \"")
        #expect(layout.notes.isEmpty, "the dump announces 5 elements and holds 5")
        #expect(layout.summary.counts.map(\.count) == [1, 2, 1, 1])
        #expect(layout.summary.lines == 4...8)
        // The union of the frames: x reaches −7.5 + 1000, y the last cell's 209.75 + 0.45.
        #expect(layout.summary.contentSize.width == 992.5)
        #expect(abs(layout.summary.contentSize.height - 210.2) < 1e-12)
    }

    @Test func objectiveCArrayAsLLDBPrintsIt() throws {
        let layout = try Self.read("objc-po-array.txt")
        let e = layout.elements
        #expect(e.map(\.item) == [0, 1, 2, 3])
        #expect(e.allSatisfy { $0.kind == .cell && $0.className == "FMCollectionLayoutAttributes" })
        #expect(e[2].frame == Rect(x: 132, y: 10, width: 150, height: 140) && e[2].zIndex == 2)
        #expect(e[3].isHidden && e[3].frame == Rect(x: 282, y: 10, width: 61, height: 70))
        // Hidden: kept, drawn with alpha 0, and said so.
        #expect(layout.attributes[3].alpha == 0 && layout.summary.hiddenCount == 1)
        #expect(layout.notes.contains { $0.message.contains("hidden = YES") && $0.place?.line == 6 })
        #expect(e.allSatisfy { $0.ignoredFields.isEmpty })
    }

    @Test func nsLogOfAnArrayWithItsTimestamp() throws {
        let e = try Self.read("nslog-array.txt").elements
        #expect(e.count == 2)
        #expect(e[0].frame == Rect(x: 20, y: 12, width: 335, height: 44))
        #expect(e[1].frame == Rect(x: 20, y: 66, width: 335, height: 44) && e[1].alpha == 0.5 && e[1].zIndex == 1)
        #expect(e.allSatisfy { $0.ignoredFields.isEmpty }, "the closing quote ends the description")
    }

    @Test func swiftPrintOfAnArrayAndOfOptionalsWithSubclassFields() throws {
        let layout = try Self.read("swift-print.txt")
        let e = layout.elements
        #expect(e.map { "\($0.section).\($0.item)" } == ["0.0", "0.1", "1.0", "1.1"])
        #expect(e[1].frame == Rect(x: 160, y: 0, width: 160, height: 38) && e[1].zIndex == 1)
        #expect(e[2].className == "Kit.BrickAttributes" && e[2].frame == Rect(x: 0, y: 48, width: 320, height: 114))
        #expect(e[3].frame == Rect(x: 0, y: 172, width: 160, height: 38) && e[3].zIndex == 5)
        #expect(e[2].ignoredFields == ["originalFrame", "identifier"] && e[3].ignoredFields == ["originalFrame", "identifier"])
        #expect(layout.summary.ignoredFieldCount == 4)
        #expect(layout.summary.ignoredFields == [.init(name: "originalFrame", count: 2), .init(name: "identifier", count: 2)])
        #expect(layout.summary.text.contains { $0.contains("ignored 4 subclass fields: originalFrame ×2, identifier ×2") })
    }

    /// A crash's "changed from <…> to <…>": the same element twice, the later wins; a message about
    /// a decoration view makes its two descriptions decorations.
    @Test func crashMessagesChangedFromTo() throws {
        let layout = try Self.read("crash-changed.txt")
        let e = layout.elements
        #expect(e.count == 3)
        #expect(e[0].kind == .header(UIKitKinds.header) && e[0].frame.size.height == 48 && e[0].zIndex == -1)
        #expect(e[1].kind == .decoration("SectionBackground") && e[1].frame.size.height == 320)
        #expect(e[2].kind == .cell && e[2].frame == Rect(x: 16, y: 48, width: 343, height: 60))
        #expect(layout.summary.duplicatesDropped == 2)
        #expect(layout.notes.count == 2 && layout.notes.allSatisfy { $0.message.contains("this later description is kept") })
        #expect(layout.attributes.map(\.key.kind) == [.header, .cell, .decoration])

        let first = try Self.read("crash-changed.txt", ImportOptions(duplicates: .keepFirst))
        #expect(first.elements[0].frame.size.height == 32 && first.elements[0].zIndex == 10)
        #expect(first.elements[1].frame.size.height == 300)
        #expect(first.notes.allSatisfy { $0.message.contains("the first description is kept") })
    }

    @Test func linesWrappedByATerminalAndByAnIndentingFormatter() throws {
        let e = try Self.read("wrapped.txt").elements
        #expect(e.count == 3)
        #expect(e[0].kind == .cell && e[0].frame == Rect(x: 15, y: 12, width: 384, height: 57.5) && e[0].zIndex == 7 && e[0].alpha == 0.75)
        #expect(e[1].kind == .header(UIKitKinds.header) && e[1].className == "MyApp.CardAttributes")
        #expect(e[1].frame == Rect(x: 0, y: -12.25, width: 375, height: 32) && e[1].zIndex == 10)
        #expect(e[2].kind == .cell && e[2].item == 1 && e[2].frame == Rect(x: 10, y: 10, width: 300, height: 44))
        #expect(e.map(\.place.line) == [2, 6, 12])
    }

    /// Cut anywhere by a line break, as a terminal of any width cuts it, a description reads the
    /// same (a subclass field cut at its start may go uncounted, nothing else).
    @Test func aDescriptionCutAtEveryPositionReadsTheSame() throws {
        let line = "- 0 : <Kit.CardAttributes: 0x7fa405c290e0> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0}); frame = (15.5 -12; 384 5.75e+01); transform = [0.99980000666657776, 0.019998666693333080, -0.019998666693333080, 0.99980000666657776, 0, 0]; hidden = YES; alpha = 0.5; zIndex = -7; IS CLONE; originalFrame: (0.0, 0.0, 160.0, 38.0); "
        let whole = try LayoutImport.read(line).elements
        #expect(whole.count == 1 && whole[0].ignoredFields == ["originalFrame"])
        let bytes = Array(line.utf8)
        for cut in 1..<bytes.count {
            let text = String(decoding: bytes[..<cut] + Array("\n".utf8) + bytes[cut...], as: UTF8.self)
            let e = try LayoutImport.read(text).elements
            #expect(e.count == 1, "cut at \(cut)")
            guard var element = e.first else { continue }
            element.ignoredFields = whole[0].ignoredFields
            var expected = whole[0]
            expected.place = element.place
            #expect(element == expected, "cut at \(cut): \(text)")
        }
    }

    @Test func aDumpCutShortIsNoted() throws {
        let text = try F.text("swift-po-optional.txt").replacingOccurrences(of: "some : 5 elements", with: "some : 300 elements")
        let layout = try LayoutImport.read(text)
        #expect(layout.notes.count == 1)
        #expect(layout.notes[0].place?.line == 3 && layout.notes[0].message.contains("announces 300 elements; 5 descriptions read"))
    }
}
