import Testing
import TetherJSON
import TetherPhysics
@testable import TetherScenario

/// World events: the running set of behavior ids and `set` on behaviors.<id>.<key>.
@Suite struct WorldDecoderEventTests {
    static let behaviors = """
        {"type": "gravity", "id": "g", "items": ["card"], "direction": {"x": 0, "y": 1}, "magnitude": 1},
        {"type": "push", "id": "p", "items": ["ball"], "mode": "continuous", "direction": {"x": 3, "y": 4}},
        {"type": "collision", "id": "c", "items": ["card", "ball"], "boundsAsBoundary": true},
        {"type": "snap", "item": "card", "point": {"x": 10, "y": 20}}
        """

    static func decode(_ events: String, frames: Int = 100) throws -> [ScenarioEvent] {
        let (scene, sources) = try WorldDecoder.decodeWithSources(try WorldFixture.world(behaviors), at: JSONPath.root.appending("world"))
        let list = try JSONParser.parse("[\(events)]").array(at: .root)
        let entries = try list.enumerated().map { i, event in
            let frame = try event.object(at: .root)["frame"]?.integer(at: .root, in: 0...Int(Int32.max)) ?? 0
            return (event: event, path: JSONPath.root.appending("events").appending(i), frame: frame)
        }
        return try WorldEventDecoder.decode(entries, scene: scene, behaviorSources: sources, frames: frames)
    }

    static func failure(_ events: String) throws -> ValidationError {
        try #require(WorldFixture.error { _ = try decode(events) })
    }

    static func replaced(_ event: ScenarioEvent) -> (id: String, behavior: Behavior)? {
        guard case .replaceBehavior(let id, let behavior) = event.action else { return nil }
        return (id, behavior)
    }

    @Test func setMagnitudeReplacesTheGravityWithTheNewVector() throws {
        let events = try Self.decode(#"{"frame": 5, "type": "set", "path": "behaviors.g.magnitude", "value": 2.5}"#)
        #expect(events.count == 1 && events[0].frame == 5)
        #expect(events[0].path.description == "events[0]")
        let (id, behavior) = try #require(Self.replaced(events[0]))
        #expect(id == "g")
        #expect(behavior == .gravity(GravityBehavior(items: [0], vector: Vec2(0, 2.5))))
    }

    @Test func setsAccumulate() throws {
        let events = try Self.decode("""
            {"frame": 1, "type": "set", "path": "behaviors.g.magnitude", "value": 2},
            {"frame": 2, "type": "set", "path": "behaviors.g.items", "value": ["card", "ball"]}
            """)
        #expect(Self.replaced(events[1])?.behavior == .gravity(GravityBehavior(items: [0, 1], vector: Vec2(0, 2))))
    }

    @Test func setAngleReplacesTheDirectionAndKeepsTheMagnitude() throws {
        // The push's direction (3, 4) implies magnitude 5; UIKit keeps it when the angle changes.
        let events = try Self.decode(#"{"frame": 0, "type": "set", "path": "behaviors.p.angle", "value": 0}"#)
        #expect(Self.replaced(events[0])?.behavior == .push(PushBehavior(items: [1], mode: .continuous, vector: Vec2(5, 0))))
    }

    @Test func setDirectionReplacesAngleAndMagnitude() throws {
        let events = try Self.decode(#"{"frame": 0, "type": "set", "path": "behaviors.g.direction", "value": {"x": 2, "y": 0}}"#)
        #expect(Self.replaced(events[0])?.behavior == .gravity(GravityBehavior(items: [0], vector: Vec2(2, 0))))
    }

    @Test func addAndRemoveFollowFrameOrder() throws {
        let events = try Self.decode("""
            {"frame": 9, "type": "removeBehavior", "id": "n"},
            {"frame": 3, "type": "addBehavior", "behavior": {"type": "snap", "id": "n", "item": "ball", "point": {"x": 1, "y": 2}}},
            {"frame": 9, "type": "removeBehavior", "id": "g"},
            {"frame": 12, "type": "addBehavior", "behavior": {"type": "gravity", "id": "g", "items": []}}
            """)
        #expect(events.map(\.frame) == [3, 9, 9, 12])
        #expect(events.map(\.path.description) == ["events[1]", "events[0]", "events[2]", "events[3]"])
        guard case .addBehavior(let id, let behavior) = events[0].action else {
            Issue.record("expected addBehavior")
            return
        }
        #expect(id == "n")
        #expect(behavior == .snap(SnapBehavior(item: 1, point: Vec2(1, 2))))
        guard case .removeBehavior(let removed) = events[2].action else {
            Issue.record("expected removeBehavior")
            return
        }
        #expect(removed == "g")
    }

    static let bad: [(events: String, path: String, fragment: String)] = [
        (#"{"frame": 0, "type": "addBehavior", "behavior": {"type": "gravity", "id": "g", "items": []}}"#,
         "events[0].behavior.id", #"behavior id "g" is already in use (by world.behaviors[0])"#),
        (#"{"frame": 0, "type": "removeBehavior", "id": "gg"}"#,
         "events[0].id", #"no behavior has id "gg" (did you mean "g"?)"#),
        (#"{"frame": 1, "type": "removeBehavior", "id": "g"}, {"frame": 2, "type": "set", "path": "behaviors.g.magnitude", "value": 2}"#,
         "events[1].path", #"behavior "g" was removed by events[0] at frame 1"#),
        (#"{"frame": 1, "type": "removeBehavior", "id": "p"}, {"frame": 1, "type": "removeBehavior", "id": "p"}"#,
         "events[1].id", #"behavior "p" was removed by events[0]"#),
        (#"{"frame": 0, "type": "set", "path": "behaviors.g.magnitude", "value": "strong"}"#,
         "events[0].value", "expected a number, found a string"),
        (#"{"frame": 0, "type": "set", "path": "behaviors.g.magnitude", "value": 1e9}"#,
         "events[0].value", "out of range"),
        (#"{"frame": 0, "type": "set", "path": "behaviors.p.mode", "value": "sometimes"}"#,
         "events[0].value", "expected one of continuous, instantaneous"),
        (#"{"frame": 0, "type": "set", "path": "behaviors.c.insets", "value": {"left": 400}}"#,
         "events[0].value", "the insets leave no area"),
        (#"{"frame": 0, "type": "set", "path": "behaviors.g.items", "value": ["crd"]}"#,
         "events[0].value", #"behaviors.g.items[0]: unknown item "crd" (did you mean "card"?)"#),
        (#"{"frame": 0, "type": "set", "path": "behaviors.g.magnitud", "value": 2}"#,
         "events[0].value", #"unknown key "magnitud" (did you mean "magnitude"?)"#),
        (#"{"frame": 0, "type": "set", "path": "behaviors.g.type", "value": "push"}"#,
         "events[0].path", #"a behavior's "type" cannot change"#),
        (#"{"frame": 0, "type": "set", "path": "dynamics.spring.damping", "value": 1}"#,
         "events[0].path", "set behaviors.<id>.<key>"),
        (#"{"frame": 0, "type": "set", "path": "behaviors..x", "value": 1}"#,
         "events[0].path", "invalid path"),
        (#"{"frame": 0, "type": "set", "path": "behaviors.g.direction.x.z", "value": 1}"#,
         "events[0].path", #"cannot set key "z""#),
        (#"{"frame": 100, "type": "removeBehavior", "id": "g"}"#,
         "events[0].frame", "past the last frame"),
        (#"{"frame": 0, "type": "drag", "by": {"x": 0, "y": 1}}"#,
         "events[0].type", "events need a layout"),
        (#"{"frame": 0, "type": "removeBehavior", "id": "g", "behavior": {}}"#,
         "events[0].behavior", #"unknown key "behavior""#),
        (#"{"frame": 0, "type": "addBehavior", "behavior": {"type": "snap", "item": "card"}}"#,
         "events[0].behavior", #"missing required key "point""#),
    ]

    @Test(arguments: bad)
    func rejects(_ events: String, _ path: String, _ fragment: String) throws {
        let error = try Self.failure(events)
        #expect(error.path.description == path)
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test func aRemovedIdCanBeAddedAgain() throws {
        let events = try Self.decode("""
            {"frame": 1, "type": "removeBehavior", "id": "g"},
            {"frame": 2, "type": "addBehavior", "behavior": {"type": "gravity", "id": "g", "items": [], "magnitude": 3}},
            {"frame": 3, "type": "set", "path": "behaviors.g.magnitude", "value": 4}
            """)
        #expect(Self.replaced(events[2])?.behavior == .gravity(GravityBehavior(items: [], vector: Vec2(0, 4))))
    }

    @Test func collisionBehaviorsAddedByEventsCountTowardTheLimit() throws {
        let add = #"{"frame": 0, "type": "addBehavior", "behavior": {"type": "collision", "items": []}}"#
        // The scene has one collision behavior; 63 more fit.
        _ = try Self.decode(Array(repeating: add, count: 63).joined(separator: ","))
        let error = try Self.failure(Array(repeating: add, count: 64).joined(separator: ","))
        #expect(error.path.description == "events[63].behavior.type")
        #expect(error.message.contains("more than 64 collision behaviors"))
    }
}
