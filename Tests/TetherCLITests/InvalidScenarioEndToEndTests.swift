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
        BadScenario(name: "gravity not supported yet", json: scenario(dynamics: "{\"type\": \"gravity\"}"), expected: ["dynamics.type", "not supported yet"]),
        BadScenario(name: "pinHeaders not a boolean", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [3], \"pinHeaders\": 1}"), expected: ["layout.pinHeaders"]),
        BadScenario(name: "sectionBackground misspelt", json: scenario(layout: "{\"type\": \"flow\", \"sections\": [3], \"sectionBackgrund\": true}"), expected: ["layout.sectionBackgrund", "did you mean \"sectionBackground\""]),
        BadScenario(name: "insert not supported yet", json: events("{\"frame\": 1, \"type\": \"insert\", \"items\": []}"), expected: ["events[0].type", "not supported yet"]),
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
