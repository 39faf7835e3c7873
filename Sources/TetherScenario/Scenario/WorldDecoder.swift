import TetherPhysics

/// Decodes the `world` object of a scenario (§1.3 of the contract): reference bounds, free items
/// and UIKit Dynamics behaviors, with UIKit's defaults for every key left out.
enum WorldDecoder {
    static let keys = ["bounds", "items", "behaviors"]
    static let itemKeys = ["id", "center", "size", "angle", "velocity", "angularVelocity", "shape"]

    /// Items in one scene.
    static let maxItems = 10_000
    /// Behaviors in one scene, counting those added by events while they are present.
    static let maxBehaviors = 20_000
    /// Collision behaviors present at once (each is a collision group of the solver).
    static let maxCollisionBehaviors = 64
    /// Largest |angular velocity|, in radians per second.
    static let maxAngularSpeed = 10_000.0

    /// Decodes the "world" object: {"bounds": {"x","y","width","height"}, "items": [...], "behaviors": [...]}.
    static func decode(_ value: JSONValue, at path: JSONPath) throws -> WorldScene {
        try decodeWithSources(value, at: path).scene
    }

    /// The scene and, parallel to its behaviors, each behavior's id and JSON object, which
    /// `WorldEventDecoder` needs to apply `set` events.
    static func decodeWithSources(
        _ value: JSONValue, at path: JSONPath
    ) throws -> (scene: WorldScene, behaviorSources: [(id: String?, json: JSONValue)]) {
        let object = try ObjectReader(value, at: path, known: keys)
        let bounds = try object.required("bounds") { v, p in try decodeBounds(v, at: p) }
        let items = try object.required("items") { v, p in try decodeItems(v, at: p) }
        let index = WorldItemIndex(items)
        var behaviors: [(id: String?, behavior: Behavior)] = []
        var sources: [(id: String?, json: JSONValue)] = []
        if let list = object.value("behaviors") {
            let listPath = object.path("behaviors")
            let entries = try list.array(at: listPath)
            guard entries.count <= maxBehaviors else {
                throw ValidationError(listPath, "\(entries.count) behaviors; at most \(maxBehaviors)")
            }
            var firstUse: [String: Int] = [:]
            var collisions = 0
            for (i, entry) in entries.enumerated() {
                let entryPath = listPath.appending(i)
                let decoded = try BehaviorDecoder.decode(entry, at: entryPath, items: index, bounds: bounds)
                if let id = decoded.id {
                    if let first = firstUse[id] {
                        throw ValidationError(
                            entryPath.appending("id"),
                            "duplicate behavior id \(JSONValue.quoted(id)) (first used at \(listPath.appending(first).appending("id")))")
                    }
                    firstUse[id] = i
                }
                if case .collision = decoded.behavior {
                    collisions += 1
                    if collisions > maxCollisionBehaviors {
                        throw ValidationError(
                            entryPath.appending("type"), "more than \(maxCollisionBehaviors) collision behaviors")
                    }
                }
                behaviors.append(decoded)
                sources.append((decoded.id, entry))
            }
        }
        return (WorldScene(bounds: bounds, items: items, behaviors: behaviors), sources)
    }

    /// {"x", "y", "width", "height"}: all four required; x, y within ±maxLength, sides positive.
    static func decodeBounds(_ value: JSONValue, at path: JSONPath) throws -> (origin: Vec2, size: Vec2) {
        let object = try ObjectReader(value, at: path, known: ["x", "y", "width", "height"])
        let limit = ScenarioLimits.maxLength
        let x = try object.required("x") { v, p in try v.number(at: p, in: -limit...limit) }
        let y = try object.required("y") { v, p in try v.number(at: p, in: -limit...limit) }
        let width = try object.required("width") { v, p in try v.positiveNumber(at: p, max: limit) }
        let height = try object.required("height") { v, p in try v.positiveNumber(at: p, max: limit) }
        return (Vec2(x, y), Vec2(width, height))
    }

    static func decodeItems(_ value: JSONValue, at path: JSONPath) throws -> [DynamicItem] {
        let list = try value.array(at: path)
        guard !list.isEmpty else { throw ValidationError(path, "a world needs at least one item") }
        guard list.count <= maxItems else {
            throw ValidationError(path, "\(list.count) items; at most \(maxItems)")
        }
        var items: [DynamicItem] = []
        items.reserveCapacity(list.count)
        var firstUse: [String: Int] = [:]
        for (i, entry) in list.enumerated() {
            let item = try decodeItem(entry, at: path.appending(i))
            if let first = firstUse[item.id] {
                throw ValidationError(
                    path.appending(i).appending("id"),
                    "duplicate item id \(JSONValue.quoted(item.id)) (first used at \(path.appending(first).appending("id")))")
            }
            firstUse[item.id] = i
            items.append(item)
        }
        return items
    }

    static func decodeItem(_ value: JSONValue, at path: JSONPath) throws -> DynamicItem {
        let object = try ObjectReader(value, at: path, known: itemKeys)
        let id = try object.required("id") { v, p in try BehaviorDecoder.identifier(v, at: p) }
        let center = try object.required("center") { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
        let size = try object.required("size") { v, p in try ScenarioDecoder.decodeSize(v, at: p) }
        let angle = try object.optional("angle") { v, p in
            try v.number(at: p, in: -BehaviorDecoder.maxAngle...BehaviorDecoder.maxAngle)
        } ?? 0
        let velocity = try object.optional("velocity") { v, p in
            try ScenarioDecoder.decodePoint(v, at: p, limit: ScenarioLimits.maxSpeed)
        } ?? .zero
        let angularVelocity = try object.optional("angularVelocity") { v, p in
            try v.number(at: p, in: -maxAngularSpeed...maxAngularSpeed)
        } ?? 0
        let shape = try object.optional("shape") { v, p in
            BodyShape(rawValue: try v.oneOf(BodyShape.allCases.map(\.rawValue), at: p))!
        } ?? .rectangle
        return DynamicItem(
            id: id, center: center, size: Vec2(size.width, size.height), angle: angle, velocity: velocity,
            angularVelocity: angularVelocity, shape: shape)
    }
}
