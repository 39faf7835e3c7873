import Foundation
import Testing

/// A bad custom layout, the files next to it, and the error it must produce.
struct BadCustomLayout: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    /// Files written next to the scenario: name and contents (a name ending in "/" is a folder).
    var files: [(name: String, contents: String)] = []
    var status: Int32 = 65
    /// Text the single stderr line must contain.
    var expected: [String]
    var testDescription: String { name }
}

/// Custom layouts written wrong, inline or in files: each ends with one line on stderr naming the
/// scenario, the JSON path (and the place in the elements file), exit 65 for a bad layout and 66
/// for a missing or unreadable file, for `run` and `validate` alike.
@Suite struct InvalidCustomLayoutEndToEndTests {
    static func scenario(_ layout: String, events: String = "[]", dynamics: String = #"{"type": "springy", "preset": "ash"}"#) -> String {
        #"{"name": "c", "frames": 60, "viewport": {"width": 320, "height": 568}, "layout": \#(layout), "dynamics": \#(dynamics), "events": \#(events)}"#
    }

    static func cell(_ item: Int, section: Int = 0, y: Int? = nil, extra: String = "") -> String {
        #"{"section": \#(section), "item": \#(item), "frame": {"x": 10, "y": \#(y ?? 10 + 60 * item), "width": 300, "height": 50}\#(extra)}"#
    }

    static func custom(_ elements: [String]) -> String {
        #"{"type": "custom", "elements": [\#(elements.joined(separator: ", "))]}"#
    }

    static let three = custom([cell(0), cell(1), cell(2)])
    static let header = "frame,time,section,item,kind,center_x,center_y,width,height,angle,alpha,z_index"
    static func row(_ frame: Int, _ item: Int, kind: String = "cell", x: String = "160.000", width: String = "300.000") -> String {
        "\(frame),0.000000,0,\(item),\(kind),\(x),\(35 + 60 * item).000,\(width),50.000,0.000000,1.000,0"
    }
    static let viewportRow = "0,0.000000,0,0,viewport,160.000,284.000,320.000,568.000,0.000000,1.000,0"
    static func csv(_ rows: [String]) -> String { ([header] + rows).joined(separator: "\n") + "\n" }
    static let fromCSV = #"{"type": "custom", "elementsFile": "e.csv"}"#

    static let cases: [BadCustomLayout] = [
        // Inline elements.
        BadCustomLayout(name: "two cells with one index path", json: scenario(custom([cell(0), cell(1), cell(0, y: 300)])),
                        expected: ["layout.elements[2]: cell 0.0 appears twice (also at layout.elements[0])"]),
        BadCustomLayout(name: "two headers of one section", json: scenario(custom([
            cell(0), #"{"section": 0, "item": 0, "kind": "header", "frame": {"x": 0, "y": 0, "width": 320, "height": 10}}"#,
            #"{"section": 0, "item": 0, "kind": "header", "frame": {"x": 0, "y": 0, "width": 320, "height": 20}}"#])),
                        expected: ["layout.elements[2]: header 0.0 appears twice (also at layout.elements[1])"]),
        BadCustomLayout(name: "a gap in item numbers", json: scenario(custom([cell(0), cell(2), cell(3)])),
                        expected: ["layout.elements[1]", "section 0 has no cell 1, but has cell 2", "without gaps"]),
        BadCustomLayout(name: "cells of a section not starting at 0", json: scenario(custom([cell(0), cell(1, section: 1)])),
                        expected: ["layout.elements[1]", "section 1 has no cell 0"]),
        BadCustomLayout(name: "negative width", json: scenario(custom([#"{"section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": -5, "height": 50}}"#])),
                        expected: ["layout.elements[0].frame.width", "-5 is out of range"]),
        BadCustomLayout(name: "a cell without area", json: scenario(custom([#"{"section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 40, "height": 0}}"#])),
                        expected: ["layout.elements[0].frame", "cell 0.0 is 40×0 pt", "must be positive"]),
        BadCustomLayout(name: "unknown kind", json: scenario(custom([cell(0, extra: #", "kind": "cel""#)])),
                        expected: ["layout.elements[0].kind", "unknown value \"cel\"", "did you mean \"cell\""]),
        BadCustomLayout(name: "a world item is not a layout element", json: scenario(custom([cell(0, extra: #", "kind": "item""#)])),
                        expected: ["layout.elements[0].kind", "unknown value \"item\""]),
        BadCustomLayout(name: "misspelt element key", json: scenario(custom([cell(0, extra: #", "zindex": 2"#)])),
                        expected: ["layout.elements[0].zindex", "did you mean \"zIndex\""]),
        BadCustomLayout(name: "alpha above 1", json: scenario(custom([cell(0, extra: #", "alpha": 1.5"#)])),
                        expected: ["layout.elements[0].alpha", "out of range"]),
        BadCustomLayout(name: "fractional zIndex", json: scenario(custom([cell(0, extra: #", "zIndex": 1.5"#)])),
                        expected: ["layout.elements[0].zIndex", "expected an integer"]),
        BadCustomLayout(name: "elements and elementsFile", json: scenario(#"{"type": "custom", "elements": [], "elementsFile": "e.csv"}"#),
                        expected: ["layout.elementsFile", "either \"elements\" or \"elementsFile\""]),
        BadCustomLayout(name: "no elements at all", json: scenario(#"{"type": "custom"}"#),
                        expected: ["layout:", "missing required key \"elements\""]),
        BadCustomLayout(name: "a frame for inline elements", json: scenario(#"{"type": "custom", "elements": [], "frame": 3}"#),
                        expected: ["layout.frame", "inline elements have none"]),
        BadCustomLayout(name: "a flow key in a custom layout", json: scenario(#"{"type": "custom", "sections": [3], "elements": []}"#),
                        expected: ["layout.sections", "belongs to flow layouts; a custom layout lists its \"elements\""]),
        BadCustomLayout(name: "a custom key in a flow layout", json: scenario(#"{"type": "flow", "sections": [3], "elements": []}"#),
                        expected: ["layout.elements", "belongs to custom layouts"]),
        BadCustomLayout(name: "negative content size", json: scenario(#"{"type": "custom", "contentSize": {"width": 320, "height": -1}, "elements": []}"#),
                        expected: ["layout.contentSize.height", "out of range"]),
        // Elements files.
        BadCustomLayout(name: "a missing elements file", json: scenario(fromCSV), status: 66,
                        expected: ["layout.elementsFile", "e.csv: no such file"]),
        BadCustomLayout(name: "a folder for an elements file", json: scenario(fromCSV), files: [("e.csv/", "")], status: 66,
                        expected: ["layout.elementsFile", "e.csv: is a directory"]),
        BadCustomLayout(name: "elements file not JSON", json: scenario(#"{"type": "custom", "elementsFile": "e.json"}"#),
                        files: [("e.json", "[\n  {\"section\": 0,,}\n]")],
                        expected: ["layout.elementsFile", "e.json: line 2, column"]),
        BadCustomLayout(name: "bad element in a JSON file", json: scenario(#"{"type": "custom", "elementsFile": "e.json"}"#),
                        files: [("e.json", "[" + cell(0) + #", {"section": 0, "item": 1, "frame": {"x": 0, "y": 0, "width": 10, "height": "tall"}}]"#)],
                        expected: ["layout.elementsFile", "e.json: $[1].frame.height: expected a number, found a string"]),
        BadCustomLayout(name: "duplicate in a JSON file", json: scenario(#"{"type": "custom", "elementsFile": "e.json"}"#),
                        files: [("e.json", "[" + [cell(0), cell(1), cell(0)].joined(separator: ",") + "]")],
                        expected: ["layout.elementsFile", "e.json: $[2]: cell 0.0 appears twice (also at $[0])"]),
        BadCustomLayout(name: "a frame for a JSON file", json: scenario(#"{"type": "custom", "elementsFile": "e.json", "frame": 2}"#),
                        files: [("e.json", "[" + cell(0) + "]")],
                        expected: ["layout.frame", "a frame of a CSV file", "e.json is a JSON array"]),
        BadCustomLayout(name: "neither JSON nor Tether's CSV", json: scenario(fromCSV), files: [("e.csv", "x,y\n1,2\n")],
                        expected: ["layout.elementsFile", "e.csv: line 1: expected a JSON array of elements, or Tether's CSV"]),
        BadCustomLayout(name: "a CSV with only its header", json: scenario(fromCSV), files: [("e.csv", csv([]))],
                        expected: ["layout.elementsFile", "e.csv: line 2: no rows after the header"]),
        BadCustomLayout(name: "a non-finite number in a CSV", json: scenario(fromCSV),
                        files: [("e.csv", csv([viewportRow, row(0, 0), row(0, 1, x: "nan")]))],
                        expected: ["layout.elementsFile", "e.csv: line 4: center_x: expected a finite number, found \"nan\""]),
        BadCustomLayout(name: "an infinite size in a CSV", json: scenario(fromCSV),
                        files: [("e.csv", csv([viewportRow, row(0, 0, width: "inf")]))],
                        expected: ["e.csv: line 3: width: expected a finite number, found \"inf\""]),
        BadCustomLayout(name: "a negative size in a CSV", json: scenario(fromCSV),
                        files: [("e.csv", csv([viewportRow, row(0, 0), row(0, 1, width: "-300.000")]))],
                        expected: ["e.csv: line 4: width: -300 is out of range"]),
        BadCustomLayout(name: "a world scene's CSV", json: scenario(fromCSV),
                        files: [("e.csv", csv([row(0, 0, kind: "item")]))],
                        expected: ["e.csv: line 2: kind: unknown value \"item\"; expected one of cell, header, footer, decoration"]),
        BadCustomLayout(name: "a short CSV row", json: scenario(fromCSV),
                        files: [("e.csv", csv([viewportRow, "0,0.000000,0,0,cell,160.000,35.000,300.000,50.000,0.000000,1.000"]))],
                        expected: ["e.csv: line 3: expected 12 columns, found 11"]),
        BadCustomLayout(name: "a duplicate row in a CSV", json: scenario(fromCSV),
                        files: [("e.csv", csv([viewportRow, row(0, 0), row(0, 1), row(0, 0)]))],
                        expected: ["e.csv: line 5: cell 0.0 appears twice (also on line 3)"]),
        BadCustomLayout(name: "a CSV of the visible cells only", json: scenario(fromCSV),
                        files: [("e.csv", csv([viewportRow, row(0, 4), row(0, 5)]))],
                        expected: ["e.csv: line 3: section 0 has no cell 0, but has cell 4", "--items all"]),
        BadCustomLayout(name: "a frame the CSV does not have", json: scenario(#"{"type": "custom", "elementsFile": "e.csv", "frame": 7}"#),
                        files: [("e.csv", csv([viewportRow, row(0, 0), row(10, 0)]))],
                        expected: ["layout.frame", "e.csv: has no frame 7; its frames run from 0 to 10"]),
        // Updates of a custom layout.
        BadCustomLayout(name: "a layout after a delete with the old count",
                        json: scenario(three, events: #"[{"frame": 5, "type": "delete", "items": [{"section": 0, "item": 1}], "layout": \#(three)}]"#),
                        expected: ["events[0].layout", "at frame 5: the layout after this update has [3] cells per section, but the update leaves [2] (before it: [3])"]),
        BadCustomLayout(name: "an insert without the layout after it",
                        json: scenario(three, events: #"[{"frame": 5, "type": "insert", "items": [{"section": 0, "item": 3}]}]"#),
                        expected: ["events[0]:", "changes the cells per section from [3] to [4]", "give the layout after it in \"layout\""]),
        BadCustomLayout(name: "a layout after an update of a flow layout",
                        json: scenario(#"{"type": "flow", "sections": [3]}"#, events: #"[{"frame": 5, "type": "delete", "items": [{"section": 0, "item": 1}], "layout": \#(three)}]"#),
                        expected: ["events[0].layout", "a flow layout computes its own"]),
        BadCustomLayout(name: "a layout after an update that scrolls the other way",
                        json: scenario(three, events: #"[{"frame": 5, "type": "move", "from": {"section": 0, "item": 0}, "to": {"section": 0, "item": 2}, "layout": {"type": "custom", "scrollDirection": "horizontal", "elements": []}}]"#),
                        expected: ["events[0].layout.scrollDirection", "scrolls horizontal, but the scenario's layout scrolls vertical"]),
        BadCustomLayout(name: "a layout after an update that is not custom",
                        json: scenario(three, events: #"[{"frame": 5, "type": "delete", "items": [{"section": 0, "item": 1}], "layout": {"type": "flow", "elements": []}}]"#),
                        expected: ["events[0].layout.type", "unknown value \"flow\""]),
        BadCustomLayout(name: "a missing file for the layout after an update",
                        json: scenario(three, events: #"[{"frame": 5, "type": "delete", "items": [{"section": 0, "item": 1}], "layout": {"type": "custom", "elementsFile": "after.json"}}]"#),
                        status: 66, expected: ["events[0].layout.elementsFile", "after.json: no such file"]),
        BadCustomLayout(name: "a bad file for the layout after an update",
                        json: scenario(three, events: #"[{"frame": 5, "type": "delete", "items": [{"section": 0, "item": 1}], "layout": {"type": "custom", "elementsFile": "after.json"}}]"#),
                        files: [("after.json", "[" + [cell(0), cell(2)].joined(separator: ",") + "]")],
                        expected: ["events[0].layout.elementsFile", "after.json: $[1]: section 0 has no cell 1"]),
        // The drop-in list.
        BadCustomLayout(name: "a drop-in list that starts with cells", json: scenario(three, dynamics: #"{"type": "gravity"}"#),
                        expected: ["layout:", "starts empty", "give it no cells (section 0 has 3)"]),
        BadCustomLayout(name: "a drop-in list with a fixed item size over a custom layout",
                        json: scenario(custom([]), dynamics: #"{"type": "gravity", "itemSize": 50}"#),
                        expected: ["dynamics.itemSize", "takes the size of its cell"]),
    ]

    @Test(arguments: cases)
    func badCustomLayoutGivesOneClearLine(_ bad: BadCustomLayout) throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("scenario.json")
        try Data(bad.json.utf8).write(to: file)
        for (name, contents) in bad.files {
            let url = directory.appendingPathComponent(name)
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } else {
                try Data(contents.utf8).write(to: url)
            }
        }
        for command in [["run"], ["validate"]] {
            let result = try TetherProcess.run(command + [file.path])
            #expect(result.status == bad.status, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty || command == ["validate"])
            #expect(result.stderr.split(separator: "\n").count == 1, "one line on stderr, got: \(result.stderr)")
            #expect(result.stderr.hasPrefix("tether: error: \(file.path): "), "\(result.stderr)")
            for text in bad.expected { #expect(result.stderr.contains(text), "missing '\(text)' in: \(result.stderr)") }
        }
    }

    /// An elements file larger than a scenario file may be is over a limit (exit 65), found
    /// without reading it all (a sparse file of 64 MiB + 1 byte).
    @Test func anElementsFileOverTheSizeLimitIsRefused() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("e.csv")
        #expect(FileManager.default.createFile(atPath: big.path, contents: Data(Self.header.utf8)))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()
        let file = directory.appendingPathComponent("scenario.json")
        try Data(Self.scenario(Self.fromCSV).utf8).write(to: file)
        let result = try TetherProcess.run(["validate", file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr == "tether: error: \(file.path): layout.elementsFile: \(big.path): is larger than 64 MiB, the limit for elements files\n")
    }

    @Test func theElementsFileIsFoundNextToTheScenarioWhereverTetherRuns() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("scenarios/layouts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.csv([Self.viewportRow, Self.row(0, 0), Self.row(0, 1)]).utf8).write(to: folder.appendingPathComponent("e.csv"))
        let scenario = Self.scenario(#"{"type": "custom", "elementsFile": "layouts/e.csv"}"#)
        try Data(scenario.utf8).write(to: directory.appendingPathComponent("scenarios/c.json"))
        // From the folder above (a relative scenario path) and from elsewhere (an absolute one).
        let relative = try TetherProcess.run(["run", "scenarios/c.json", "--every", "60"], in: directory)
        let absolute = try TetherProcess.run(["run", directory.appendingPathComponent("scenarios/c.json").path, "--every", "60"])
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(relative.stdoutText == absolute.stdoutText)
        #expect(relative.stdoutText.contains("0,0.000000,0,1,cell,160.000,95.000,300.000,50.000,0.000000,1.000,0"))
    }
}
