import Foundation
import Testing
import TetherJSON
@testable import TetherScenario

/// What hostile but ordinary files found (issue "Hostile input II"): paths holding control
/// characters, raw line separators in messages, and a byte order mark accepted by one reader and
/// refused by another.
@Suite struct HostileInputTests {
    static let viewport = #""viewport": {"width": 320, "height": 568}"#

    static func layoutScene(elementsFile json: String, frame: String = "") -> String {
        #"{"name": "t", "frames": 1, \#(viewport), "layout": {"type": "custom", "elementsFile": \#(json)\#(frame)}}"#
    }

    static func refusal(_ text: String, file: String = "t.json") -> ScenarioLoadError? {
        do {
            _ = try CustomLayoutFixtures.scenario(text, file: file)
            return nil
        } catch {
            return error as? ScenarioLoadError
        }
    }

    /// A NUL in `elementsFile` used to open the file named by the part before it; every control
    /// character (and line separator) in a path is refused at the path's key, file there or not,
    /// in the scenario's layout and in the layout an update gives.
    @Test func pathsWithControlCharactersAreRefusedAtTheirKey() throws {
        let folder = try CustomLayoutFixtures.temporaryDirectory()
        try Data("[]".utf8).write(to: folder.appendingPathComponent("nul"))
        let file = folder.appendingPathComponent("t.json").path
        for (escape, codePoint) in [(#"\u0000"#, "U+0000"), (#"\n"#, "U+000A"), (#"\u001b"#, "U+001B"), (#"\u0085"#, "U+0085"), (#"\u2028"#, "U+2028")] {
            let error = try #require(Self.refusal(Self.layoutScene(elementsFile: "\"nul\(escape)x.csv\""), file: file))
            #expect(!error.isUnreadable, "an invalid scenario (exit 65), not a missing input")
            #expect(error.description == "\(file): layout.elementsFile: a file path cannot hold control characters: found \(codePoint) at character 4 of \"nul\(escape.replacingOccurrences(of: "001b", with: "001B"))x.csv\"")
        }
        let update = #"""
            {"name": "t", "frames": 10, \#(Self.viewport), "layout": {"type": "custom", "elements": [
               {"section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 100, "height": 44}},
               {"section": 0, "item": 1, "frame": {"x": 0, "y": 50, "width": 100, "height": 44}}]},
             "events": [{"frame": 1, "type": "delete", "items": [{"section": 0, "item": 1}],
                         "layout": {"type": "custom", "elementsFile": "nul\u0000"}}]}
            """#
        let error = try #require(Self.refusal(update, file: file))
        #expect(error.description.hasPrefix("\(file): events[0].layout.elementsFile: a file path cannot hold control characters: found U+0000"), "\(error)")
    }

    /// A syntax error names a line separator by its code point instead of printing it.
    @Test func aLineSeparatorInASyntaxErrorIsNamedNotPrinted() throws {
        for (scalar, name) in [("\u{2028}", "U+2028"), ("\u{2029}", "U+2029"), ("\u{85}", "U+0085"), ("\u{202E}", "U+202E")] {
            #expect(throws: JSONSyntaxError(line: 1, column: 13, message: "expected a string key after ',', found \(name)")) {
                try JSONParser.parse("{\"name\":\"x\",\(scalar)\"frames\":1}")
            }
        }
    }

    /// A 4 MB bad enumeration value used to print a 4 MB line: it is cut at 80 characters.
    @Test func aHugeBadValueIsCutInItsMessage() throws {
        let value = String(repeating: "b", count: 4_000_000)
        let error = try #require(Self.refusal(#"{"name": "t", "frames": 1, \#(Self.viewport), "layout": {"type": "flow", "sections": [1]}, "dynamics": {"type": "springy", "preset": "\#(value)"}}"#))
        #expect(error.description == "t.json: dynamics.preset: unknown value \"\(value.prefix(80))\"… (4000000 bytes); expected one of ash, vv, teehanlax, thspringy, jsq")
    }

    static let csv = """
        frame,time,section,item,kind,center_x,center_y,width,height,angle,alpha,z_index
        0,0.000000,0,0,cell,50.000,22.000,100.000,44.000,0.000000,1.000,0

        """

    /// One rule for every text input: a UTF-8 byte order mark at the very start is skipped. It
    /// used to be accepted in JSON and refused in a CSV elements file.
    @Test func aByteOrderMarkIsSkippedAtTheStartOfEveryTextInput() throws {
        let folder = try CustomLayoutFixtures.temporaryDirectory()
        let mark = ByteOrderMark.utf8
        let json = #"[{"section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 100, "height": 44}}]"#
        try Data(mark + Array(json.utf8)).write(to: folder.appendingPathComponent("e.json"))
        try Data(mark + Array(Self.csv.utf8)).write(to: folder.appendingPathComponent("e.csv"))
        let scenario = folder.appendingPathComponent("t.json")
        var layouts: [[String]] = []
        for name in ["e.json", "e.csv"] {
            try Data(mark + Array(Self.layoutScene(elementsFile: "\"\(name)\"").utf8)).write(to: scenario)
            let loaded = try ScenarioLoader.load(scenario.path)
            layouts.append(try CustomLayoutFixtures.csv(loaded).split(separator: "\n").map(String.init))
        }
        #expect(layouts[0] == layouts[1])
        #expect(layouts[0].count == 5, "the header, then the viewport and the cell at frames 0 and 1")
        // Only at the very start: a mark after it is content, and refused as such.
        try Data(mark + mark + Array(Self.csv.utf8)).write(to: folder.appendingPathComponent("twice.csv"))
        try Data(Self.layoutScene(elementsFile: "\"twice.csv\"").utf8).write(to: scenario)
        #expect(throws: ScenarioLoadError.self) { try ScenarioLoader.load(scenario.path) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(mark + mark + Array("[]".utf8)) }
    }
}
