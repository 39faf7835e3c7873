import Testing
import TetherJSON
import TetherPhysics
@testable import TetherScenario

/// Shared helpers for the world decoder suites.
enum WorldFixture {
    static let items = """
        [{"id": "card", "center": {"x": 160, "y": 100}, "size": {"width": 100, "height": 100}},
         {"id": "ball", "center": {"x": 60, "y": 300}, "size": {"width": 40, "height": 40}, "shape": "ellipse"}]
        """

    /// A world object with two items and the given behaviors (a JSON array's contents).
    static func world(_ behaviors: String, items: String = items) throws -> JSONValue {
        try JSONParser.parse("""
            {"bounds": {"x": 0, "y": 0, "width": 320, "height": 568}, "items": \(items), "behaviors": [\(behaviors)]}
            """)
    }

    static func scene(_ behaviors: String) throws -> WorldScene {
        try WorldDecoder.decode(try world(behaviors), at: JSONPath.root.appending("world"))
    }

    static func behavior(_ behavior: String) throws -> Behavior {
        let scene = try scene(behavior)
        return try #require(scene.behaviors.first?.behavior)
    }

    /// The ValidationError decoding throws, or nil.
    static func error(_ body: () throws -> Void) -> ValidationError? {
        do {
            try body()
            return nil
        } catch let error as ValidationError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }
}

@Suite struct WorldDecoderTests {
    @Test func decodesAFullSceneWithEveryBehaviorKind() throws {
        let text = """
            {"bounds": {"x": 10, "y": 20, "width": 320, "height": 568},
             "items": [{"id": "card", "center": {"x": 160, "y": 100}, "size": {"width": 100, "height": 50},
                        "angle": 0.5, "velocity": {"x": 1, "y": -2}, "angularVelocity": 3, "shape": "rectangle"},
                       {"id": "ball", "center": {"x": 60, "y": 300}, "size": {"width": 40, "height": 40}, "shape": "ellipse"}],
             "behaviors": [
               {"type": "gravity", "id": "g", "items": ["card", "ball"], "direction": {"x": 0, "y": 1}, "magnitude": 2},
               {"type": "attachment", "id": "a", "item": "card", "offset": {"x": 5, "y": 0}, "anchor": {"x": 160, "y": 0},
                "length": 100, "damping": 0.3, "frequency": 2},
               {"type": "attachment", "kind": "pin", "item": "card", "toItem": "ball", "anchor": {"x": 100, "y": 200},
                "range": {"min": -1, "max": 1}, "frictionTorque": 4},
               {"type": "attachment", "kind": "sliding", "item": "ball", "anchor": {"x": 60, "y": 300},
                "axis": {"x": 3, "y": 4}, "range": {"min": -50, "max": 20}},
               {"type": "attachment", "kind": "limit", "item": "ball", "toItem": "card", "toOffset": {"x": 0, "y": 10}, "length": 80},
               {"type": "attachment", "kind": "fixed", "item": "ball", "toItem": "card", "anchor": {"x": 1, "y": 2}},
               {"type": "collision", "id": "c", "items": ["card"], "mode": "boundaries", "boundsAsBoundary": true,
                "insets": {"top": 1, "left": 2, "bottom": 3, "right": 4},
                "boundaries": [{"id": "shelf", "from": {"x": 0, "y": 400}, "to": {"x": 200, "y": 420}}]},
               {"type": "itemBehavior", "items": ["ball"], "elasticity": 0.7, "friction": 0.2, "density": 3,
                "resistance": 0.5, "angularResistance": 0.25, "allowsRotation": false, "anchored": true},
               {"type": "push", "id": "p", "items": ["ball"], "mode": "instantaneous", "direction": {"x": 1, "y": 0},
                "magnitude": 2, "offset": {"x": 0, "y": 3}, "active": false},
               {"type": "snap", "item": "card", "point": {"x": 160, "y": 300}, "damping": 0.9}
             ]}
            """
        let scene = try WorldDecoder.decode(try JSONParser.parse(text), at: .root)
        #expect(scene.bounds.origin == Vec2(10, 20))
        #expect(scene.bounds.size == Vec2(320, 568))
        #expect(scene.items == [
            DynamicItem(id: "card", center: Vec2(160, 100), size: Vec2(100, 50), angle: 0.5, velocity: Vec2(1, -2),
                        angularVelocity: 3, shape: .rectangle),
            DynamicItem(id: "ball", center: Vec2(60, 300), size: Vec2(40, 40), shape: .ellipse),
        ])
        #expect(scene.behaviors.map(\.id) == ["g", "a", nil, nil, nil, nil, "c", nil, "p", nil])
        let behaviors = scene.behaviors.map(\.behavior)
        #expect(behaviors[0] == .gravity(GravityBehavior(items: [0, 1], vector: Vec2(0, 2))))
        #expect(behaviors[1] == .attachment(AttachmentBehavior(
            kind: .spring, item: 0, offset: Vec2(5, 0), anchor: Vec2(160, 0), length: 100, damping: 0.3, frequency: 2)))
        #expect(behaviors[2] == .attachment(AttachmentBehavior(
            kind: .pin, item: 0, toItem: 1, anchor: Vec2(100, 200), range: -1...1, frictionTorque: 4)))
        #expect(behaviors[3] == .attachment(AttachmentBehavior(
            kind: .sliding, item: 1, anchor: Vec2(60, 300), range: -50...20, axis: Vec2(0.6, 0.8))))
        #expect(behaviors[4] == .attachment(AttachmentBehavior(
            kind: .limit, item: 1, toItem: 0, toOffset: Vec2(0, 10), length: 80)))
        #expect(behaviors[5] == .attachment(AttachmentBehavior(kind: .fixed, item: 1, toItem: 0, anchor: Vec2(1, 2))))
        guard case .collision(let collision) = behaviors[6] else {
            Issue.record("expected a collision behavior")
            return
        }
        #expect(collision.items == [0])
        #expect(collision.mode == .boundaries)
        #expect(collision.boundsAsBoundary)
        #expect(collision.insets == (1, 2, 3, 4))
        #expect(collision.boundaries == [Boundary(id: "shelf", from: Vec2(0, 400), to: Vec2(200, 420))])
        #expect(behaviors[7] == .itemProperties(ItemBehavior(
            items: [1], elasticity: 0.7, friction: 0.2, density: 3, resistance: 0.5, angularResistance: 0.25,
            allowsRotation: false, anchored: true)))
        #expect(behaviors[8] == .push(PushBehavior(
            items: [1], mode: .instantaneous, vector: Vec2(2, 0), offset: Vec2(0, 3), active: false)))
        #expect(behaviors[9] == .snap(SnapBehavior(item: 0, point: Vec2(160, 300), damping: 0.9)))
    }

    @Test func defaults() throws {
        let scene = try WorldFixture.scene("""
            {"type": "gravity", "items": ["card"]},
            {"type": "attachment", "item": "card", "anchor": {"x": 0, "y": 0}},
            {"type": "attachment", "kind": "pin", "item": "card", "anchor": {"x": 0, "y": 0}},
            {"type": "attachment", "kind": "sliding", "item": "card", "anchor": {"x": 0, "y": 0}},
            {"type": "collision", "items": []},
            {"type": "itemBehavior", "items": ["card"]},
            {"type": "push", "items": ["card"], "mode": "continuous"},
            {"type": "snap", "item": "card", "point": {"x": 1, "y": 2}}
            """)
        #expect(scene.items[0] == DynamicItem(id: "card", center: Vec2(160, 100), size: Vec2(100, 100)))
        #expect(scene.items[0].angle == 0 && scene.items[0].velocity == .zero && scene.items[0].shape == .rectangle)
        let b = scene.behaviors.map(\.behavior)
        #expect(scene.behaviors.allSatisfy { $0.id == nil })
        #expect(b[0] == .gravity(GravityBehavior(items: [0], vector: Vec2(0, 1))))
        #expect(b[1] == .attachment(AttachmentBehavior(
            kind: .spring, item: 0, offset: .zero, toItem: nil, toOffset: .zero, anchor: .zero, length: nil,
            damping: 0, frequency: 0)))
        #expect(b[2] == .attachment(AttachmentBehavior(kind: .pin, item: 0, range: nil, frictionTorque: 0)))
        #expect(b[3] == .attachment(AttachmentBehavior(kind: .sliding, item: 0, range: nil, axis: Vec2(1, 0))))
        guard case .collision(let collision) = b[4] else {
            Issue.record("expected a collision behavior")
            return
        }
        #expect(collision.items.isEmpty && collision.mode == .everything && !collision.boundsAsBoundary)
        #expect(collision.insets == (0, 0, 0, 0) && collision.boundaries.isEmpty)
        #expect(b[5] == .itemProperties(ItemBehavior(items: [0])))
        #expect(b[6] == .push(PushBehavior(items: [0], mode: .continuous, vector: .zero, offset: .zero, active: true)))
        #expect(b[7] == .snap(SnapBehavior(item: 0, point: Vec2(1, 2), damping: 0.5)))
    }

    @Test func aWorldWithoutBehaviorsHasNone() throws {
        let json = try JSONParser.parse("""
            {"bounds": {"x": 0, "y": 0, "width": 10, "height": 10},
             "items": [{"id": "a", "center": {"x": 1, "y": 1}, "size": {"width": 1, "height": 1}}]}
            """)
        let (scene, sources) = try WorldDecoder.decodeWithSources(json, at: .root)
        #expect(scene.behaviors.isEmpty && sources.isEmpty)
    }

    @Test func sourcesParallelTheBehaviors() throws {
        let json = try WorldFixture.world(#"{"type": "gravity", "id": "g", "items": []}, {"type": "snap", "item": "card", "point": {"x": 0, "y": 0}}"#)
        let (_, sources) = try WorldDecoder.decodeWithSources(json, at: .root)
        #expect(sources.map(\.id) == ["g", nil])
        #expect(sources[0].json == json.value(at: try JSONPath(parsing: "behaviors[0]")))
    }

    // MARK: Gravity and push: UIKit's coupled direction / angle / magnitude

    static let gravityTable: [(keys: String, vector: Vec2)] = [
        ("", Vec2(0, 1)),
        (#""direction": {"x": 3, "y": 4}"#, Vec2(3, 4)),
        (#""direction": {"x": 3, "y": 4}, "magnitude": 2"#, Vec2(1.2, 1.6)),
        (#""direction": {"x": 0, "y": 0}, "magnitude": 0"#, .zero),
        (#""magnitude": 2.5"#, Vec2(0, 2.5)),
        (#""magnitude": -1"#, Vec2(0, -1)),
        (#""magnitude": 0"#, .zero),
        (#""direction": {"x": 1, "y": 1}, "magnitude": 0"#, .zero),
        (#""angle": 0"#, Vec2(1, 0)),
        (#""angle": 0, "magnitude": 3"#, Vec2(3, 0)),
        (#""angle": 1.5707963267948966, "magnitude": 0"#, .zero),
    ]

    @Test(arguments: gravityTable)
    func gravityCoupling(_ keys: String, _ vector: Vec2) throws {
        let behavior = try WorldFixture.behavior(#"{"type": "gravity", "items": ["card"]\#(keys.isEmpty ? "" : ", " + keys)}"#)
        #expect(behavior == .gravity(GravityBehavior(items: [0], vector: vector)))
    }

    @Test func gravityAngleUsesDeterministicSinCos() throws {
        let behavior = try WorldFixture.behavior(#"{"type": "gravity", "items": [], "angle": 2, "magnitude": 0.5}"#)
        let (sin, cos) = DeterministicMath.sinCos(2)
        #expect(behavior == .gravity(GravityBehavior(items: [], vector: Vec2(cos * 0.5, sin * 0.5))))
    }

    static let pushTable: [(keys: String, vector: Vec2)] = [
        ("", .zero),
        (#""direction": {"x": -2, "y": 1}"#, Vec2(-2, 1)),
        (#""direction": {"x": 0, "y": 5}, "magnitude": 2"#, Vec2(0, 2)),
        (#""magnitude": 3"#, Vec2(3, 0)),
        (#""angle": 1"#, .zero),
        (#""angle": 0, "magnitude": -4"#, Vec2(-4, 0)),
        (#""magnitude": 0"#, .zero),
    ]

    @Test(arguments: pushTable)
    func pushCoupling(_ keys: String, _ vector: Vec2) throws {
        let behavior = try WorldFixture.behavior(
            #"{"type": "push", "items": ["card"], "mode": "continuous"\#(keys.isEmpty ? "" : ", " + keys)}"#)
        #expect(behavior == .push(PushBehavior(items: [0], mode: .continuous, vector: vector)))
    }

    @Test(arguments: [
        #"{"type": "gravity", "items": [], "direction": {"x": 0, "y": 1}, "angle": 1}"#,
        #"{"type": "push", "items": [], "mode": "continuous", "angle": 1, "direction": {"x": 0, "y": 1}}"#,
    ])
    func directionAndAngleTogetherAreAnError(_ behavior: String) throws {
        let error = try #require(WorldFixture.error { _ = try WorldFixture.behavior(behavior) })
        #expect(error.path.description == "world.behaviors[0].angle")
        #expect(error.message.contains("not both"))
    }

    @Test func aZeroDirectionCannotBeRescaled() throws {
        let error = try #require(WorldFixture.error {
            _ = try WorldFixture.behavior(#"{"type": "gravity", "items": [], "direction": {"x": 0, "y": 0}, "magnitude": 1}"#)
        })
        #expect(error.path.description == "world.behaviors[0].direction")
        #expect(error.message.contains("(0, 0) direction"))
    }

    @Test func aReversedVectorHasNoNegativeZero() throws {
        let behavior = try WorldFixture.behavior(#"{"type": "gravity", "items": [], "magnitude": -1}"#)
        guard case .gravity(let gravity) = behavior else {
            Issue.record("expected gravity")
            return
        }
        #expect(gravity.vector.x.sign == .plus)
    }

    static func bigWorld(items count: Int, attachments: Bool = true) -> JSONValue {
        let items = (0..<count).map { i -> JSONValue in
            ["id": .string("i\(i)"), "center": ["x": .number(Double(i % 100)), "y": .number(Double(i / 100))],
             "size": ["width": 1, "height": 1]]
        }
        var behaviors: [JSONValue] = [["type": "gravity", "items": .array(items.map { $0.value(at: JSONPath.root.appending("id"))! })]]
        for i in 0..<count where attachments {
            behaviors.append(["type": "attachment", "item": .string("i\(i)"), "anchor": ["x": 0, "y": 0], "frequency": 1])
        }
        return ["bounds": ["x": 0, "y": 0, "width": 100, "height": 100], "items": .array(items), "behaviors": .array(behaviors)]
    }

    @Test func tenThousandItemsWithAnAttachmentEach() throws {
        let scene = try WorldDecoder.decode(Self.bigWorld(items: 10_000), at: .root)
        #expect(scene.items.count == 10_000)
        #expect(scene.behaviors.count == 10_001)
    }

    /// bench/springs-100k (100 000 items, an attachment each) fits; one item past the limit
    /// is refused before any item is read.
    @Test func theItemLimitLeavesRoomForAHundredThousandSprings() throws {
        #expect(WorldDecoder.maxItems >= 100_000)
        #expect(WorldDecoder.maxBehaviors >= 100_001)
        let error = try #require(
            WorldFixture.error { _ = try WorldDecoder.decode(Self.bigWorld(items: WorldDecoder.maxItems + 1, attachments: false), at: .root) })
        #expect(error.path.description == "items")
        #expect(error.message == "\(WorldDecoder.maxItems + 1) items; at most \(WorldDecoder.maxItems)")
    }
}
