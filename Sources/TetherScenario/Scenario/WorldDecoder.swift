import TetherJSON
import TetherLayout
import TetherPhysics

/// Decodes the `world` object of a scenario through its key tables (`WorldFormats`): reference
/// bounds, free items and UIKit Dynamics behaviors, with UIKit's defaults for every key left out.
enum WorldDecoder {

    /// Items in one scene. Beyond the 100 000 springs of `bench/springs-100k` with room to
    /// spare; the work budget bounds what a scene asks of the solver, and the 64 MiB file
    /// limit (some 150 bytes an item) what it asks of the parser.
    static let maxItems = 400_000
    /// Behaviors in one scene, counting those added by events while they are present: an
    /// attachment for every item and as many others.
    static let maxBehaviors = 800_000
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
        let keys = WorldFormats.worldKeys
        let object = try ObjectReader(value, at: path, format: WorldFormats.world)
        let bounds = try object.decode(keys[.bounds], decodeBounds)!
        let items = try object.decode(keys[.items], decodeItems)!
        let index = WorldItemIndex(items)
        var behaviors: [(id: String?, behavior: Behavior)] = []
        var sources: [(id: String?, json: JSONValue)] = []
        if let list = try object.checked(keys[.behaviors]) {
            let listPath = object.path(keys[.behaviors])
            let entries = try list.array(at: listPath)
            let maxBehaviors = keys[.behaviors].format.count.upperBound
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
                            entryPath.appending(WorldFormats.behaviorID),
                            "duplicate behavior id \(MessageText.quoted(id)) (first used at \(listPath.appending(first).appending(WorldFormats.behaviorID)))")
                    }
                    firstUse[id] = i
                }
                if case .collision = decoded.behavior {
                    collisions += 1
                    if collisions > maxCollisionBehaviors {
                        throw ValidationError(
                            entryPath.appending(WorldFormats.behavior.tag), "more than \(maxCollisionBehaviors) collision behaviors")
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
        let keys = ShapeFormats.boundsKeys
        let object = try ObjectReader(value, at: path, format: ShapeFormats.bounds)
        let origin = Vec2(try object.number(keys[.x]), try object.number(keys[.y]))
        return (origin, Vec2(try object.number(keys[.width]), try object.number(keys[.height])))
    }

    static func decodeItems(_ value: JSONValue, at path: JSONPath) throws -> [DynamicItem] {
        let list = try value.array(at: path)
        guard !list.isEmpty else { throw ValidationError(path, "a world needs at least one item") }
        let maxItems = WorldFormats.worldKeys[.items].format.count.upperBound
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
                    path.appending(i).appending(WorldFormats.itemKeys[.id]),
                    "duplicate item id \(MessageText.quoted(item.id)) (first used at \(path.appending(first).appending(WorldFormats.itemKeys[.id])))")
            }
            firstUse[item.id] = i
            items.append(item)
        }
        return items
    }

    static func decodeItem(_ value: JSONValue, at path: JSONPath) throws -> DynamicItem {
        let keys = WorldFormats.itemKeys
        let object = try ObjectReader(value, at: path, format: WorldFormats.item)
        let id = try object.string(keys[.id])
        let center = try object.decode(keys[.center]) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }!
        let size = try object.decode(keys[.size]) { v, p in try ScenarioDecoder.decodeSize(v, at: p) }!
        let angle = try object.number(keys[.angle])
        let velocity = try object.decode(keys[.velocity]) { v, p in
            try ScenarioDecoder.decodePoint(v, at: p, keys: ShapeFormats.velocityKeys)
        }!
        let angularVelocity = try object.number(keys[.angularVelocity])
        let shape = try object.choice(keys[.shape], as: BodyShape.self)
        return DynamicItem(
            id: id, center: center, size: Vec2(size.width, size.height), angle: angle, velocity: velocity,
            angularVelocity: angularVelocity, shape: shape)
    }
}
