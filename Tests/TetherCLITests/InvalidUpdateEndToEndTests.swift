import Foundation
import Testing

/// Invalid data-source updates and reorder scripts, written from UIKit's documented rules rather
/// than from the implementation: each must end with exit 65 and one line naming the event.
@Suite struct InvalidUpdateEndToEndTests {
    static func list(_ events: String, sections: String = "[5, 3]") -> String {
        """
        {"name": "u", "frames": 60, "viewport": {"width": 320, "height": 568},
         "layout": {"type": "flow", "sections": \(sections), "itemSize": {"width": 300, "height": 44}},
         "dynamics": {"type": "springy", "preset": "ash"}, "events": [\(events)]}
        """
    }

    static let cases: [BadScenario] = [
        BadScenario(name: "the same index deleted twice in one batch",
                    json: list(#"{"frame": 3, "type": "batch", "deletes": [{"section": 0, "item": 1}, {"section": 0, "item": 1}]}"#),
                    expected: ["events[0]", "0.1"]),
        BadScenario(name: "delete then move of the same item",
                    json: list(#"{"frame": 3, "type": "batch", "deletes": [{"section": 0, "item": 2}], "moves": [{"from": {"section": 0, "item": 2}, "to": {"section": 1, "item": 0}}]}"#),
                    expected: ["events[0]", "0.2"]),
        BadScenario(name: "move from a missing item",
                    json: list(#"{"frame": 3, "type": "move", "from": {"section": 1, "item": 3}, "to": {"section": 0, "item": 0}}"#),
                    expected: ["events[0]", "section 1"]),
        BadScenario(name: "insert into a missing section",
                    json: list(#"{"frame": 3, "type": "insert", "items": [{"section": 2, "item": 0}]}"#),
                    expected: ["events[0].items[0]", "section 2"]),
        BadScenario(name: "negative item index",
                    json: list(#"{"frame": 3, "type": "delete", "items": [{"section": 0, "item": -1}]}"#),
                    expected: ["events[0].items[0].item"]),
        BadScenario(name: "fractional item index",
                    json: list(#"{"frame": 3, "type": "delete", "items": [{"section": 0, "item": 1.5}]}"#),
                    expected: ["events[0].items[0].item"]),
        BadScenario(name: "a later delete of an index the earlier delete removed",
                    json: list(#"{"frame": 3, "type": "delete", "items": [{"section": 1, "item": 2}]}, {"frame": 9, "type": "delete", "items": [{"section": 1, "item": 2}]}"#),
                    expected: ["events[1].items[0]", "frame 9"]),
        BadScenario(name: "updateMove without beginMove",
                    json: list(#"{"frame": 3, "type": "updateMove", "point": {"x": 100, "y": 100}}"#),
                    expected: ["events[0]"]),
        BadScenario(name: "endMove twice",
                    json: list(#"{"frame": 1, "type": "beginMove", "item": {"section": 0, "item": 0}, "point": {"x": 100, "y": 20}}, {"frame": 5, "type": "endMove"}, {"frame": 6, "type": "endMove"}"#),
                    expected: ["events[2]"]),
        BadScenario(name: "insert key misspelt",
                    json: list(#"{"frame": 3, "type": "insert", "itms": [{"section": 0, "item": 0}]}"#),
                    expected: ["events[0].itms", "did you mean \"items\""]),
    ]

    @Test(arguments: cases)
    func invalidUpdateGivesOneClearLine(_ bad: BadScenario) throws {
        let directory = try TetherProcess.temporaryDirectory()
        let file = directory.appendingPathComponent("update.json")
        try Data(bad.json.utf8).write(to: file)
        let result = try TetherProcess.run(["run", file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("tether: error: \(file.path): "))
        for text in bad.expected { #expect(result.stderr.contains(text), "missing '\(text)' in: \(result.stderr)") }
    }
}
