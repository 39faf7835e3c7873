import TetherJSON
import TetherPhysics

/// Decodes the events of a world scene (`addBehavior`, `removeBehavior` and `set` on
/// `behaviors.<id>.<key>`, keys from `EventFormats`) and plays the behavior ids through in frame order, so a
/// script that removes a behavior twice or changes one that is gone fails before the replay.
enum WorldEventDecoder {
    static let types = EventFormats.worldTypes

    /// A behavior with an id that is in the animator at the current point of the script.
    private struct Live {
        var json: JSONValue
        var behavior: Behavior
        /// Where it was declared (world.behaviors[k] or events[i].behavior).
        var origin: JSONPath
        /// When it joined, counting from 0 (orders "did you mean" candidates).
        var sequence: Int
    }

    /// The running set of behaviors while the events are played in order.
    private struct State {
        var live: [String: Live] = [:]
        /// Behaviors with an id that have joined so far.
        var joined = 0
        /// Removed ids → the removing event's path and frame.
        var removed: [String: (path: JSONPath, frame: Int)] = [:]
        /// All behaviors present, with or without an id.
        var count = 0
        var collisions = 0

        /// The live behavior `id`, or the error that explains why there is none.
        func lookUp(_ id: String, at path: JSONPath) throws(ValidationError) -> Live {
            if let live = live[id] { return live }
            if let removal = removed[id] {
                throw ValidationError(
                    path, "behavior \(MessageText.quoted(id)) was removed by \(removal.path) at frame \(removal.frame)")
            }
            // Candidates in the order they joined, so the suggestion never depends on hashing.
            let candidates = live.map { (id: $0.key, sequence: $0.value.sequence) }.sorted { $0.sequence < $1.sequence }.map(\.id)
            throw ValidationError(path, "no behavior has id \(MessageText.quoted(id))\(DidYouMean.hint(for: id, among: candidates))")
        }

        mutating func join(_ id: String, json: JSONValue, behavior: Behavior, origin: JSONPath) {
            live[id] = Live(json: json, behavior: behavior, origin: origin, sequence: joined)
            joined += 1
            removed[id] = nil
        }
    }

    /// Decodes world events in frame order (file order within a frame) and checks them against the
    /// running set of behavior ids. `behaviorSources` parallels `scene.behaviors` (see
    /// `WorldDecoder.decodeWithSources`); `worldPath` is where the world object sits, for messages.
    static func decode(
        _ events: [(event: JSONValue, path: JSONPath, frame: Int)], scene: WorldScene,
        behaviorSources: [(id: String?, json: JSONValue)], frames: Int,
        worldPath: JSONPath = JSONPath.root.appending(ScenarioFormat.rootKeys[.world])
    ) throws -> [ScenarioEvent] {
        let items = WorldItemIndex(scene.items)
        var state = State()
        for (k, entry) in scene.behaviors.enumerated() {
            state.count += 1
            if case .collision = entry.behavior { state.collisions += 1 }
            guard let id = entry.id, state.live[id] == nil else { continue }
            let json = k < behaviorSources.count ? behaviorSources[k].json : .null
            state.join(id, json: json, behavior: entry.behavior, origin: worldPath.appending(WorldFormats.worldKeys[.behaviors]).appending(k))
        }
        let ordered = events.enumerated()
            .sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
            .map(\.element)
        var decoded: [ScenarioEvent] = []
        decoded.reserveCapacity(ordered.count)
        for entry in ordered {
            let action = try decodeEvent(
                entry.event, at: entry.path, frame: entry.frame, frames: frames, state: &state, items: items,
                bounds: scene.bounds)
            decoded.append(ScenarioEvent(frame: entry.frame, action: action, path: entry.path))
        }
        return decoded
    }

    private static func decodeEvent(
        _ value: JSONValue, at path: JSONPath, frame: Int, frames: Int, state: inout State, items: WorldItemIndex,
        bounds: (origin: Vec2, size: Vec2)
    ) throws -> ScenarioEvent.Action {
        let raw = try value.object(at: path)
        let tag = EventFormats.union.tag
        let typePath = path.appending(tag)
        guard let typeValue = raw[tag.name] else { throw ValidationError(path, "missing required key \"type\"") }
        let typeName = try typeValue.string(at: typePath)
        if !types.contains(typeName), EventFormats.layoutTypes.contains(typeName) {
            throw ValidationError(
                typePath, "\(MessageText.quoted(typeName)) events need a layout; world scenes take \(types.joined(separator: ", "))")
        }
        let type = try typeValue.oneOf(types, at: typePath)
        let object = try ObjectReader(value, at: path, keys: EventFormats.union.keys(of: type))
        guard frame >= 0, frame < frames else {
            throw ValidationError(
                object.path(EventFormats.frame),
                "frame \(frame) is past the last frame: events run before frames 0…\(frames - 1) are stepped (\"frames\" is \(frames))")
        }
        switch type {
        case EventFormats.addBehavior.tag:
            let key = EventFormats.addBehaviorKeys[.behavior]
            let behaviorPath = object.path(key)
            let json = try object.checked(key)!
            let (id, behavior) = try BehaviorDecoder.decode(json, at: behaviorPath, items: items, bounds: bounds)
            if let id, let existing = state.live[id] {
                throw ValidationError(
                    behaviorPath.appending(WorldFormats.behaviorID), "behavior id \(MessageText.quoted(id)) is already in use (by \(existing.origin))")
            }
            guard state.count < WorldDecoder.maxBehaviors else {
                throw ValidationError(behaviorPath, "more than \(WorldDecoder.maxBehaviors) behaviors at once")
            }
            if case .collision = behavior {
                guard state.collisions < WorldDecoder.maxCollisionBehaviors else {
                    throw ValidationError(
                        behaviorPath.appending(WorldFormats.behavior.tag), "more than \(WorldDecoder.maxCollisionBehaviors) collision behaviors at once")
                }
                state.collisions += 1
            }
            state.count += 1
            if let id {
                state.join(id, json: json, behavior: behavior, origin: behaviorPath)
            }
            return .addBehavior(id: id, behavior: behavior)
        case EventFormats.removeBehavior.tag:
            let key = EventFormats.removeBehaviorKeys[.id]
            let idPath = object.path(key)
            let id = try object.string(key)
            let live = try state.lookUp(id, at: idPath)
            state.live[id] = nil
            state.removed[id] = (path, frame)
            state.count -= 1
            if case .collision = live.behavior { state.collisions -= 1 }
            return .removeBehavior(id: id)
        default:
            return try decodeSet(object, frame: frame, state: &state, items: items, bounds: bounds)
        }
    }

    /// `set` {"path": "behaviors.<id>.<key>…", "value": …}: the value replaces that key of the
    /// behavior's JSON and the whole behavior is decoded again.
    private static func decodeSet(
        _ object: ObjectReader, frame: Int, state: inout State, items: WorldItemIndex, bounds: (origin: Vec2, size: Vec2)
    ) throws -> ScenarioEvent.Action {
        let keys = EventFormats.setKeys
        let pathPath = object.path(keys[.path])
        let valuePath = object.path(keys[.value])
        let text = try object.string(keys[.path])
        let newValue = try object.checked(keys[.value])!
        let target: JSONPath
        do {
            target = try JSONPath(parsing: text)
        } catch {
            throw ValidationError(pathPath, error.description)
        }
        let components = target.components
        let behaviors = WorldFormats.worldKeys[.behaviors]
        guard components.count >= 3, components[0] == .key(behaviors.name), case .key(let id) = components[1] else {
            throw ValidationError(
                pathPath, "\(MessageText.quoted(text)) cannot change in a world scene; set behaviors.<id>.<key> (e.g. behaviors.g.magnitude)")
        }
        var live = try state.lookUp(id, at: pathPath)
        let rest = Array(components[2...])
        if case .key(let key) = rest[0], key == WorldFormats.behavior.tag.name || key == WorldFormats.behaviorID.name {
            throw ValidationError(
                pathPath, "a behavior's \(MessageText.quoted(key)) cannot change; remove it and add a new behavior")
        }
        var json = coupled(live.json, behavior: live.behavior, setting: rest)
        do {
            json = try json.setting(newValue, at: JSONPath(rest))
        } catch {
            throw ValidationError(pathPath, error.message)
        }
        let behaviorPath = JSONPath.root.appending(behaviors).appending(id)
        let behavior: Behavior
        do {
            behavior = try BehaviorDecoder.decode(json, at: behaviorPath, items: items, bounds: bounds).behavior
        } catch let error as ValidationError {
            throw ValidationError(valuePath, error.path == target ? error.message : "\(error.path): \(error.message)")
        }
        live.json = json
        live.behavior = behavior
        state.live[id] = live
        return .replaceBehavior(id: id, behavior: behavior)
    }

    /// UIKit couples direction, angle and magnitude of gravity and push: setting `direction`
    /// replaces angle and magnitude; setting `angle` replaces the direction and keeps the
    /// magnitude (written out when it was implied by the direction's length).
    private static func coupled(_ json: JSONValue, behavior: Behavior, setting rest: [JSONPath.Component]) -> JSONValue {
        guard rest.count == 1, case .key(let key) = rest[0], case .object(let object) = json else { return json }
        switch behavior {
        case .gravity(let gravity): return .object(coupled(object, vector: gravity.vector, setting: key, keys: WorldFormats.gravityKeys))
        case .push(let push): return .object(coupled(object, vector: push.vector, setting: key, keys: WorldFormats.pushKeys))
        default: return json
        }
    }

    private static func coupled<Name: CoupledVectorKeyName>(
        _ object: JSONObject, vector: Vec2, setting key: String, keys: KeyTable<Name>
    ) -> JSONObject {
        let direction = keys[.direction].name, angle = keys[.angle].name, magnitude = keys[.magnitude].name
        var object = object
        switch key {
        case direction:
            object[angle] = nil
            object[magnitude] = nil
        case angle:
            if object[direction] != nil {
                object[direction] = nil
                if object[magnitude] == nil { object[magnitude] = .number(vector.length) }
            }
        default:
            break
        }
        return object
    }
}
