import Foundation
import Testing
import Tether

/// The library reads what the debugger printed with `tether import`'s reader.
@Suite struct ImportedElementsTests {
    static let pasted = """
        (lldb) po layout.layoutAttributesForElements(in: rect)
        <__NSArrayM 0x600000c41a40>(
        <UICollectionViewLayoutAttributes: 0x7fa405c290e0> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0}); element kind: (UICollectionElementKindSectionHeader); frame = (0 0; 375 32); zIndex = 10;,
        <MyApp.CardAttributes: 0x10ab8e860> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0}); frame = (15 42; 345 57.5); alpha = 0.5; shadow = 3;,
        <UICollectionViewLayoutAttributes: 0x7fa405c29300> index path: (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 1}); frame = (15 110; 345 57.5); hidden = YES;
        )
        """

    @Test func theDebuggersTextGivesTheElementsItDescribes() throws {
        let elements = try LayoutElement.imported(fromDebuggerText: Self.pasted)
        #expect(elements.count == 3)
        let header = try #require(elements.first { $0.kind == .header })
        #expect(header.frame == CGRect(x: 0, y: 0, width: 375, height: 32))
        #expect(header.zIndex == 10)
        let cells = elements.filter { $0.kind == .cell }.sorted { $0.item < $1.item }
        #expect(cells.map(\.item) == [0, 1])
        #expect(cells[0].frame == CGRect(x: 15, y: 42, width: 345, height: 57.5))
        #expect(cells[0].alpha == 0.5)
        // Hidden: kept, but with nothing to see.
        #expect(cells[1].alpha == 0)
    }

    @Test func textWithoutAttributesIsAnInvalidScenarioError() {
        #expect(throws: TetherError.self) { try LayoutElement.imported(fromDebuggerText: "(lldb) po nothing\nnil\n") }
        do {
            _ = try LayoutElement.imported(fromDebuggerText: "hello")
        } catch {
            #expect(error.kind == .invalidScenario)
            #expect(!error.description.contains("\n"))
        }
    }
}
