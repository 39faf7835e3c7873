import Testing
import TetherJSON
@testable import TetherScenario
import TetherTestSupport

/// Mutated scenario documents never crash the loader or the replay: each either decodes and
/// runs, or fails with a ScenarioLoadError.
@Suite struct ScenarioFuzzTests {

    static let seed = """
        {"name": "f", "frames": 12, "viewport": {"width": 320, "height": 568}, "contentOffset": {"x": 0, "y": 0},
         "layout": {"type": "flow", "sections": [30, 4], "itemSize": {"width": 100, "height": 44},
                    "minimumLineSpacing": 10, "minimumInteritemSpacing": 10, "headerSize": {"width": 0, "height": 20},
                    "sectionInset": {"top": 5, "left": 5, "bottom": 5, "right": 5}},
         "dynamics": {"type": "springy", "preset": "ash", "spring": {"length": 0, "damping": 0.5, "frequency": 2}, "tilePadding": 50},
         "events": [{"frame": 1, "type": "touchDown", "point": {"x": 100, "y": 200}},
                    {"frame": 1, "type": "drag", "by": {"x": 0, "y": -80}, "frames": 3},
                    {"frame": 4, "type": "touchUp", "velocity": {"x": 0, "y": -500}},
                    {"frame": 6, "type": "set", "path": "dynamics.spring.damping", "value": 0.2},
                    {"frame": 7, "type": "fling", "velocity": {"x": 0, "y": 300}}],
         "output": {"items": "all", "every": 2}}
        """

    static let replacements: [JSONValue] = [
        .null, .bool(true), .number(0), .number(-1), .number(1e300), .number(-1e-300), .number(0.5),
        .number(3), .number(1e9), .string(""), .string("vertical"), .array([]), .array([.number(1)]),
        .object(JSONObject()),
    ]

    /// Every path in a document, depth first, in order.
    static func paths(of value: JSONValue, at path: JSONPath = .root) -> [JSONPath] {
        switch value {
        case .object(let object):
            return [path] + object.members.flatMap { paths(of: $0.value, at: path.appending($0.key)) }
        case .array(let items):
            return [path] + items.enumerated().flatMap { paths(of: $0.element, at: path.appending($0.offset)) }
        default:
            return [path]
        }
    }

    @Test func mutatedScenariosNeverCrash() throws {
        let document = try JSONParser.parse(Self.seed)
        let allPaths = Self.paths(of: document).filter { !$0.components.isEmpty }
        var random = SplitMix64(seed: 2026)
        var decoded = 0
        var rejected = 0
        for _ in 0..<600 {
            var mutated = document
            for _ in 0..<(1 + random.below(2)) {
                let path = allPaths[random.below(allPaths.count)]
                let replacement = Self.replacements[random.below(Self.replacements.count)]
                mutated = (try? mutated.setting(replacement, at: path)) ?? mutated
            }
            do {
                let scenario = try ScenarioLoader.decode(mutated, file: "fuzz.json")
                var replay = Replay(scenario)
                while !replay.isFinished {
                    try replay.advance()
                    _ = replay.frameRecord(items: .all)
                }
                decoded += 1
            } catch {
                rejected += 1
            }
        }
        // Both outcomes occur, so the fuzzing reaches the replay and the validation.
        #expect(decoded > 20)
        #expect(rejected > 100)
    }
}
