import Foundation
import Testing
import TetherPhysics
@testable import TetherRender
import TetherScenario

@Suite struct HTMLPlayerTests {
    /// The JSON inside `<script type="application/json" class="tether-data">`.
    static func embeddedData(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" class=\"tether-data\">"
        let start = try #require(html.range(of: open))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test func thePageIsSelfContainedAndItsFramesMatchTheCSV() throws {
        let scenario = try RenderFixtures.scenario("ash-drag-fling")
        let recording = try RenderRecording.record(scenario)
        let html = String(decoding: HTMLPlayer.document(PlayerScene(recording: recording)), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        for tag in ["<head>", "</head>", "<body>", "</body>", "<svg class=\"stage\"", "window.tether"] {
            #expect(html.contains(tag), "missing \(tag)")
        }
        // Nothing is fetched: no external scripts, stylesheets, fonts or images.
        for forbidden in ["src=", "href=", "@import", "url(http", "@font-face"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
        let data = try Self.embeddedData(html)
        #expect(data["hz"] as? Int == 60)
        let elements = try #require(data["elements"] as? [[Any]])
        let tracks = try #require(data["tracks"] as? [[String: Any]])
        let frames = try #require(tracks.first?["frames"] as? [[Double]])
        #expect(frames.count == scenario.frames + 1)

        // Every frame draws exactly the rows `tether run` prints, at the same centers.
        let rows = try RenderFixtures.csvRows(scenario)
        var byFrame: [Int: [(key: String, x: Double, y: Double)]] = [:]
        for r in rows { byFrame[r.frame, default: []].append((r.key, r.x, r.y)) }
        for frame in frames {
            #expect((frame.count - 6) % PlayerScene.stride == 0)
            let index = Int(frame[0])
            let expected = byFrame[index] ?? []
            let drawn = stride(from: 6, to: frame.count, by: PlayerScene.stride).map { i in
                (key: elements[Int(frame[i])][0] as! String, x: frame[i + 1], y: frame[i + 2])
            }
            #expect(drawn.map(\.key) == expected.map(\.key), "frame \(index)")
            for (d, e) in zip(drawn, expected) {
                #expect(abs(d.x - e.x) <= 0.0051 && abs(d.y - e.y) <= 0.0051, "frame \(index) \(d.key)")
            }
        }
    }

    @Test func twoRendersAreIdenticalBytes() throws {
        let scenario = try RenderFixtures.scenario("teehanlax-horizontal")
        let a = HTMLPlayer.document(PlayerScene(recording: try RenderRecording.record(scenario)))
        let b = HTMLPlayer.document(PlayerScene(recording: try RenderRecording.record(scenario)))
        #expect(a == b)
    }

    @Test func everyKeepsFrameZeroAndMultiples() throws {
        let scenario = try RenderFixtures.scenario("vv-list")
        let recording = try RenderRecording.record(scenario, every: 7)
        #expect(recording.frames.map(\.index) == Array(stride(from: 0, through: scenario.frames, by: 7)))
    }

    @Test func textThatLooksLikeMarkupCannotCloseTheDataScript() throws {
        var recording = try RenderRecording.record(try RenderFixtures.scenario("vv-list", overrides: ["frames=3", "events=[]"]))
        recording.name = "</script><b>x</b>"
        recording.description = "a \"quoted\" & <tagged> line\nand a second"
        let html = String(decoding: HTMLPlayer.document(PlayerScene(recording: recording)), as: UTF8.self)
        #expect(!html.contains("</script><b>"))
        let data = try Self.embeddedData(html)
        #expect(data["name"] as? String == "</script><b>x</b>")
        #expect(data["description"] as? String == "a \"quoted\" & <tagged> line\nand a second")
    }

    @Test func aGoldenCSVReadsBackAsTheSameFrames() throws {
        let scenario = try RenderFixtures.scenario("chat-variable-heights")
        let recording = try RenderRecording.record(scenario, items: scenario.output.items, every: scenario.output.every)
        let golden = try RenderRecording.reading(csv: try ReplayRunner.csv(for: scenario), like: recording)
        #expect(golden.elements.count == recording.elements.count)
        #expect(golden.frames.count == recording.frames.count)
        for (g, r) in zip(golden.frames, recording.frames) {
            #expect(g.index == r.index)
            #expect(abs(g.contentOffset.y - r.contentOffset.y) <= 0.0011)
            #expect(g.placements.map(\.element) == r.placements.map(\.element))
        }
        let comparison = CheckReport.compare(golden: golden.frames, actual: recording.frames, elements: golden.elements)
        #expect(comparison.highlights.allSatisfy { $0.isEmpty })
        #expect(comparison.largest.allSatisfy { $0.value <= 0.0011 })
    }

    @Test func aMovedCellIsHighlightedInTheFramesWhereItMoved() throws {
        let scenario = try RenderFixtures.scenario("vv-list")
        let recording = try RenderRecording.record(scenario)
        var golden = recording.frames
        let slot = golden[50].placements[2].element
        golden[50].placements[2].center.y += 5
        let c = CheckReport.compare(golden: golden, actual: recording.frames, elements: recording.elements)
        #expect(c.highlights[50] == [slot])
        #expect(c.highlights.enumerated().allSatisfy { $0.offset == 50 || $0.element.isEmpty })
        #expect(abs(c.largest[50].value - 5) < 1e-9)
    }

    @Test func malformedCSVIsAnErrorWithItsLine() throws {
        let recording = try RenderRecording.record(try RenderFixtures.scenario("vv-list", overrides: ["frames=2", "events=[]"]))
        let csv = Array("\(CSVFrameWriter.headerLine)\n0,0.000000,0,0,cell,1,2,3,4,0,1,0\nnonsense\n".utf8)
        #expect(throws: CSVReadError.self) { try RenderRecording.reading(csv: csv, like: recording) }
        do {
            _ = try RenderRecording.reading(csv: csv, like: recording)
        } catch {
            #expect(error.line == 3)
        }
    }
}
