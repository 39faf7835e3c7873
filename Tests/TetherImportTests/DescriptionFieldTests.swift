import Foundation
import Testing
import TetherImport
import TetherLayout
import TetherPhysics

/// Each field of a description, and the kinds of elements, read from one-line descriptions.
@Suite struct DescriptionFieldTests {
    static func one(_ fields: String, path: String = "0 - 0", className: String = "UICollectionViewLayoutAttributes", options: ImportOptions = ImportOptions()) throws -> ImportedElement {
        let text = "<\(className): 0x7fa405c290e0> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = \(path)}); \(fields)"
        let elements = try LayoutImport.read(text, options: options).elements
        #expect(elements.count == 1)
        return elements[0]
    }

    @Test func numbersAsPercentGPrintsThem() throws {
        #expect(try Self.one("frame = (-0.5 1e+06; 3.25 4e-02); ").frame == Rect(x: -0.5, y: 1e6, width: 3.25, height: 0.04))
        #expect(try Self.one("frame = (20 -8.98847e+07; 374 1.79769e+05); ").frame == Rect(x: 20, y: -8.98847e7, width: 374, height: 1.79769e5))
        #expect(try Self.one("frame = (-0 +2; 1.5E+2 7.); ").frame == Rect(x: 0, y: 2, width: 150, height: 7))
    }

    @Test func zIndexAlphaAndHidden() throws {
        let e = try Self.one("frame = (0 0; 10 10); hidden = YES; alpha = 0.35; zIndex = -2147483648; ")
        #expect(e.zIndex == Int(Int32.min) && e.alpha == 0.35 && e.isHidden)
        #expect(try !Self.one("frame = (0 0; 10 10); hidden = NO; ").isHidden)
    }

    @Test func subclassNamesAndFieldsAfterUIKits() throws {
        let e = try Self.one(
            "frame = (0 0; 10 10); zIndex = 1; progress = 0.5; IS FLOATING; floatingFrame = (0 0; 1 1); layer = <CALayer: 0x6000>; title: Hello, world; ",
            className: "MyApp.Module.CardAttributes")
        #expect(e.className == "MyApp.Module.CardAttributes")
        #expect(e.ignoredFields == ["progress", "IS FLOATING", "floatingFrame", "layer", "title"])
        #expect(e.zIndex == 1)
    }

    @Test func uikitFieldsInAnyOrderAfterTheIndexPath() throws {
        let e = try Self.one("zIndex = 3; alpha = 0.5; frame = (1 2; 3 4); element kind: (UICollectionElementKindSectionFooter); ")
        #expect(e.kind == .footer(UIKitKinds.footer) && e.frame == Rect(x: 1, y: 2, width: 3, height: 4) && e.zIndex == 3)
    }

    @Test func swiftIndexPathsAndBareOnes() throws {
        let header = try Self.one(
            "element kind: (UICollectionElementKindSectionHeader); frame = (0 0; 1 1); ", path: "12 - 345")
        #expect(header.section == 12 && header.item == 345)
        let swift = "<A: 0x1> index path: (<IndexPath: 0xc000000000000116> {length = 2, path = 0 - 0}); frame = (0 0; 1 1); "
        #expect(try LayoutImport.read(swift).elements[0].frame == Rect(x: 0, y: 0, width: 1, height: 1))
        let bare = "<A: 0x1> index path: ({length = 2, path = 0 - 0}); frame = (0 0; 1 1); "
        #expect(try LayoutImport.read(bare).elements.count == 1)
    }

    @Test func elementKinds() throws {
        let frame = "frame = (0 0; 10 10); "
        #expect(try Self.one(frame).kind == .cell)
        #expect(try Self.one("element kind: (UICollectionElementKindCell); " + frame).kind == .cell)
        #expect(try Self.one("element kind: (UICollectionElementKindSectionHeader); " + frame).kind == .header(UIKitKinds.header))
        #expect(try Self.one("element kind: (UICollectionElementKindSectionFooter); " + frame).kind == .footer(UIKitKinds.footer))
        // Any other kind is kept by name; UIKit does not say whether it is a decoration.
        #expect(try Self.one("element kind: (badge-kind); " + frame).kind == .supplementary("badge-kind"))
        // A subclass field may say so; so may the caller.
        #expect(try Self.one("element kind: (Background); " + frame + "representedElementCategory = UICollectionElementCategoryDecorationView; ").kind == .decoration("Background"))
        #expect(try Self.one("element kind: (Background); " + frame + "representedElementCategory: .supplementaryView; ").kind == .supplementary("Background"))
        let roles = ImportOptions(roles: [("title", .header), ("badge", .decoration), ("title", .footer)])
        #expect(try Self.one("element kind: (title); " + frame, options: roles).kind == .footer("title"), "the last role given wins")
        #expect(try Self.one("element kind: (badge); " + frame, options: roles).kind == .decoration("badge"))
    }

    /// Tether's layouts know headers, footers and decorations; other supplementary kinds are
    /// written as decorations, renumbered when two kinds share an index path.
    @Test func otherSupplementaryKindsBecomeDecorations() throws {
        let text = """
            <A: 0x1> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); frame = (0 0; 10 10);
            <A: 0x3> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); element kind: (badge); frame = (8 -2; 4 4); zIndex = 5;
            <A: 0x4> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 0}); element kind: (glow); frame = (-1 -1; 12 12); zIndex = -1;
            <A: 0x5> index path: (<NSIndexPath: 0x2> {length = 2, path = 0 - 3}); element kind: (glow); frame = (0 0; 1 1);
            """
        let layout = try LayoutImport.read(text)
        #expect(layout.elements.map(\.kind) == [.cell, .supplementary("badge"), .supplementary("glow"), .supplementary("glow")])
        let decorations = layout.attributes.filter { $0.key.kind == .decoration }
        // badge 0.0 stays 0.0; glow 0.0 takes the section's next free decoration number (4, after 0.3).
        #expect(decorations.map(\.key.item) == [0, 3, 4])
        #expect(decorations.map(\.zIndex) == [5, 0, -1])
        #expect(layout.notes.count == 1 && layout.notes[0].place?.line == 3)
        #expect(layout.notes[0].message.contains("written as decoration 0.4"))
    }
}
