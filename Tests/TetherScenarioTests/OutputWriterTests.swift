import Foundation
import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario
import TetherScenarioTestSupport

@Suite struct OutputWriterTests {
    let header = OutputHeader(scenario: "spring", hz: 60, metadata: [(key: "seed", value: "42")])

    @Test func csvHeaderAndRowAreByteExact() throws {
        let frame = FrameRecord(index: 83, time: 83.0 / 60, rows: [
            ElementRow(section: 0, item: 12, kind: .cell, center: Vec2(160, 412.3),
                       size: Size(width: 320, height: 44), angle: -0.0000004, alpha: 0.5, zIndex: -2),
        ])
        let text = String(decoding: try render(.csv, header: header, frames: [frame]), as: UTF8.self)
        #expect(text == """
            frame,time,section,item,kind,center_x,center_y,width,height,angle,alpha,z_index
            83,1.383333,0,12,cell,160.000,412.300,320.000,44.000,0.000000,0.500,-2

            """)
    }

    @Test func csvHasOneLinePerRow() throws {
        let frames = sampleFrames(count: 5, cells: 7)
        let text = String(decoding: try render(.csv, header: header, frames: frames), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 1 + frames.reduce(0) { $0 + $1.rows.count } + 1)
        #expect(lines.last == "")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.split(separator: ",").count == 12 })
        #expect(lines[1] == "0,0.000000,0,0,viewport,160.000,240.000,320.000,480.000,0.000000,1.000,0")
    }

    @Test func jsonParsesBackWithTheRightShape() throws {
        let frames = sampleFrames(count: 4, cells: 3)
        let bytes = try render(.json, header: header, frames: frames)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(root["scenario"] as? String == "spring")
        #expect(root["hz"] as? Int == 60)
        #expect(root["seed"] as? String == "42")
        let parsed = try #require(root["frames"] as? [[String: Any]])
        #expect(parsed.count == 4)
        for (frame, object) in zip(frames, parsed) {
            #expect(object["frame"] as? Int == frame.index)
            let items = try #require(object["items"] as? [[String: Any]])
            #expect(items.count == frame.rows.count - 1)  // the viewport row is contentOffset
            #expect(!items.contains { $0["kind"] as? String == "viewport" })
            let offset = try #require(object["contentOffset"] as? [Double])
            #expect(offset == [0, Double(frame.index)])
            #expect(items.last?["id"] as? String == "card \"A\"\n")
            #expect(items.first?["id"] == nil)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\"scenario\":\"spring\",\"hz\":60,\"seed\":\"42\",\"frames\":[\n{\"frame\":0,\"time\":0.000000,\"contentOffset\":[0.000,0.000],\"items\":[{\"section\":0,\"item\":0,\"kind\":\"header\",\"center\":[160.000,20.000],\"size\":[320.000,40.000],\"angle\":0.000000,\"alpha\":1.000,\"zIndex\":0},"))
        #expect(text.hasSuffix("}]}\n]}\n"))
    }

    @Test func jsonWithoutFramesOrOffsetIsStillValid() throws {
        let empty = try render(.json, header: OutputHeader(scenario: "e", hz: 30), frames: [])
        #expect(String(decoding: empty, as: UTF8.self) == "{\"scenario\":\"e\",\"hz\":30,\"frames\":[\n]}\n")
        _ = try JSONSerialization.jsonObject(with: Data(empty))
        let noOffset = FrameRecord(index: 0, time: 0, rows: [])
        let one = try render(.json, header: OutputHeader(scenario: "e", hz: 30), frames: [noOffset])
        #expect(String(decoding: one, as: UTF8.self).contains("{\"frame\":0,\"time\":0.000000,\"items\":[]}"))
    }

    @Test func jsonLinesHasOneObjectPerFrame() throws {
        let frames = sampleFrames(count: 6)
        let text = String(decoding: try render(.jsonl, header: header, frames: frames), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(text.hasSuffix("\n"))
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["frame"] as? Int == index)
            #expect(object["scenario"] == nil)
        }
        // The same frame object as inside the JSON document.
        let json = String(decoding: try render(.json, header: header, frames: frames), as: UTF8.self)
        #expect(json.contains(String(lines[2])))
    }

    @Test(arguments: OutputFormat.allCases)
    func repeatedRunsGiveIdenticalBytes(format: OutputFormat) throws {
        let frames = sampleFrames(count: 20, cells: 10)
        let first = try render(format, header: header, frames: frames)
        let second = try render(format, header: header, frames: frames)
        #expect(first == second)
        #expect(format == .none ? first.isEmpty : !first.isEmpty)
    }

    @Test func jsonStringEscaping() {
        var buffer: [UInt8] = []
        JSONString.append("a\"b\\c\nd\te\u{1}é", to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "\"a\\\"b\\\\c\\nd\\te\\u0001é\"")
    }

    @Test func rowKindRanks() {
        #expect(RowKind.allCases.map(\.rank) == [0, 1, 2, 3, 4, 5])
        #expect(RowKind(.footer) == .footer)
    }
}
