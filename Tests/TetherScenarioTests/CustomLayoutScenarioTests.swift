import Foundation
import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// Custom layouts as scenarios give them: the bundled circle checked against frames computed by
/// hand, its springs against mirror symmetry, and the three ways of writing elements against each
/// other.
@Suite struct CustomLayoutScenarioTests {
    typealias F = CustomLayoutFixtures

    /// Cell k of the circle sits at angle k·30° clockwise from the top, 120 pt from (160, 340):
    /// center (160 + 120·sin, 340 − 120·cos). With sin 30° = 1/2 and 120·cos 30° = 60·√3 =
    /// 103.923 (to the file's 3 decimals), by hand:
    static let circleCenters: [(Double, Double)] = [
        (160, 220), (220, 236.077), (263.923, 280), (280, 340), (263.923, 400), (220, 443.923),
        (160, 460), (100, 443.923), (56.077, 400), (40, 340), (56.077, 280), (100, 236.077),
    ]

    @Test func theCircleLayoutsCellsAreWhereTheCircleSaysAndStayThereAtRest() throws {
        let scenario = try F.bundled("circle-layout", overrides: ["events=[]", "frames=30"])
        let layout = try #require(scenario.layoutScene?.layout as? CustomLayout)
        #expect(layout.sections == [12])
        #expect(layout.contentSize == Size(width: 320, height: 900))
        let frames = try F.frames(scenario)
        for (f, rows) in frames.enumerated() {
            let cells = rows.filter { $0.kind == .cell }
            #expect(cells.map(\.item) == Array(0..<12))
            for (k, cell) in cells.enumerated() {
                let (x, y) = Self.circleCenters[k]
                // Exactly the written numbers: springs at their anchors do not move them.
                #expect(cell.center == Vec2(x, y), "frame \(f), cell \(k)")
                #expect(cell.size == Size(width: 60, height: 60))
                // And on the circle to the file's rounding: |center − (160, 340)| = 120.
                let r = ((x - 160) * (x - 160) + (y - 340) * (y - 340)).squareRoot()
                #expect(abs(r - 120) < 0.001, "cell \(k): r = \(r)")
            }
            // The header above (zIndex 1) and the ring behind (zIndex −1, alpha 0.5) keep their attributes.
            let header = try #require(rows.first { $0.kind == .header })
            #expect(header.center == Vec2(160, 30) && header.zIndex == 1)
            let ring = try #require(rows.first { $0.kind == .decoration })
            #expect(ring.center == Vec2(160, 340) && ring.size == Size(width: 240, height: 240))
            #expect(ring.zIndex == -1 && ring.alpha == 0.5)
        }
    }

    @Test func withoutAContentSizeTheCircleScrollsOverTheUnionOfItsFrames() throws {
        guard case .object(var document) = try F.bundledDocument("circle-layout"),
              case .object(var layout) = document["layout"] else { Issue.record("not an object"); return }
        layout["contentSize"] = nil
        document["layout"] = .object(layout)
        let scenario = try ScenarioLoader.decode(.object(document), file: F.packageRoot.appendingPathComponent("scenarios/x.json").path)
        // The header reaches x 320; cell 6 (center y 460, 60 tall) reaches y 490.
        #expect(scenario.layoutScene?.layout.contentSize == Size(width: 320, height: 490))
    }

    @Test func springsOnTheCircleKeepItsMirrorSymmetryThroughTheDrags() throws {
        // Both fingers land on the circle's axis (x 160) and drag straight along it, so cell k and
        // cell 12 − k (mirrored across x = 160) feel the same pull: same y, mirrored x, every frame.
        let frames = try F.frames(try F.bundled("circle-layout"))
        var largestLag = 0.0
        for (f, rows) in frames.enumerated() {
            let cells = rows.filter { $0.kind == .cell }
            #expect(cells.count == 12)
            for k in 1..<6 {
                let a = cells[k].center, b = cells[12 - k].center
                #expect(abs(a.y - b.y) < 1e-9, "frame \(f), cells \(k) and \(12 - k)")
                #expect(abs((a.x - 160) + (b.x - 160)) < 1e-9, "frame \(f), cells \(k) and \(12 - k)")
            }
            // Only the scroll axis moves: every x stays at its layout value.
            for (k, cell) in cells.enumerated() { #expect(cell.center.x == Self.circleCenters[k].0, "frame \(f), cell \(k)") }
            for (k, cell) in cells.enumerated() { largestLag = max(largestLag, abs(cell.center.y - Self.circleCenters[k].1)) }
            // The header and the backdrop are not sprung: they stay at their layout attributes.
            for row in rows where row.kind == .header { #expect(row.center == Vec2(160, 30) && row.zIndex == 1, "frame \(f)") }
            for row in rows where row.kind == .decoration { #expect(row.center == Vec2(160, 340) && row.zIndex == -1, "frame \(f)") }
        }
        // The drags did stretch the circle, and it came back round.
        #expect(largestLag > 10)
        let last = frames.last!.filter { $0.kind == .cell }
        for (k, cell) in last.enumerated() { #expect(abs(cell.center.y - Self.circleCenters[k].1) < 0.05, "cell \(k)") }
    }

    @Test func turnedCardsKeepTheirAngleAlphaAndZIndexUnderSprings() throws {
        let scenario = try F.bundled("card-stack")
        let frames = try F.frames(scenario)
        var moved = false
        for rows in frames[..<100] {
            for cell in rows where cell.kind == .cell {
                #expect(cell.angle == [0, 0.02, 0, -0.02][cell.item % 4])
                #expect(abs(cell.alpha - (0.64 + 0.04 * Double(cell.item))) < 1e-12)
                #expect(cell.zIndex == cell.item)
                if cell.center.y != Double(20 + 64 * cell.item + 90) { moved = true }
            }
        }
        #expect(moved)
    }

    /// An element that leaves out kind, zIndex, alpha and angle gets the key table's defaults.
    @Test func elementDefaultsAreTheTablesDefaults() throws {
        let element = try CustomLayoutDecoder.decodeElement(
            try JSONParser.parse(#"{"section": 0, "item": 0, "frame": {"x": 1, "y": 2, "width": 3, "height": 4}}"#), at: .root)
        let keys = LayoutFormats.elementKeys
        #expect(keys[.kind].defaultValue == .string(element.key.kind.rawValue) && element.key.kind == .cell)
        #expect(keys[.zIndex].defaultValue == .number(Double(element.zIndex)))
        #expect(keys[.alpha].defaultValue == .number(element.alpha) && element.alpha == 1)
        #expect(keys[.angle].defaultValue == .number(element.angle))
        #expect(element.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func inlineElementsAJSONFileAndACSVFileGiveTheSameLayout() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let elements = [
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 20, y: 100, width: 80, height: 40), angle: 0.25, alpha: 0.5, zIndex: 3),
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 20, y: 20, width: 80, height: 40.5)),
            LayoutAttributes(key: ElementKey(section: 1, kind: .header, item: 0), frame: Rect(x: 0, y: 200, width: 320, height: 30), zIndex: 9),
            LayoutAttributes(key: .cell(1, 0), frame: Rect(x: 120.25, y: 240, width: 60, height: 60)),
            LayoutAttributes(key: ElementKey(section: 1, kind: .decoration, item: 0), frame: Rect(x: 0, y: 230, width: 320, height: 90), zIndex: -1),
        ]
        func scenario(_ layout: String) throws -> Scenario {
            try F.scenario(#"{"name": "t", "frames": 2, "viewport": {"width": 320, "height": 568}, "layout": \#(layout)}"#,
                           file: directory.appendingPathComponent("t.json").path)
        }
        let inline = try scenario(F.customLayout(elements))
        try Data(("[" + elements.map(F.json).joined(separator: ",\n") + "]").utf8).write(to: directory.appendingPathComponent("e.json"))
        let fromJSON = try scenario(#"{"type": "custom", "elementsFile": "e.json"}"#)
        // The CSV of the inline scenario's frames 0…2, read back at frame 1.
        try Data(try F.csv(inline).utf8).write(to: directory.appendingPathComponent("e.csv"))
        let fromCSV = try scenario(#"{"type": "custom", "elementsFile": "e.csv", "frame": 1}"#)
        let expected = try #require(inline.layoutScene?.layout as? CustomLayout)
        #expect(expected.attributes.map(\.key) == elements.map(\.key).sorted())
        #expect(expected.sections == [2, 1])
        for other in [fromJSON, fromCSV] {
            let layout = try #require(other.layoutScene?.layout as? CustomLayout)
            #expect(F.differingElements(layout.attributes, expected.attributes).isEmpty)
            #expect(layout.contentSize == expected.contentSize)
            #expect(F.firstDifference(try F.csv(other), try F.csv(inline)) == nil)
        }
    }

    @Test func aCSVIsReadAtTheFrameAskedForAndItsFirstFrameByDefault() throws {
        let scenario = try F.bundled("from-output")
        let layout = try #require(scenario.layoutScene?.layout as? CustomLayout)
        let text = try String(contentsOf: F.packageRoot.appendingPathComponent("scenarios/layouts/waterfall-frame-30.csv"), encoding: .utf8)
        func rows(_ frame: String) -> [[Substring]] {
            text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .filter { $0[0] == frame && $0[4] != "viewport" }
        }
        #expect(layout.attributes.count == 60 && rows("30").count == 60)
        for (a, row) in zip(layout.attributes, rows("30")) {
            #expect(String(row[3]) == String(a.key.item))
            #expect(a.center == Vec2(Double(row[5])!, Double(row[6])!))
            #expect(a.frame.size == Size(width: Double(row[7])!, height: Double(row[8])!))
        }
        // Without "frame" the file's first frame is read: frame 0, the waterfall at rest, which
        // differs from frame 30 (the springs had moved the cards).
        guard case .object(var document) = try F.bundledDocument("from-output"),
              case .object(var object) = document["layout"] else { Issue.record("not an object"); return }
        object["frame"] = nil
        document["layout"] = .object(object)
        document["contentOffset"] = nil
        let first = try ScenarioLoader.decode(.object(document), file: F.packageRoot.appendingPathComponent("scenarios/x.json").path)
        let firstLayout = try #require(first.layoutScene?.layout as? CustomLayout)
        for (a, row) in zip(firstLayout.attributes, rows("0")) { #expect(a.center == Vec2(Double(row[5])!, Double(row[6])!)) }
        #expect(firstLayout.attributes.map(\.center) != layout.attributes.map(\.center))
    }
}
