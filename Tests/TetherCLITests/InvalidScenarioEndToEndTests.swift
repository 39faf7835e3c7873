import Foundation
import Testing

/// A bad scenario and the error it must produce.
struct BadScenario: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    /// Expected exit code.
    var status: Int32 = 65
    /// Text the single stderr line must contain (path and reason).
    var expected: [String]
    var testDescription: String { name }
}

/// Scenarios written without looking at the implementation: every one must end with one line on
/// stderr naming the file, the JSON path and the reason, a sysexits code, and no crash.
@Suite struct InvalidScenarioEndToEndTests {
    static let base = """
        "name": "bad", "frames": 60, "viewport": {"width": 320, "height": 568},
        "layout": {"type": "flow", "sections": [20], "itemSize": {"width": 300, "height": 44}}
        """

    static func scenario(_ extra: String = "", layout: String? = nil, dynamics: String? = nil) -> String {
        var text = "{" + base
        if let layout { text = "{\"name\": \"bad\", \"frames\": 60, \"viewport\": {\"width\": 320, \"height\": 568}, \"layout\": \(layout)" }
        if let dynamics { text += ", \"dynamics\": \(dynamics)" }
        if !extra.isEmpty { text += ", " + extra }
        return text + "}"
    }

    /// A drop-in list holding at most two items.
    static func gravity(_ list: String) -> String {
        scenario(
            "\"events\": [\(list)]", layout: "{\"type\": \"flow\", \"sections\": [0]}",
            dynamics: "{\"type\": \"gravity\", \"maxItems\": 2, \"removeAfter\": 0.5}")
    }

    static func events(_ list: String) -> String { scenario("\"events\": [\(list)]", dynamics: "{\"type\": \"springy\"}") }

    static let cases: [BadScenario] = [
        BadScenario(name: "malformed JSON", json: "{\"name\": \"x\",\n  \"frames\" 3}", expected: ["line 2, column 12"]),
        BadScenario(name: "empty file", json: "", expected: ["line 1, column 1"]),
        BadScenario(name: "NaN literal", json: scenario("\"seed\": NaN"), expected: ["line 2, column", "NaN"]),
        BadScenario(name: "number overflow", json: "{\"name\": \"x\", \"frames\": 1e999}", expected: ["out of range"]),
        BadScenario(name: "unknown key with suggestion", json: scenario("\"frmes\": 3"), expected: ["frmes", "did you mean \"frames\""]),
        BadScenario(name: "missing frames", json: "{\"name\": \"x\", \"viewport\": {\"width\": 1, \"height\": 1}, \"layout\": {\"type\": \"flow\", \"sections\": [1]}}", expected: ["frames"]),
        BadScenario(name: "wrong type", json: scenario().replacingOccurrences(of: "\"frames\": 60", with: "\"frames\": \"60\""), expected: ["frames", "expected an integer"]),
        BadScenario(name: "fractional frames", json: scenario().replacingOccurrences(of: "\"frames\": 60", with: "\"frames\": 2.5"), expected: ["frames"]),
        BadScenario(name: "bad name", json: scenario().replacingOccurrences(of: "\"name\": \"bad\"", with: "\"name\": \"../etc\""), expected: ["name"]),
        BadScenario(name: "zero item width", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [3], \"itemSize\": {\"width\": 0, \"height\": 44}}"), expected: ["layout.itemSize.width"]),
        BadScenario(name: "negative spacing", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [3], \"minimumLineSpacing\": -1}"), expected: ["layout.minimumLineSpacing"]),
        BadScenario(name: "absurd item count", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [50000000]}"), expected: ["layout.sections[0]"]),
        BadScenario(name: "absurd frames", json: scenario().replacingOccurrences(of: "\"frames\": 60", with: "\"frames\": 1000000000"), expected: ["frames", "out of range"]),
        BadScenario(name: "itemSizes count mismatch", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [2], \"itemSizes\": [[{\"width\": 10, \"height\": 10}]]}"), expected: ["layout.itemSizes[0]"]),
        BadScenario(name: "world without bounds", json: "{\"name\": \"x\", \"frames\": 3, \"world\": {}}", expected: ["world", "bounds"]),
        BadScenario(name: "layout and world", json: scenario("\"world\": {}"), expected: ["world", "not both"]),
        BadScenario(name: "unknown solver", json: scenario("\"solver\": \"fast\""), expected: ["solver", "accurate", "uikit"]),
        BadScenario(name: "waterfall without itemHeights", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [3]}"), expected: ["layout:", "missing required key \"itemHeights\""]),
        BadScenario(name: "waterfall itemHeights count mismatch", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [3, 2], \"itemHeights\": [[10, 20, 30], [40]]}"), expected: ["layout.itemHeights[1]", "has 1 heights but section 1 has 2 items"]),
        BadScenario(name: "waterfall itemHeights section count", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [1, 1], \"itemHeights\": [[10]]}"), expected: ["layout.itemHeights", "has 1 sections but \"sections\" has 2"]),
        BadScenario(name: "waterfall zero height", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [2], \"itemHeights\": [[10, 0]]}"), expected: ["layout.itemHeights[0][1]"]),
        BadScenario(name: "waterfall too many columns", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [1], \"columns\": 40, \"itemHeights\": [[10]]}"), expected: ["layout.columns", "leave no width for items"]),
        BadScenario(name: "waterfall zero columns", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [1], \"columns\": 0, \"itemHeights\": [[10]]}"), expected: ["layout.columns"]),
        BadScenario(name: "waterfall scrolling sideways", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [1], \"scrollDirection\": \"horizontal\", \"itemHeights\": [[10]]}"), expected: ["layout.scrollDirection", "vertically only"]),
        BadScenario(name: "flow key in a waterfall", json: scenario(layout: "{\"type\": \"waterfall\", \"sections\": [1], \"itemSize\": {\"width\": 1, \"height\": 1}, \"itemHeights\": [[10]]}"), expected: ["layout.itemSize", "belongs to flow layouts"]),
        BadScenario(name: "waterfall key in a flow", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [1], \"columns\": 2}"), expected: ["layout.columns", "belongs to waterfall layouts"]),
        BadScenario(name: "pinHeaders not a boolean", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [3], \"pinHeaders\": 1}"), expected: ["layout.pinHeaders"]),
        BadScenario(name: "sectionBackground misspelt", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [3], \"sectionBackgrund\": true}"), expected: ["layout.sectionBackgrund", "did you mean \"sectionBackground\""]),
        BadScenario(name: "gravity list that does not start empty", json: scenario(dynamics: "{\"type\": \"gravity\"}"), expected: ["layout.sections[0]", "starts empty"]),
        BadScenario(name: "gravity insert past maxItems", json: gravity("{\"frame\": 1, \"type\": \"insert\", \"items\": [{\"section\": 0, \"item\": 0}, {\"section\": 0, \"item\": 1}, {\"section\": 0, \"item\": 2}]}"), expected: ["events[0].items", "at frame 1: the list would hold 3 items, more than maxItems 2"]),
        BadScenario(name: "gravity delete of a falling item", json: gravity("{\"frame\": 1, \"type\": \"insert\", \"items\": [{\"section\": 0, \"item\": 0}]}, {\"frame\": 2, \"type\": \"delete\", \"items\": [{\"section\": 0, \"item\": 0}]}, {\"frame\": 3, \"type\": \"delete\", \"items\": [{\"section\": 0, \"item\": 0}]}"), expected: ["events[2].items[0]", "already falling"]),
        BadScenario(name: "gravity delete after the removal", json: gravity("{\"frame\": 1, \"type\": \"insert\", \"items\": [{\"section\": 0, \"item\": 0}]}, {\"frame\": 2, \"type\": \"delete\", \"items\": [{\"section\": 0, \"item\": 0}]}, {\"frame\": 40, \"type\": \"delete\", \"items\": [{\"section\": 0, \"item\": 0}]}"), expected: ["events[2].items[0]", "at frame 40: delete of item 0 in section 0: section 0 is empty; before this update the sections hold [0], after it [-1]"]),
        BadScenario(name: "insert past the end", json: events("{\"frame\": 1, \"type\": \"insert\", \"items\": [{\"section\": 0, \"item\": 22}]}"), expected: ["events[0].items[0]", "at frame 1: insert at 0.22: after this update section 0 has 21 items (0…20); before this update the sections hold [20], after it [21]"]),
        BadScenario(name: "delete past the end", json: events("{\"frame\": 30, \"type\": \"delete\", \"items\": [{\"section\": 0, \"item\": 3}, {\"section\": 0, \"item\": 20}]}"), expected: ["events[0].items[1]", "at frame 30: delete of item 20 in section 0: section 0 has only 20 items (0…19); before this update the sections hold [20], after it [18]"]),
        BadScenario(name: "delete in a missing section", json: events("{\"frame\": 2, \"type\": \"delete\", \"items\": [{\"section\": 1, \"item\": 0}]}"), expected: ["events[0].items[0]", "section 1 does not exist (1 section)"]),
        BadScenario(name: "move to a slot that does not exist", json: events("{\"frame\": 2, \"type\": \"move\", \"from\": {\"section\": 0, \"item\": 0}, \"to\": {\"section\": 0, \"item\": 20}}"), expected: ["events[0].to", "after this update section 0 has 20 items (0…19)"]),
        BadScenario(name: "batch deleting and moving one item", json: events("{\"frame\": 2, \"type\": \"batch\", \"deletes\": [{\"section\": 0, \"item\": 4}], \"moves\": [{\"from\": {\"section\": 0, \"item\": 4}, \"to\": {\"section\": 0, \"item\": 0}}]}"), expected: ["events[0].moves[0].from", "item 0.4 is both deleted and moved"]),
        BadScenario(name: "batch inserting twice at one place", json: events("{\"frame\": 2, \"type\": \"batch\", \"inserts\": [{\"section\": 0, \"item\": 1}, {\"section\": 0, \"item\": 1}]}"), expected: ["events[0].inserts[1]", "two items end at 0.1"]),
        BadScenario(name: "second delete counts the first", json: events("{\"frame\": 2, \"type\": \"delete\", \"items\": [{\"section\": 0, \"item\": 19}]}, {\"frame\": 3, \"type\": \"delete\", \"items\": [{\"section\": 0, \"item\": 19}]}"), expected: ["events[1].items[0]", "at frame 3: delete of item 19 in section 0: section 0 has only 19 items (0…18); before this update the sections hold [19], after it [18]"]),
        BadScenario(name: "update item key typo", json: events("{\"frame\": 2, \"type\": \"insert\", \"items\": [{\"section\": 0, \"iten\": 1}]}"), expected: ["events[0].items[0]", "did you mean \"item\""]),
        BadScenario(name: "updateMove without beginMove", json: events("{\"frame\": 2, \"type\": \"updateMove\", \"point\": {\"x\": 10, \"y\": 10}}"), expected: ["events[0].type", "no cell is lifted (add a beginMove before this updateMove)"]),
        BadScenario(name: "endMove without beginMove", json: events("{\"frame\": 2, \"type\": \"endMove\"}"), expected: ["events[0].type", "no cell is lifted"]),
        BadScenario(name: "cancelMove after endMove", json: events("{\"frame\": 2, \"type\": \"beginMove\", \"item\": {\"section\": 0, \"item\": 1}, \"point\": {\"x\": 10, \"y\": 60}}, {\"frame\": 5, \"type\": \"endMove\"}, {\"frame\": 6, \"type\": \"cancelMove\"}"), expected: ["events[2].type", "no cell is lifted (add a beginMove before this cancelMove)"]),
        BadScenario(name: "two beginMoves", json: events("{\"frame\": 2, \"type\": \"beginMove\", \"item\": {\"section\": 0, \"item\": 1}, \"point\": {\"x\": 10, \"y\": 60}}, {\"frame\": 5, \"type\": \"beginMove\", \"item\": {\"section\": 0, \"item\": 2}, \"point\": {\"x\": 10, \"y\": 60}}"), expected: ["events[1].type", "cell 0.1 is already lifted"]),
        BadScenario(name: "beginMove of a missing item", json: events("{\"frame\": 2, \"type\": \"beginMove\", \"item\": {\"section\": 0, \"item\": 20}, \"point\": {\"x\": 10, \"y\": 60}}"), expected: ["events[0].item", "section 0 has only 20 items (0…19); there is no item 20 to lift"]),
        BadScenario(name: "update while a cell is lifted", json: events("{\"frame\": 2, \"type\": \"beginMove\", \"item\": {\"section\": 0, \"item\": 1}, \"point\": {\"x\": 10, \"y\": 60}}, {\"frame\": 5, \"type\": \"insert\", \"items\": [{\"section\": 0, \"item\": 0}]}"), expected: ["events[1].type", "a cell is lifted for reordering"]),
        BadScenario(name: "beginMove without springs", json: scenario("\"events\": [{\"frame\": 2, \"type\": \"beginMove\", \"item\": {\"section\": 0, \"item\": 1}, \"point\": {\"x\": 10, \"y\": 60}}]"), expected: ["events[0].type", "needs springy dynamics"]),
        BadScenario(name: "beginMove outside the viewport", json: events("{\"frame\": 2, \"type\": \"beginMove\", \"item\": {\"section\": 0, \"item\": 1}, \"point\": {\"x\": 10, \"y\": 600}}"), expected: ["events[0].point", "outside"]),
        BadScenario(name: "unknown preset", json: scenario(dynamics: "{\"type\": \"springy\", \"preset\": \"asj\"}"), expected: ["dynamics.preset", "did you mean \"ash\""]),
        BadScenario(name: "negative damping", json: scenario(dynamics: "{\"type\": \"springy\", \"spring\": {\"damping\": -1}}"), expected: ["dynamics.spring.damping"]),
        BadScenario(name: "zero resistance", json: scenario(dynamics: "{\"type\": \"springy\", \"resistance\": 0}"), expected: ["dynamics.resistance"]),
        BadScenario(name: "event past the last frame", json: events("{\"frame\": 60, \"type\": \"scroll\", \"by\": {\"x\": 0, \"y\": 10}}"), expected: ["events[0].frame", "past the last frame"]),
        BadScenario(name: "drag beyond the end", json: events("{\"frame\": 0, \"type\": \"touchDown\", \"point\": {\"x\": 1, \"y\": 1}}, {\"frame\": 50, \"type\": \"drag\", \"by\": {\"x\": 0, \"y\": 1}, \"frames\": 20}"), expected: ["events[1].frames"]),
        BadScenario(name: "touchUp without touchDown", json: events("{\"frame\": 3, \"type\": \"touchUp\"}"), expected: ["events[0].type", "no finger is down"]),
        BadScenario(name: "drag without a finger", json: events("{\"frame\": 3, \"type\": \"drag\", \"by\": {\"x\": 0, \"y\": 5}}"), expected: ["events[0].type", "finger"]),
        BadScenario(name: "touch outside the viewport", json: events("{\"frame\": 3, \"type\": \"touchDown\", \"point\": {\"x\": 400, \"y\": 5}}"), expected: ["events[0].point", "outside"]),
        BadScenario(name: "scrollTo past the content", json: events("{\"frame\": 3, \"type\": \"scrollTo\", \"offset\": {\"x\": 0, \"y\": 99999}}"), expected: ["events[0].offset.y", "outside the scrollable range"]),
        BadScenario(name: "set of a fixed parameter", json: events("{\"frame\": 3, \"type\": \"set\", \"path\": \"frames\", \"value\": 9}"), expected: ["events[0].path", "cannot change during a run"]),
        BadScenario(name: "set to a bad value", json: events("{\"frame\": 3, \"type\": \"set\", \"path\": \"dynamics.spring.damping\", \"value\": \"soft\"}"), expected: ["events[0].value"]),
        BadScenario(name: "event with unknown key", json: events("{\"frame\": 3, \"type\": \"scroll\", \"by\": {\"x\": 0, \"y\": 5}, \"frame\": 4}"), expected: ["duplicate"]),
        BadScenario(name: "top level is an array", json: "[1, 2]", expected: ["expected an object"]),
        BadScenario(name: "unreadable file", json: "", status: 66, expected: ["no such file"]),
    ]

    @Test(arguments: cases)
    func badScenarioGivesOneClearLine(_ bad: BadScenario) throws {
        let directory = try TetherProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("scenario.json")
        if bad.status != 66 { try Data(bad.json.utf8).write(to: file) }
        for command in [["run"], ["validate"]] {
            let result = try TetherProcess.run(command + [file.path])
            #expect(result.status == bad.status, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty || command == ["validate"])
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "one line on stderr, got: \(result.stderr)")
            #expect(result.stderr.hasPrefix("tether: error: \(file.path): "))
            for text in bad.expected { #expect(result.stderr.contains(text), "missing '\(text)' in: \(result.stderr)") }
        }
    }
}
