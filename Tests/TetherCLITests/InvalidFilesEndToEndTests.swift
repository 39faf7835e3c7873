import Foundation
import Testing

/// Every file in scenarios/invalid/ is refused by `tether validate` with exit 65 and one line
/// naming the path and the reason. Files named schema-*.json hold mistakes the JSON Schema also
/// catches (`.ci/run` checks that with check-jsonschema); the others are semantic.
@Suite struct InvalidFilesEndToEndTests {
    /// File → the text after "tether: error: FILE: ".
    static let expected: [(file: String, error: String)] = [
        ("custom-duplicate-cell.json", "layout.elements[2]: cell 0.1 appears twice (also at layout.elements[1])"),
        ("custom-update-count-mismatch.json", "events[0].layout: at frame 20: the layout after this update has [2] cells per section, but the update leaves [1] (before it: [2])"),
        ("delete-last-then-missing.json", "events[1].items[0]: at frame 30: delete of item 11 in section 0: section 0 has only 11 items (0…10); before this update the sections hold [11], after it [10]"),
        ("event-after-the-last-frame.json", "events[0].frame: frame 150 is past the last frame: events run before frames 0…119 are stepped (\"frames\" is 120)"),
        ("schema-attachment-kind.json", "world.behaviors[0].kind: unknown value \"rubber\"; expected one of spring, limit, fixed, pin, sliding"),
        ("schema-clock-out-of-range.json", "clock.hz: 5000 is out of range: must be from 1 to 1000"),
        ("schema-custom-elements-and-file.json", "layout.elementsFile: give either \"elements\" or \"elementsFile\", not both"),
        ("schema-custom-unknown-kind.json", "layout.elements[1].kind: unknown value \"cel\"; expected one of cell, header, footer, decoration (did you mean \"cell\"?)"),
        ("schema-key-of-another-event.json", "events[0].by: unknown key \"by\""),
        ("schema-layout-and-world.json", "world: give either \"layout\" or \"world\", not both"),
        ("schema-unknown-event-type.json", "events[0].type: unknown value \"tap\"; expected one of touchDown, drag, touchUp, scroll, scrollTo, fling, set, insert, delete, move, batch, beginMove, updateMove, endMove, cancelMove, addBehavior, removeBehavior"),
        ("schema-unknown-key.json", "dynamics.spring.dampng: unknown key \"dampng\" (did you mean \"damping\"?)"),
        ("schema-unknown-preset.json", "dynamics.preset: unknown value \"bouncy\"; expected one of ash, vv, teehanlax, thspringy, jsq"),
        ("schema-wrong-type.json", "frames: expected an integer, found a string"),
        ("schema-zero-item-width.json", "layout.itemSize.width: 0 is out of range: must be greater than 0"),
    ]

    @Test func theListCoversTheFolder() throws {
        let folder = TetherProcess.packageRoot.appendingPathComponent("scenarios/invalid")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == Self.expected.map(\.file))
        #expect(files.filter { $0.hasPrefix("schema-") }.count >= 4)
    }

    @Test(arguments: expected.map(\.file))
    func validateRefusesIt(_ name: String) throws {
        let file = "scenarios/invalid/\(name)"
        let result = try TetherProcess.run(["validate", file])
        let error = try #require(Self.expected.first { $0.file == name }?.error)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "tether: error: \(file): \(error)\n")
    }
}
