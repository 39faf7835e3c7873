import Foundation
import Testing
import TetherJSON
import TetherLayout
@testable import TetherScenario

/// Every documented limit (docs/scenario-format.md, "10. Limits") holds on every way in: inline
/// JSON, a JSON elements file, a CSV elements file. Each is probed at its limit + 1.
@Suite struct InputLimitsTests {
    static let viewport = #""viewport": {"width": 320, "height": 568}"#

    /// A scenario whose custom layout reads `file` (in `folder`).
    static func scenario(elementsFile file: String, in folder: URL, extra: String = "") throws -> Scenario {
        try CustomLayoutFixtures.scenario(
            #"{"name": "t", "frames": 1, \#(viewport), "layout": {"type": "custom", "elementsFile": "\#(file)"\#(extra)}}"#,
            file: folder.appendingPathComponent("t.json").path)
    }

    /// The validation error of a scenario that must be refused.
    static func refusal(_ load: () throws -> Scenario) -> ScenarioLoadError? {
        do {
            _ = try load()
            return nil
        } catch let error as ScenarioLoadError {
            return error
        } catch {
            return nil
        }
    }

    static let header = "frame,time,section,item,kind,center_x,center_y,width,height,angle,alpha,z_index\n"

    /// A CSV of `count` rows of one 1 × 1 pt cell at `frame` (the same cell: the count comes
    /// before duplicates are looked for, and identical rows are quick to write).
    static func csv(cells count: Int, frame: Int = 0, header: Bool = true) -> [UInt8] {
        let row = Array("\(frame),0,0,0,cell,1,1,1,1,0,1,0\n".utf8)
        var bytes = header ? Array(Self.header.utf8) : []
        bytes.reserveCapacity(bytes.count + count * row.count)
        for _ in 0..<count { bytes.append(contentsOf: row) }
        return bytes
    }

    /// The element limit on a CSV elements file: 1 000 001 cells are refused at the line of the
    /// one too many, before any row is decoded (the count looks at each row's frame and kind
    /// only). Before the fix the CSV path had no limit at all.
    @Test func aCSVFileOfOneElementPastTheLimitIsRefusedAtThatLine() throws {
        let folder = try CustomLayoutFixtures.temporaryDirectory()
        try Data(Self.csv(cells: ScenarioLimits.maxElements + 1)).write(to: folder.appendingPathComponent("e.csv"))
        let error = try #require(Self.refusal { try Self.scenario(elementsFile: "e.csv", in: folder) })
        #expect(!error.isUnreadable, "an invalid scenario (exit 65), not a missing input")
        #expect(error.description.hasSuffix(
            "layout.elementsFile: \(folder.path)/e.csv: line \(ScenarioLimits.maxElements + 2): frame 0 has more than 1000000 elements, the limit of a custom layout"),
            "\(error)")
    }

    /// The count is of the frame read, exactly: the limit's worth passes (next to a row of
    /// another frame, which does not count), one more does not.
    @Test func theCSVCountIsOfTheFrameReadAndStopsAtTheLimit() throws {
        let full = Self.csv(cells: ScenarioLimits.maxElements) + Self.csv(cells: 1, frame: 1, header: false)
        #expect(throws: Never.self) { try ElementsCSV.checkCount(CSVLineCursor(full).advanced(), frame: 0) }
        let over = full + Self.csv(cells: 1, frame: 0, header: false)
        #expect(throws: ElementsCSV.Failure.self) { try ElementsCSV.checkCount(CSVLineCursor(over).advanced(), frame: nil) }
        #expect(throws: Never.self) { try ElementsCSV.checkCount(CSVLineCursor(over).advanced(), frame: 1) }
    }

    /// The element limit on JSON (inline and in a JSON elements file, one decoder): an array of
    /// 1 000 001 elements is refused before any element is read.
    @Test func aJSONListOfOneElementPastTheLimitIsRefused() throws {
        let element: JSONValue = try JSONParser.parse(#"{"section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#)
        let list = JSONValue.array(Array(repeating: element, count: ScenarioLimits.maxElements + 1))
        #expect(throws: ValidationError(.root.appending("elements"), "1000001 elements is more than the limit of 1000000")) {
            try CustomLayoutDecoder.decodeElements(list, at: .root.appending("elements"))
        }
    }

    /// The ranges of an element's values hold in a CSV row as in JSON, each one past its limit.
    @Test func eachValueOfACSVRowIsCheckedAtItsLimit() throws {
        let folder = try CustomLayoutFixtures.temporaryDirectory()
        let cases: [(row: String, message: String)] = [
            ("0,0,10000,0,header,1,1,1,1,0,1,0", "section: 10000 is out of range: must be from 0 to 9999"),
            ("0,0,0,1000000,header,1,1,1,1,0,1,0", "item: 1000000 is out of range: must be from 0 to 999999"),
            ("0,0,0,0,cell,100000001,1,1,1,0,1,0", "center_x: 100000001 is out of range: must be from -100000000 to 100000000"),
            ("0,0,0,0,cell,1,1,1000001,1,0,1,0", "width: 1000001 is out of range: must be from 0 to 1000000"),
            ("0,0,0,0,cell,1,1,1,1,6.3,1,0", "angle: 6.3 is out of range: must be from -6.283185307179586 to 6.283185307179586"),
            ("0,0,0,0,cell,1,1,1,1,0,1.001,0", "alpha: 1.001 is out of range: must be from 0 to 1"),
            ("0,0,0,0,cell,1,1,1,1,0,1,2147483648", "z_index: 2147483648 is out of range: must be from -2147483648 to 2147483647"),
        ]
        for (k, entry) in cases.enumerated() {
            try Data((Self.header + entry.row + "\n").utf8).write(to: folder.appendingPathComponent("\(k).csv"))
            let error = try #require(Self.refusal { try Self.scenario(elementsFile: "\(k).csv", in: folder) })
            #expect(error.description.hasSuffix("\(k).csv: line 2: \(entry.message)"), "\(error)")
        }
    }

    /// Elements files, JSON or CSV, are at most 64 MiB (one byte more is refused without
    /// reading further) and JSON ones nest at most 512 levels, like scenario files.
    @Test func elementsFilesHaveTheScenarioFilesSizeAndDepth() throws {
        let folder = try CustomLayoutFixtures.temporaryDirectory()
        for (name, start) in [("big.csv", Self.header), ("big.json", "[")] {
            var bytes = Array(start.utf8)
            bytes += Array(repeating: UInt8(ascii: " "), count: ScenarioLoader.maxFileSize + 1 - bytes.count)
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            let error = try #require(Self.refusal { try Self.scenario(elementsFile: name, in: folder) })
            #expect(!error.isUnreadable, "an invalid scenario (exit 65), not a missing input")
            #expect(error.description.hasSuffix("is larger than 64 MiB, the limit for elements files"), "\(error)")
        }
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        try Data(deep.utf8).write(to: folder.appendingPathComponent("deep.json"))
        let error = try #require(Self.refusal { try Self.scenario(elementsFile: "deep.json", in: folder) })
        #expect(error.description.contains("deep.json: line 1, column \(JSONParser.maximumDepth + 1): "), "\(error)")
    }
}

extension CSVLineCursor {
    /// The cursor on its next line (past the header, for the count).
    func advanced() -> CSVLineCursor {
        var cursor = self
        cursor.advance()
        return cursor
    }
}
