import Foundation
import Testing
import TetherLayout
import TetherPhysics
@testable import TetherRender
import TetherScenario
import TetherTestSupport

/// `tether render` of world scenes: the reference bounds as the stage, items labelled with their
/// ids, boundaries, attachments and contact points.
@Suite struct WorldRenderTests {
    func sceneOf(_ scenario: Scenario) -> WorldScene {
        guard case .world(let scene) = scenario.scene else { fatalError("\(scenario.name) is not a world scene") }
        return scene
    }

    static func html(_ recording: RenderRecording) -> String {
        String(decoding: HTMLPlayer.document(PlayerScene(recording: recording)), as: UTF8.self)
    }

    @Test(arguments: ["card-drop-shelf", "newtons-cradle"])
    func thePlayerDataHasEveryFrameAtTheCSVCenters(name: String) throws {
        let scenario = try RenderFixtures.scenario(name)
        let recording = try RenderRecording.record(scenario)
        let data = try HTMLPlayerTests.embeddedData(Self.html(recording))
        let elements = try #require(data["elements"] as? [[Any]])
        #expect(elements.map { $0[0] as? String } == sceneOf(scenario).items.indices.map { "item 0.\($0)" })
        #expect(elements.map { $0[9] as? String } == sceneOf(scenario).items.map(\.id))
        let tracks = try #require(data["tracks"] as? [[String: Any]])
        let frames = try #require(tracks.first?["frames"] as? [[Double]])
        #expect(frames.count == scenario.frames + 1)
        let world = try #require(data["world"] as? [String: Any])
        let worldFrames = try #require(world["frames"] as? [[[Double]]])
        #expect(worldFrames.count == scenario.frames + 1)
        #expect(world["bounds"] as? [Double] == [0, 0, sceneOf(scenario).bounds.size.x, sceneOf(scenario).bounds.size.y])

        // Every frame draws exactly the rows `tether run` prints, at the same centers.
        let rows = try RenderFixtures.csvRows(scenario)
        var byFrame: [Int: [(key: String, x: Double, y: Double)]] = [:]
        for r in rows { byFrame[r.frame, default: []].append((r.key, r.x, r.y)) }
        for frame in frames {
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

    @Test(arguments: ["card-drop-shelf", "newtons-cradle"])
    func theSVGIsWellFormedAndTheSameBytesEveryTime(name: String) throws {
        let scenario = try RenderFixtures.scenario(name)
        let a = AnimatedSVG.document(try RenderRecording.record(scenario, items: .all))
        let b = AnimatedSVG.document(try RenderRecording.record(scenario, items: .all))
        #expect(a == b)
        #expect(Self.html(try RenderRecording.record(scenario)) == Self.html(try RenderRecording.record(scenario)))
        let xml = XMLCollector.parse(a)
        #expect(xml.error == nil)
        let groups = xml.named("g").compactMap { $0["data-key"] }
        #expect(groups == sceneOf(scenario).items.indices.map { "item 0.\($0)" })
        let svg = try #require(xml.named("svg").first)
        #expect(svg["data-frames"] == String(scenario.frames + 1))
    }

    @Test func theShelfIsALineAndTheBouncesLeaveContactPoints() throws {
        let scenario = try RenderFixtures.scenario("card-drop-shelf")
        let recording = try RenderRecording.record(scenario)
        let world = try #require(recording.world)
        #expect(world.boundaries == [WorldLayer.Boundary(name: "shelf", from: Vec2(20, 400), to: Vec2(300, 400))])
        #expect(world.frames.allSatisfy { $0.boundaries == [0] && $0.attachments.isEmpty })
        // The card's first touch of the shelf: a point on it, drawn for contactFrames frames.
        let first = try #require(world.frames.firstIndex { !$0.contacts.isEmpty })
        let mark = world.frames[first].contacts[0]
        #expect(abs(mark.point.y - 400) < 1 && (110...210).contains(mark.point.x))
        #expect(world.frames[first + WorldLayer.contactFrames - 1].contacts.contains(mark))
        #expect(!world.frames[first + WorldLayer.contactFrames].contacts.contains(mark))
        #expect(world.frames[..<first].allSatisfy { $0.contacts.isEmpty })
        let svg = String(decoding: AnimatedSVG.document(recording), as: UTF8.self)
        #expect(svg.contains("<line data-key=\"boundary shelf\" x1=\"20\" y1=\"400\" x2=\"300\" y2=\"400\"/>"))
        #expect(svg.contains("<g class=\"contacts\""))
    }

    @Test func theCradleHangsOnFiveAttachmentsFromTheirAnchors() throws {
        let scenario = try RenderFixtures.scenario("newtons-cradle")
        let recording = try RenderRecording.record(scenario, items: .all)
        let world = try #require(recording.world)
        #expect(world.boundaries.isEmpty)
        for (f, frame) in world.frames.enumerated() {
            #expect(frame.attachments.map(\.from) == [80.0, 120, 160, 200, 240].map { Vec2($0, 100) })
            // The other end is the ball's center, 200 pt from the anchor.
            for (a, p) in zip(frame.attachments, recording.frames[f].placements) {
                #expect(a.to == p.center)
                #expect(abs((a.to - a.from).length - 200) < 1)
            }
        }
        // Ball 0 starts left of the bounds: the picture shows it anyway.
        #expect(world.extent.minX < -68)
        // Round items are drawn round.
        let svg = String(decoding: AnimatedSVG.document(recording), as: UTF8.self)
        #expect(svg.contains("rx=\"20\" ry=\"20\""))
        #expect(svg.contains("<text x=\"120\" y=\"304\">ball1</text>"))
    }

    @Test func theReferenceBoundsAsABoundaryAreFourUnnamedEdges() throws {
        let scenario = try RenderFixtures.scenario("lock-screen-drop", overrides: ["frames=5"])
        let world = try #require(try RenderRecording.record(scenario).world)
        let edges = world.boundaries.filter { $0.name == nil }
        #expect(edges.count == 4)
        let html = Self.html(try RenderRecording.record(scenario))
        #expect(html.contains("null]"))
    }

    @Test func aBehaviorAddedLaterShowsItsBoundaryFromThen() throws {
        let scenario = try RenderFixtures.scenario(
            "card-drop-shelf",
            overrides: [
                "frames=20",
                #"events=[{"frame": 10, "type": "addBehavior", "behavior": {"type": "collision", "id": "floor", "items": ["card"], "mode": "boundaries", "boundaries": [{"id": "floor", "from": {"x": 0, "y": 560}, "to": {"x": 320, "y": 560}}]}}]"#,
            ])
        let recording = try RenderRecording.record(scenario)
        let world = try #require(recording.world)
        #expect(world.boundaries.map(\.name) == ["shelf", "floor"])
        #expect(world.frames[10].boundaries == [0])
        #expect(world.frames[11].boundaries == [0, 1])
        let xml = XMLCollector.parse(AnimatedSVG.document(recording))
        #expect(xml.error == nil)
        let floor = try #require(xml.named("line").first { $0["data-key"] == "boundary floor" })
        #expect(floor["visibility"] == "hidden")
    }
}
