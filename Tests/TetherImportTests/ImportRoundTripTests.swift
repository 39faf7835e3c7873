import Foundation
import Testing
import TetherImport
import TetherJSON
import TetherLayout
import TetherScenario

/// A bundled flow layout's frame 0, printed the way lldb prints the attributes, imports to a
/// custom layout that replays to the same bytes as the flow layout: same dynamics, same events.
/// What makes it exact: the flow layout's frames are whole points (44 pt cells, 20 pt justified
/// gaps, 10 pt insets), which `%g` prints exactly, and the content size, which the description
/// does not carry, is given (the flow layout's content ends 10 pt of inset past the last cell).
@Suite struct ImportRoundTripTests {
    typealias F = ImportFixtures

    @Test func ashDragFlingFrameZeroThroughTheDebuggerReplaysTheSame() throws {
        let path = F.packageRoot.appendingPathComponent("scenarios/ash-drag-fling.json").path
        var flow = try ScenarioLoader.load(path)
        let flowLayout = try #require(flow.layoutScene?.layout as? FlowLayout)
        #expect(flowLayout.attributes.count == 1000)

        let imported = try LayoutImport.read(F.swiftDump(flowLayout.attributes))
        #expect(imported.attributes == flowLayout.attributes)
        #expect(imported.notes.isEmpty)
        #expect(imported.summary.counts == [ImportSummary.Count(section: 0, kind: .cell, count: 1000)])
        // The union of the frames stops at the last cells' edges; the flow layout's content adds
        // the right and bottom insets.
        #expect(imported.summary.contentSize == Size(width: 310, height: 10800))
        #expect(flowLayout.contentSize == Size(width: 320, height: 10810))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tether-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(ElementsFileWriter.json(imported.attributes).utf8).write(to: directory.appendingPathComponent("elements.json"))
        let custom: JSONValue = [
            "type": "custom", "elementsFile": "elements.json", "contentSize": ["width": 320, "height": 10810],
        ]
        let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).setting(custom, at: try JSONPath(parsing: "layout"))
        var replayed = try ScenarioLoader.decode(document, file: directory.appendingPathComponent("custom.json").path)
        #expect(replayed.layoutScene?.layout is CustomLayout)

        let flowCSV = try ReplayRunner.csv(for: flow)
        #expect(try ReplayRunner.csv(for: replayed) == flowCSV)
        flow.output.items = .all
        replayed.output.items = .all
        let allRows = try ReplayRunner.csv(for: flow)
        #expect(try ReplayRunner.csv(for: replayed) == allRows)
        // The replay moved the cells: the springs stretched, so rows differ from frame to frame.
        #expect(allRows.count > 240 * 1000 * 40)
    }

    /// Printed, read, written and read again as `layout.elementsFile`: every kind of element and
    /// every field survives, turned ones to the digits the description prints.
    @Test func elementsFileReadsBackAsTheImportedElements() throws {
        let elements = [
            LayoutAttributes(key: ElementKey(section: 0, kind: .header, item: 0), frame: Rect(x: 0, y: 0, width: 320, height: 30), zIndex: 10),
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 10, y: 40, width: 300, height: 44.5), alpha: 0.5),
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 10, y: 94.5, width: 300, height: 44), angle: 0.25, zIndex: -4),
            LayoutAttributes(key: ElementKey(section: 1, kind: .footer, item: 0), frame: Rect(x: 0, y: 150, width: 320, height: 20)),
            LayoutAttributes(key: ElementKey(section: 1, kind: .decoration, item: 0), frame: Rect(x: 0, y: 0, width: 320, height: 170), zIndex: -1),
        ]
        let text = "(lldb) po attributes\n" + elements.map { F.description($0) }.joined(separator: "\n")
        let imported = try LayoutImport.read(text, options: ImportOptions(roles: [("SectionBackground", .decoration)]))
        let json = ElementsFileWriter.json(imported.attributes)
        let document = try JSONParser.parse(Array(#"{"name": "t", "frames": 1, "viewport": {"width": 320, "height": 480}, "layout": {"type": "custom", "elements": \#(json)}}"#.utf8))
        let scenario = try ScenarioLoader.decode(document, file: "t.json")
        let layout = try #require(scenario.layoutScene?.layout as? CustomLayout)
        #expect(layout.attributes == imported.attributes)
        for (read, original) in zip(layout.attributes, elements) {
            #expect(read.key == original.key && read.alpha == original.alpha && read.zIndex == original.zIndex)
            #expect(abs(read.angle - original.angle) < 1e-15)
            #expect(abs(read.frame.midX - original.frame.midX) < 1e-3 && abs(read.frame.size.width - original.frame.size.width) < 2e-3)
            #expect(abs(read.frame.midY - original.frame.midY) < 1e-3 && abs(read.frame.size.height - original.frame.size.height) < 2e-3)
        }
        #expect(json.split(separator: "\n").count == elements.count + 2, "one element per line")
    }

    @Test func theScenarioIsReadyToRun() throws {
        let imported = try LayoutImport.read(try F.text("swift-po-optional.txt"))
        let text = try ScenarioWriter.scenario(imported, options: ScenarioWriter.Options(name: "cards", source: "dump.txt"))
        let scenario = try ScenarioLoader.decode(try JSONParser.parse(Array(text.utf8)), file: "cards.json")
        #expect(scenario.name == "cards" && scenario.frames == ScenarioWriter.frames)
        let layout = try #require(scenario.layoutScene?.layout as? CustomLayout)
        #expect(layout.attributes == imported.attributes)
        #expect(layout.contentSize == imported.summary.contentSize)
        // The viewport: the content's width, an iPhone screen's height.
        #expect(scenario.layoutScene?.viewport == Size(width: imported.summary.contentSize.width, height: 844))
        #expect(text.contains(#""dynamics": {"type": "springy", "preset": "ash"}"#))
        #expect(text.contains(#"{"frame": 10, "type": "fling", "velocity": {"x": 0, "y": 1500}}"#))

        let sideways = try ScenarioWriter.scenario(
            imported, options: ScenarioWriter.Options(scrollDirection: .horizontal, contentSize: Size(width: 2000, height: 300), viewport: Size(width: 320, height: 300)))
        let horizontal = try ScenarioLoader.decode(try JSONParser.parse(Array(sideways.utf8)), file: "h.json")
        #expect((horizontal.layoutScene?.layout as? CustomLayout)?.contentSize == Size(width: 2000, height: 300))
        #expect(horizontal.layoutScene?.viewport == Size(width: 320, height: 300))
        #expect(sideways.contains(#""velocity": {"x": 1500, "y": 0}"#))

        let bad = try #require(throws: ImportError.self) {
            try ScenarioWriter.scenario(imported, options: ScenarioWriter.Options(name: "no spaces allowed"))
        }
        #expect(bad.message.contains("name"))
    }
}
