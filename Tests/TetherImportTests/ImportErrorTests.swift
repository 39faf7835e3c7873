import Foundation
import Testing
import TetherImport

/// Text that looks like layout attributes but cannot be read is an error naming the line and
/// column; text without any is an error of its own; nothing is imported either way.
@Suite struct ImportErrorTests {
    static let good = "<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (0 0; 10 10); "

    static func error(_ text: String) throws -> ImportError {
        try #require(throws: ImportError.self) { try LayoutImport.read(text) }
    }

    @Test func noAttributesAtAll() throws {
        for text in ["", "(lldb) po collectionView.collectionViewLayout\n<UICollectionViewFlowLayout: 0x7fb2f0d0a2c0>\n", "▿ 0 elements\n"] {
            let error = try Self.error(text)
            #expect(error.place == nil && error.message.hasPrefix("no layout attributes found"))
        }
    }

    @Test(arguments: [
        // A frame's number, the column of the bad one.
        ("frame = (0 0; ten 10); ", 85, "expected a number for the frame's width, found \"ten\""),
        ("frame = (0 0 10 10); ", 84, "expected ; between the frame's origin and size"),
        ("frame = (0 nan; 10 10); ", 82, "the frame's y is nan: an element needs finite numbers"),
        ("frame = (0 0; 10 inf); ", 88, "the frame's height is inf"),
        ("frame = (0 0; 10 10); zIndex = 1.5; ", 102, "expected a whole number for zIndex"),
        ("frame = (0 0; 10 10); hidden = maybe; ", 102, "expected YES or NO"),
        ("frame = (0 0; 10 10); alpha = ; ", 101, "expected a number for alpha, found \";\""),
        ("frame = (0 0; 10 10); frame = (0 0; 1 1); ", 93, "frame given twice"),
        ("frame = (0 0; 10 10); non-affine transform; ", 93, "a non-affine (3D) transform"),
        ("zIndex = 2; ", 1, "has no frame = (x y; w h)"),
    ])
    func badFieldsNameTheirPlace(fields: String, column: Int, message: String) throws {
        let text = "(lldb) po a\n<A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); " + fields + "\n"
        let error = try Self.error(text)
        #expect(error.message.contains(message), "\(error)")
        #expect(error.place == TextPlace(line: 2, column: column), "\(error)")
    }

    @Test func indexPathsOfAnotherLength() throws {
        let text = Self.good + "\n<A: 0x3> index path: (<NSIndexPath: 0x4> {length = 3, path = 0 - 1 - 2}); frame = (0 0; 10 10); "
        let error = try Self.error(text)
        #expect(error.place == TextPlace(line: 2, column: 23))
        #expect(error.message.contains("index path (0 - 1 - 2) has length 3"))
        let wrongCount = try Self.error("<A: 0x3> index path: (<NSIndexPath: 0x4> {length = 2, path = 7}); frame = (0 0; 10 10); ")
        #expect(wrongCount.message.contains("says length = 2 but has 1 index"))
    }

    @Test func indexPathTextWithoutAHeader() throws {
        let text = Self.good + "\nCustomAttributes: 0xd1123a0 index path: (NSIndexPath: 0xd112580 {length = 2, path = 0 - 1}); frame = (0 0; 1 1);\n"
        let error = try Self.error(text)
        #expect(error.place == TextPlace(line: 2, column: 29))
        #expect(error.message.contains("no <CLASS: 0xADDRESS> header"))
    }

    @Test func aSectionWithACellMissing() throws {
        let text = Self.good + "\n" + Self.good.replacingOccurrences(of: "0 - 0", with: "0 - 2")
        let error = try Self.error(text)
        #expect(error.place == TextPlace(line: 2, column: 1))
        #expect(error.message.contains("section 0 has cell 2 but no cell 1") && error.message.contains("whole content"))
    }

    @Test func valuesOutOfTheFormatsRange() throws {
        let alpha = try Self.error(Self.good + "alpha = 1.5; ")
        #expect(alpha.place == TextPlace(line: 1, column: 1) && alpha.message.contains("cell 0.0: alpha"))
        let empty = try Self.error(Self.good.replacingOccurrences(of: "10 10)", with: "0 10)"))
        #expect(empty.message.contains("a cell needs a positive width and height"))
        let far = try Self.error(Self.good.replacingOccurrences(of: "(0 0;", with: "(0 2e+09;"))
        #expect(far.message.contains("frame y"))
    }
}
