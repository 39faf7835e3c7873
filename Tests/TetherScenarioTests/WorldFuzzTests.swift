import Testing
import TetherJSON
@testable import TetherScenario
import TetherTestSupport

/// Mutated world scenes never crash the loader or the replay: each either decodes and runs, or
/// fails with a ScenarioLoadError (the joints, contacts and animator never see invalid input).
@Suite struct WorldFuzzTests {
    static let seed = """
        {"name": "w", "frames": 20, "world": {
          "bounds": {"x": 0, "y": 0, "width": 320, "height": 568},
          "items": [
            {"id": "a", "center": {"x": 100, "y": 100}, "size": {"width": 60, "height": 40}, "angle": 0.3},
            {"id": "b", "center": {"x": 160, "y": 300}, "size": {"width": 40, "height": 40}, "shape": "ellipse", "velocity": {"x": 10, "y": -50}},
            {"id": "c", "center": {"x": 220, "y": 200}, "size": {"width": 80, "height": 20}}],
          "behaviors": [
            {"type": "gravity", "id": "g", "items": ["a", "b", "c"], "magnitude": 1},
            {"type": "collision", "id": "walls", "items": ["a", "b", "c"], "boundsAsBoundary": true, "insets": {"top": 0, "left": 5, "bottom": 5, "right": 5},
             "boundaries": [{"id": "shelf", "from": {"x": 0, "y": 400}, "to": {"x": 200, "y": 420}}]},
            {"type": "itemBehavior", "items": ["a"], "elasticity": 0.5, "friction": 0.3, "density": 2},
            {"type": "attachment", "id": "rope", "kind": "limit", "item": "a", "anchor": {"x": 100, "y": 0}, "length": 150},
            {"type": "attachment", "kind": "pin", "item": "c", "anchor": {"x": 200, "y": 200}, "range": {"min": -1, "max": 1}, "frictionTorque": 10},
            {"type": "attachment", "kind": "sliding", "item": "b", "toItem": "c", "anchor": {"x": 160, "y": 300}, "axis": {"x": 0, "y": 1}, "range": {"min": -50, "max": 50}},
            {"type": "push", "id": "p", "items": ["b"], "mode": "continuous", "angle": 1, "magnitude": 0.5, "offset": {"x": 5, "y": 0}},
            {"type": "snap", "item": "c", "point": {"x": 200, "y": 250}, "damping": 0.3}]},
         "events": [
           {"frame": 2, "type": "addBehavior", "behavior": {"type": "push", "id": "kick", "items": ["c"], "mode": "instantaneous", "direction": {"x": 1, "y": -1}, "magnitude": 2}},
           {"frame": 5, "type": "set", "path": "behaviors.g.magnitude", "value": 0.5},
           {"frame": 8, "type": "removeBehavior", "id": "rope"},
           {"frame": 9, "type": "addBehavior", "behavior": {"type": "attachment", "kind": "fixed", "id": "weld", "item": "a", "toItem": "c", "anchor": {"x": 150, "y": 150}}}]}
        """

    static let replacements: [JSONValue] = [
        .null, .bool(false), .number(0), .number(-1), .number(1e6), .number(0.5), .number(7),
        .string(""), .string("a"), .string("ellipse"), .array([]), .array([.string("b")]), .object(JSONObject()),
    ]

    @Test func mutatedWorldScenesNeverCrash() throws {
        let document = try JSONParser.parse(Self.seed)
        // Every path but "frames" (a mutated frame count would only make the test slow).
        let allPaths = ScenarioFuzzTests.paths(of: document).filter {
            !$0.components.isEmpty && $0.components != [.key("frames")]
        }
        var random = SplitMix64(seed: 1914)
        var ran = 0
        var rejected = 0
        for _ in 0..<300 {
            var mutated = document
            for _ in 0..<(1 + random.below(2)) {
                let path = allPaths[random.below(allPaths.count)]
                mutated = (try? mutated.setting(Self.replacements[random.below(Self.replacements.count)], at: path)) ?? mutated
            }
            for solver in ["accurate", "uikit"] {
                let variant = (try? mutated.setting(.string(solver), at: JSONPath.root.appending("solver"))) ?? mutated
                do {
                    let scenario = try ScenarioLoader.decode(variant, file: "fuzz.json")
                    var replay = makeReplay(scenario)
                    while !replay.isFinished {
                        do { try replay.advance() } catch { break }  // non-finite state ends the run (exit 70), it does not crash
                        _ = replay.frameRecord(items: .all)
                        _ = replay.contactRecords
                    }
                    ran += 1
                } catch {
                    rejected += 1
                }
            }
        }
        #expect(ran > 10)
        #expect(rejected > 50)
    }
}
