import Foundation
import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// A custom layout that holds a flow layout's attributes replays exactly like the flow layout:
/// read back from the CSV Tether printed, through data-source updates, and in the drop-in list.
@Suite struct CustomLayoutRoundTripTests {
    typealias F = CustomLayoutFixtures

    /// A flow layout whose frame 0, printed as CSV and read back, is exactly the same layout, so
    /// the same replay over it prints the same bytes. What must hold:
    /// - every number of frame 0 survives the CSV's 3 decimals exactly: the sizes, spacings and
    ///   insets are whole points and the justified gaps come out whole ((available − 4·60)/3 = 20
    ///   vertically, (540 − 7·60)/6 = 20 sideways), so each center and half size is a whole or
    ///   half point, which 3 decimals and a double both hold exactly, and center − size/2 gives
    ///   back the frame's origin to the bit;
    /// - the content size, which the CSV does not carry, is the union of the frames: a header
    ///   spans the viewport across and a footer ends the last section, so the union reaches the
    ///   flow layout's content edge on both axes;
    /// - the viewport rows of the CSV (the visible rect, not an element) are skipped;
    /// - headers are not pinned (a custom layout does not pin) and the springs are tiled through
    ///   the same spatial index over the same frames, so bodies are made in the same order.
    static func scenario(_ axis: Axis, layout: String? = nil) -> String {
        let vertical = axis == .vertical
        let (viewport, item, header, footer) = vertical
            ? (#"{"width": 320, "height": 568}"#, #"{"width": 60, "height": 40}"#, #"{"width": 0, "height": 30}"#, #"{"width": 0, "height": 20}"#)
            : (#"{"width": 320, "height": 560}"#, #"{"width": 40, "height": 60}"#, #"{"width": 30, "height": 0}"#, #"{"width": 20, "height": 0}"#)
        func by(_ d: Int) -> String { vertical ? #"{"x": 0, "y": \#(d)}"# : #"{"x": \#(d), "y": 0}"# }
        let flow = #"""
            {"type": "flow", "scrollDirection": "\#(axis.rawValue)", "sections": [60, 37], "itemSize": \#(item),
             "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
             "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10},
             "headerSize": \#(header), "footerSize": \#(footer), "sectionBackground": true}
            """#
        return #"""
            {"name": "round-trip", "frames": 240, "viewport": \#(viewport), "output": {"items": "all"},
             "layout": \#(layout ?? flow),
             "dynamics": {"type": "springy", "preset": "ash"},
             "events": [
               {"frame": 5, "type": "touchDown", "point": {"x": 150, "y": 400}},
               {"frame": 5, "type": "drag", "by": \#(by(-300)), "frames": 20},
               {"frame": 25, "type": "drag", "by": \#(by(90)), "frames": 10},
               {"frame": 40, "type": "touchUp", "velocity": \#(by(-1500))},
               {"frame": 150, "type": "fling", "velocity": \#(by(900))}
             ]}
            """#
    }

    @Test(arguments: [Axis.vertical, .horizontal])
    func aFlowLayoutsFrameZeroReadBackFromCSVReplaysToTheSameBytes(axis: Axis) throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let flow = try F.scenario(Self.scenario(axis))
        let flowCSV = try F.csv(flow)
        try Data(flowCSV.utf8).write(to: directory.appendingPathComponent("flow.csv"))
        // Same scenario, the layout replaced by the CSV's first frame (frame 0).
        let text = Self.scenario(axis, layout: #"{"type": "custom", "scrollDirection": "\#(axis.rawValue)", "elementsFile": "flow.csv"}"#)
        let custom = try F.scenario(text, file: directory.appendingPathComponent("custom.json").path)

        let flowLayout = try #require(flow.layoutScene?.layout as? FlowLayout)
        let customLayout = try #require(custom.layoutScene?.layout as? CustomLayout)
        #expect(F.differingElements(customLayout.attributes, flowLayout.attributes).isEmpty)
        #expect(customLayout.contentSize == flowLayout.contentSize)
        #expect(customLayout.sections == [60, 37])
        #expect(flowLayout.attributes.contains { $0.key.kind == .decoration && $0.zIndex == -1 })

        #expect(F.firstDifference(try F.csv(custom), flowCSV) == nil)
        var visibleFlow = flow, visibleCustom = custom
        visibleFlow.output.items = .visible
        visibleCustom.output.items = .visible
        #expect(F.firstDifference(try F.csv(visibleCustom), try F.csv(visibleFlow)) == nil)
        // The replay did move things: springs stretched and the content scrolled far.
        #expect(flowCSV.split(separator: "\n").count > 240 * 100)
    }

    /// A flow scenario with data-source updates, and the same with a custom layout that is given,
    /// at each update, the flow layout's attributes after it: the same bytes, fades included, so
    /// bodies, springs and ids follow the items exactly as they do for flow layouts.
    @Test func updatesWithTheLayoutAfterThemKeepIdentityExactlyAsAFlowLayoutDoes() throws {
        let viewport = Size(width: 320, height: 568)
        var layout = FlowLayout(
            viewportSize: viewport, sections: [30, 12], itemSize: Size(width: 140, height: 50),
            sectionInset: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10),
            headerSize: Size(width: 0, height: 24), footerSize: Size(width: 0, height: 16), sectionBackground: true)
        let initial = layout
        let updates: [(frame: Int, json: String, update: BatchUpdate)] = [
            (30, #""type": "batch", "deletes": [{"section": 0, "item": 2}, {"section": 1, "item": 0}], "inserts": [{"section": 0, "item": 5}], "moves": [{"from": {"section": 0, "item": 9}, "to": {"section": 1, "item": 3}}]"#,
             BatchUpdate(deletes: [ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 0)], inserts: [ItemPath(section: 0, item: 5)],
                         moves: [.init(from: ItemPath(section: 0, item: 9), to: ItemPath(section: 1, item: 3))])),
            (45, #""type": "insert", "items": [{"section": 0, "item": 0}, {"section": 0, "item": 1}]"#,
             BatchUpdate(inserts: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])),
            (70, #""type": "delete", "items": [{"section": 0, "item": 7}]"#, BatchUpdate(deletes: [ItemPath(section: 0, item: 7)])),
            (90, #""type": "move", "from": {"section": 1, "item": 0}, "to": {"section": 1, "item": 5}"#,
             .move(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 1, item: 5))),
        ]
        var flowEvents: [String] = [], customEvents: [String] = []
        for step in updates {
            layout = try layout.applying(step.update)
            flowEvents.append(#"{"frame": \#(step.frame), \#(step.json)}"#)
            // The move leaves the counts alone: its layout may be left out (the layout stays).
            let after = step.json.hasPrefix(#""type": "move""#) ? "" : #", "layout": \#(F.customLayout(layout.attributes))"#
            customEvents.append(#"{"frame": \#(step.frame), \#(step.json)\#(after)}"#)
        }
        let touches = #"""
            {"frame": 10, "type": "touchDown", "point": {"x": 100, "y": 300}},
            {"frame": 10, "type": "drag", "by": {"x": 0, "y": -250}, "frames": 30},
            {"frame": 50, "type": "touchUp", "velocity": {"x": 0, "y": -800}},
            """#
        func scenario(_ layoutJSON: String, _ events: [String]) throws -> Scenario {
            try F.scenario(#"""
                {"name": "t", "frames": 160, "viewport": {"width": 320, "height": 568}, "output": {"items": "all"},
                 "layout": \#(layoutJSON), "dynamics": {"type": "springy", "preset": "ash"},
                 "events": [\#(touches) \#(events.joined(separator: ", "))]}
                """#)
        }
        let flowJSON = #"{"type": "flow", "sections": [30, 12], "itemSize": {"width": 140, "height": 50}, "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}, "headerSize": {"width": 0, "height": 24}, "footerSize": {"width": 0, "height": 16}, "sectionBackground": true}"#
        let flow = try scenario(flowJSON, flowEvents)
        let custom = try scenario(F.customLayout(initial.attributes), customEvents)
        #expect((flow.layoutScene?.layout as? FlowLayout) == initial)
        let flowCSV = try F.csv(flow)
        #expect(F.firstDifference(try F.csv(custom), flowCSV) == nil)
        // Fading ghosts were printed (the deletes happened on screen).
        #expect(flowCSV.contains(",0.067,"))
    }

    /// The drop-in list over a custom layout whose inserted cells are 100 pt squares is the
    /// bundled flow one: deletes need no layout there (the item leaves the list later).
    @Test func theDropInListOverSquareCustomCellsIsTheFlowOne() throws {
        let flow = try F.bundled("drop-in-list")
        guard case .object(var document) = try F.bundledDocument("drop-in-list"),
              case .array(var events) = document["events"] else { Issue.record("not an object"); return }
        document["layout"] = try JSONParser.parse(#"{"type": "custom", "elements": []}"#)
        var count = 0
        for k in events.indices {
            guard case .object(var event) = events[k], event["type"] == .string("insert") else { continue }
            count += 1
            let cells = (0..<count).map { LayoutAttributes(key: .cell(0, $0), frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
            event["layout"] = try JSONParser.parse(F.customLayout(cells))
            events[k] = .object(event)
        }
        document["events"] = .array(events)
        let custom = try ScenarioLoader.decode(.object(document), file: "t.json")
        #expect(custom.layoutScene?.layout.sections == [0])
        #expect(F.firstDifference(try F.csv(custom), try F.csv(flow)) == nil)
    }

    @Test func aDropInItemTakesItsSizeFromItsCell() throws {
        let scenario = try F.scenario(#"""
            {"name": "t", "frames": 20, "viewport": {"width": 320, "height": 568}, "output": {"items": "all"},
             "layout": {"type": "custom", "elements": []}, "dynamics": {"type": "gravity"},
             "events": [{"frame": 0, "type": "insert", "items": [{"section": 0, "item": 0}],
                         "layout": {"type": "custom", "elements": [
                           {"section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 50, "height": 80}, "zIndex": 4, "alpha": 0.5}]}}]}
            """#)
        var replay = Replay(scenario)
        try replay.advance()
        let gravity = try #require(replay.dynamics as? GravityDynamics)
        let body = gravity.body(ofElement: 0)
        // UIKit's mass for 50 × 80 pt: 50·80/10 000.
        #expect(gravity.world.mass(of: body) == 0.4)
        let row = try #require(replay.frameRecord(items: .all).rows.first { $0.kind == .cell })
        #expect(row.size == Size(width: 50, height: 80))
        #expect(row.zIndex == 4)
        // It starts one width past the right edge at y 300, center (320 + 50 + 25, 300 + 40),
        // and has moved less than a point in one frame.
        #expect(abs(row.center.x - 395) < 1 && abs(row.center.y - 340) < 1, "\(row.center)")
    }

    /// 100 000 elements load from a CSV and replay (a figure for the time is `tether bench
    /// scenarios/bench/custom-100k.json`; here only that it works, and equals the flow replay).
    @Test func aHundredThousandElementsLoadAndReplay() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = #"""
            [{"frame": 2, "type": "touchDown", "point": {"x": 160, "y": 400}},
             {"frame": 2, "type": "drag", "by": {"x": 0, "y": -400}, "frames": 10},
             {"frame": 12, "type": "touchUp", "velocity": {"x": 0, "y": -3000}}]
            """#
        let flowText = #"""
            {"name": "big", "frames": 40, "viewport": {"width": 320, "height": 568},
             "layout": {"type": "flow", "sections": [60000, 40000], "itemSize": {"width": 44, "height": 44},
                        "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10},
                        "headerSize": {"width": 0, "height": 20}, "footerSize": {"width": 0, "height": 10}},
             "dynamics": {"type": "springy", "preset": "ash"}, "output": {"every": 40, "items": "all"}, "events": \#(events)}
            """#
        let flow = try F.scenario(flowText)
        try Data(try F.csv(flow).utf8).write(to: directory.appendingPathComponent("big.csv"))
        let custom = try F.scenario(
            #"{"name": "big", "frames": 40, "viewport": {"width": 320, "height": 568}, "layout": {"type": "custom", "elementsFile": "big.csv"}, "dynamics": {"type": "springy", "preset": "ash"}, "events": \#(events)}"#,
            file: directory.appendingPathComponent("big.json").path)
        let layout = try #require(custom.layoutScene?.layout as? CustomLayout)
        #expect(layout.attributes.count == 100_004)
        #expect(layout.sections == [60000, 40000])
        var visibleFlow = flow
        visibleFlow.output = .init()
        #expect(F.firstDifference(try F.csv(custom), try F.csv(visibleFlow)) == nil)
    }
}
