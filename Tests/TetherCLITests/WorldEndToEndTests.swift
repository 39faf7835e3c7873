import Foundation
import Testing

@Suite struct WorldEndToEndTests {
    @Test func aWorldSceneRunsWithItemRowsAndIds() throws {
        let csv = try TetherProcess.run(["run", "scenarios/card-drop-shelf.json", "--every", "50"])
        #expect(csv.status == 0)
        let lines = csv.stdoutText.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1] == "0,0.000000,0,0,item,160.000,100.000,100.000,140.000,0.000000,1.000,0")
        let json = try TetherProcess.run(["run", "scenarios/card-drop-shelf.json", "--format", "json", "--every", "50"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let frames = try #require(document["frames"] as? [[String: Any]])
        let items = try #require(frames[0]["items"] as? [[String: Any]])
        #expect(items.first?["id"] as? String == "card")
        #expect(document["restingSince"] as? Int == 139, "the card settles and the animator pauses")
        #expect(json.stderr.contains("at rest from frame 139"))
    }

    @Test func untilRestStopsWhereTheWorldPaused() throws {
        let result = try TetherProcess.run(["run", "scenarios/lock-screen-drop.json", "--until-rest"])
        #expect(result.status == 0)
        let last = try #require(result.stdoutText.split(separator: "\n").last)
        #expect(last.hasPrefix("138,"))
    }

    @Test func contactEventsAreWrittenAndStable() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let first = directory.appendingPathComponent("a.jsonl")
        let second = directory.appendingPathComponent("b.jsonl")
        #expect(try TetherProcess.run(["run", "scenarios/card-drop-shelf.json", "--format", "none", "--contacts", first.path]).status == 0)
        #expect(try TetherProcess.run(["run", "scenarios/card-drop-shelf.json", "--format", "none", "--contacts", second.path]).status == 0)
        let text = try String(contentsOf: first, encoding: .utf8)
        #expect(try Data(contentsOf: first) == (try Data(contentsOf: second)))
        let lines = text.split(separator: "\n")
        // The card lands on the shelf, bounces off and lands again: began, ended, began, …
        #expect(lines.first == #"{"frame":42,"event":"began","item":"card","boundary":"shelf","point":[160.000,400.000]}"#)
        #expect(lines.dropFirst().first == #"{"frame":43,"event":"ended","item":"card","boundary":"shelf"}"#)
        #expect(lines.last?.contains("\"began\"") == true, "it ends resting on the shelf")
    }

    @Test func aSceneWithCollisionsGivesTheSameBytesInTwoProcesses() throws {
        let a = try TetherProcess.run(["run", "scenarios/pile-50.json", "--every", "20"])
        let b = try TetherProcess.run(["run", "scenarios/pile-50.json", "--every", "20"])
        #expect(a.status == 0)
        #expect(a.stdout.count > 10_000)
        #expect(a.stdout == b.stdout)
    }

    static let bounds = #""bounds": {"x": 0, "y": 0, "width": 320, "height": 568}"#
    static let card = #"{"id": "card", "center": {"x": 10, "y": 10}, "size": {"width": 10, "height": 10}}"#

    static let badWorlds: [BadScenario] = [
        BadScenario(name: "unknown item id", json: #"{"name": "w", "frames": 5, "world": {"# + bounds + #", "items": ["# + card + #"], "behaviors": [{"type": "gravity", "items": ["crd"]}]}}"#, expected: ["world.behaviors[0].items[0]", "did you mean \"card\""]),
        BadScenario(name: "attachment to itself", json: #"{"name": "w", "frames": 5, "world": {"# + bounds + #", "items": ["# + card + #"], "behaviors": [{"type": "attachment", "item": "card", "toItem": "card"}]}}"#, expected: ["world.behaviors[0].toItem", "itself"]),
        BadScenario(name: "zero size", json: #"{"name": "w", "frames": 5, "world": {"# + bounds + #", "items": [{"id": "a", "center": {"x": 1, "y": 1}, "size": {"width": 0, "height": 3}}]}}"#, expected: ["world.items[0].size.width"]),
        BadScenario(name: "negative size", json: #"{"name": "w", "frames": 5, "world": {"# + bounds + #", "items": [{"id": "a", "center": {"x": 1, "y": 1}, "size": {"width": -4, "height": 3}}]}}"#, expected: ["world.items[0].size.width"]),
        BadScenario(name: "NaN", json: #"{"name": "w", "frames": 5, "world": {"# + bounds + #", "items": [{"id": "a", "center": {"x": NaN, "y": 1}, "size": {"width": 4, "height": 3}}]}}"#, expected: ["NaN"]),
        BadScenario(name: "layout event in a world", json: #"{"name": "w", "frames": 5, "world": {"# + bounds + #", "items": ["# + card + #"]}, "events": [{"frame": 1, "type": "touchDown", "point": {"x": 1, "y": 1}}]}"#, expected: ["events[0].type", "need a layout"]),
        BadScenario(name: "remove an unknown behavior", json: #"{"name": "w", "frames": 5, "world": {"# + bounds + #", "items": ["# + card + #"], "behaviors": [{"type": "gravity", "id": "g", "items": ["card"]}]}, "events": [{"frame": 1, "type": "removeBehavior", "id": "gg"}]}"#, expected: ["events[0].id", "did you mean \"g\""]),
        BadScenario(name: "viewport in a world", json: #"{"name": "w", "frames": 5, "viewport": {"width": 1, "height": 1}, "world": {"# + bounds + #", "items": ["# + card + #"]}}"#, expected: ["viewport", "layout scenes"]),
    ]

    @Test(arguments: badWorlds)
    func badWorldSceneGivesOneClearLine(_ bad: BadScenario) throws {
        let directory = try TetherProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("world.json")
        try Data(bad.json.utf8).write(to: file)
        let result = try TetherProcess.run(["run", file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("tether: error: \(file.path): "))
        for text in bad.expected { #expect(result.stderr.contains(text), "missing '\(text)' in: \(result.stderr)") }
    }
}
