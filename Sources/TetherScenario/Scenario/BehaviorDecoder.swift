import TetherJSON
import TetherLayout
import TetherPhysics

/// The items of a world scene by id, for behaviors that name them.
///
/// `ids` keeps declaration order so that "did you mean" suggestions never depend on dictionary
/// order; `indexes` answers look-ups only.
struct WorldItemIndex: Sendable {
    /// Item ids in declaration order.
    let ids: [String]
    /// Item id → index into `ids` (and into `WorldScene.items`).
    let indexes: [String: Int]

    /// Ids must be unique (WorldDecoder checks that before building one).
    init(ids: [String]) {
        self.ids = ids
        var indexes: [String: Int] = [:]
        indexes.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() where indexes[id] == nil {
            indexes[id] = index
        }
        self.indexes = indexes
    }

    init(_ items: [DynamicItem]) {
        self.init(ids: items.map(\.id))
    }
}

/// Decodes one behavior object of a world scene into the physics model through the behavior key
/// tables (`WorldFormats.behavior`), with UIKit's defaults for every key left out.
enum BehaviorDecoder {
    static let union = WorldFormats.behavior

    /// Largest |angle| anywhere (item angles, behavior angles, pin ranges), in radians.
    static let maxAngle = 1_000.0
    /// Largest |gravity magnitude| (and gravity direction component): 1000 = 10⁶ pt/s².
    static let maxGravityMagnitude = 1_000.0
    /// Largest |push magnitude| (and push direction component), in UIKit Newtons.
    static let maxPushMagnitude = 1_000_000.0
    static let maxElasticity = 10.0
    static let maxFriction = 1_000.0
    static let maxDensity = 1_000_000.0
    /// Largest resistance and angular resistance (per second).
    static let maxResistance = 1_000_000.0
    static let maxFrictionTorque = 1_000_000.0
    /// Boundaries in one collision behavior.
    static let maxBoundaries = 1_000
    /// Longest item, behavior or boundary id, in characters.
    static let maxIDLength = 100

    /// One behavior object → its optional id and the model value.
    static func decode(
        _ value: JSONValue, at path: JSONPath, items: WorldItemIndex, bounds: (origin: Vec2, size: Vec2)
    ) throws -> (id: String?, behavior: Behavior) {
        let raw = try value.object(at: path)
        guard let typeValue = raw[union.tag.name] else {
            throw ValidationError(path, "missing required key \"type\" (one of \(union.tags.joined(separator: ", ")))")
        }
        let type = try typeValue.oneOf(union.tags, at: path.appending(union.tag))
        let behavior: Behavior
        let object: ObjectReader
        switch type {
        case WorldFormats.attachmentBehavior.tag:
            let kinds = WorldFormats.attachment
            let kind = try ObjectReader(value, at: path, known: raw.keys).choice(kinds.tag, as: AttachmentBehavior.Kind.self)
            object = try ObjectReader(value, at: path, format: union.format(of: type, inner: kind.rawValue))
            behavior = .attachment(try decodeAttachment(object, kind: kind, items: items))
        default:
            object = try ObjectReader(value, at: path, format: union.format(of: type))
            switch type {
            case WorldFormats.gravity.tag:
                let keys = WorldFormats.gravityKeys
                let vector = try coupledVector(object, keys: keys, defaultDirection: Vec2(0, 1), vector: WorldFormats.gravityVectorKeys)
                behavior = .gravity(GravityBehavior(items: try itemList(object, keys[.items], items: items), vector: vector))
            case WorldFormats.collision.tag:
                behavior = .collision(try decodeCollision(object, items: items, bounds: bounds))
            case WorldFormats.itemBehavior.tag:
                behavior = .itemProperties(try decodeItemBehavior(object, items: items))
            case WorldFormats.push.tag:
                behavior = .push(try decodePush(object, items: items))
            default:
                behavior = .snap(try decodeSnap(object, items: items))
            }
        }
        let id = try object.stringIfPresent(WorldFormats.behaviorID)
        return (id, behavior)
    }

    // MARK: Kinds

    /// An attachment of any kind: each kind's table names its own keys (a spring's and a rope's
    /// anchor is optional, the other kinds' is their reference point).
    static func decodeAttachment(_ object: ObjectReader, kind: AttachmentBehavior.Kind, items: WorldItemIndex) throws -> AttachmentBehavior {
        switch kind {
        case .spring:
            let keys = WorldFormats.springAttachmentKeys
            var attachment = try looseEnds(object, kind: kind, keys: keys, items: items)
            attachment.damping = try object.number(keys[.damping])
            attachment.frequency = try object.number(keys[.frequency])
            return attachment
        case .limit:
            return try looseEnds(object, kind: kind, keys: WorldFormats.limitAttachmentKeys, items: items)
        case .fixed:
            return try referencePoint(object, kind: kind, keys: WorldFormats.fixedAttachmentKeys, items: items)
        case .pin:
            let keys = WorldFormats.pinAttachmentKeys
            var attachment = try referencePoint(object, kind: kind, keys: keys, items: items)
            attachment.range = try object.decode(keys[.range]) { v, p in try range(v, at: p, keys: WorldFormats.angleRangeKeys) }
            attachment.frictionTorque = try object.number(keys[.frictionTorque])
            return attachment
        case .sliding:
            let keys = WorldFormats.slidingAttachmentKeys
            var attachment = try referencePoint(object, kind: kind, keys: keys, items: items)
            attachment.range = try object.decode(keys[.range]) { v, p in try range(v, at: p, keys: WorldFormats.lengthRangeKeys) }
            attachment.axis = try object.decode(keys[.axis]) { v, p in
                let axis = try ScenarioDecoder.decodePoint(v, at: p)
                let (unit, length) = axis.normalizedWithLength
                guard length > 1e-12 else {
                    throw ValidationError(p, "the axis must not be (0, 0): it is the direction of sliding")
                }
                return positiveZeros(unit)
            }!
            return attachment
        }
    }

    /// The item and, when given, the other item, which must differ.
    static func attachedItems<Name: AttachmentKeyName>(
        _ object: ObjectReader, kind: AttachmentBehavior.Kind, keys: KeyTable<Name>, items: WorldItemIndex
    ) throws -> AttachmentBehavior {
        let item = try reference(object, WorldFormats.behaviorItem, items: items)!
        let toItem = try reference(object, keys[.toItem], items: items)
        if toItem == item {
            throw ValidationError(
                object.path(keys[.toItem]), "an item cannot be attached to itself (\(MessageText.quoted(items.ids[item])))")
        }
        return AttachmentBehavior(kind: kind, item: item, toItem: toItem)
    }

    /// A spring or a rope: its other end is a fixed anchor or another item, exactly one.
    static func looseEnds<Name: LooseEndKeyName>(
        _ object: ObjectReader, kind: AttachmentBehavior.Kind, keys: KeyTable<Name>, items: WorldItemIndex
    ) throws -> AttachmentBehavior {
        var attachment = try attachedItems(object, kind: kind, keys: keys, items: items)
        let anchor = keys[.anchor], toOffset = keys[.toOffset]
        if object.has(anchor), attachment.toItem != nil {
            throw ValidationError(
                object.path(keys[.toItem]), "give either \"anchor\" or \"toItem\", not both (a \(kind.rawValue) attachment has one other end)")
        }
        guard object.has(anchor) || attachment.toItem != nil else {
            throw ValidationError(
                object.path, "a \(kind.rawValue) attachment needs \"anchor\" (a point) or \"toItem\" (another item)")
        }
        if attachment.toItem == nil, object.has(toOffset) {
            throw ValidationError(object.path(toOffset), "\"toOffset\" needs \"toItem\"")
        }
        attachment.anchor = try point(object, anchor) ?? .zero
        attachment.offset = try point(object, keys[.offset])!
        attachment.toOffset = try point(object, toOffset)!
        attachment.length = try object.numberIfPresent(keys[.length])
        return attachment
    }

    /// A weld, a pin or a slide: the anchor is the joint's reference point, also with another item.
    static func referencePoint<Name: AttachmentKeyName>(
        _ object: ObjectReader, kind: AttachmentBehavior.Kind, keys: KeyTable<Name>, items: WorldItemIndex
    ) throws -> AttachmentBehavior {
        var attachment = try attachedItems(object, kind: kind, keys: keys, items: items)
        guard object.has(keys[.anchor]) else {
            throw ValidationError(
                object.path, "a \(kind.rawValue) attachment needs \"anchor\", its reference point (also with \"toItem\")")
        }
        attachment.anchor = try point(object, keys[.anchor])!
        return attachment
    }

    /// A point key's value, nil when absent without a default.
    static func point(_ object: ObjectReader, _ key: FormatKey) throws -> Vec2? {
        try object.decode(key) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
    }

    static func decodeCollision(
        _ object: ObjectReader, items: WorldItemIndex, bounds: (origin: Vec2, size: Vec2)
    ) throws -> CollisionBehavior {
        let keys = WorldFormats.collisionKeys
        let list = try itemList(object, keys[.items], items: items)
        let mode = try object.choice(keys[.mode], as: CollisionBehavior.Mode.self)
        let boundsAsBoundary = try object.bool(keys[.boundsAsBoundary])
        let insets = try object.decode(keys[.insets]) { v, p in try decodeInsets(v, at: p, bounds: bounds) }!
        let boundaries = try object.decode(keys[.boundaries]) { v, p in
            try decodeBoundaries(v, at: p, limit: keys[.boundaries].format.count.upperBound)
        }!
        return CollisionBehavior(
            items: list, mode: mode, boundaries: boundaries, boundsAsBoundary: boundsAsBoundary, insets: insets)
    }

    static func decodeInsets(
        _ value: JSONValue, at path: JSONPath, bounds: (origin: Vec2, size: Vec2)
    ) throws -> (top: Double, left: Double, bottom: Double, right: Double) {
        let edges = try ScenarioDecoder.decodeInsets(value, at: path)
        let width = bounds.size.x - edges.left - edges.right
        let height = bounds.size.y - edges.top - edges.bottom
        if !(width > 0) {
            throw ValidationError(
                path, "the insets leave no area: left + right = \(ScenarioDecoder.format(edges.left + edges.right)) is not less than the bounds width \(ScenarioDecoder.format(bounds.size.x))")
        }
        if !(height > 0) {
            throw ValidationError(
                path, "the insets leave no area: top + bottom = \(ScenarioDecoder.format(edges.top + edges.bottom)) is not less than the bounds height \(ScenarioDecoder.format(bounds.size.y))")
        }
        return (edges.top, edges.left, edges.bottom, edges.right)
    }

    static func decodeBoundaries(_ value: JSONValue, at path: JSONPath, limit: Int) throws -> [Boundary] {
        let list = try value.array(at: path)
        guard list.count <= limit else {
            throw ValidationError(path, "\(list.count) boundaries; at most \(limit) per collision behavior")
        }
        let keys = WorldFormats.boundaryKeys
        var boundaries: [Boundary] = []
        var firstUse: [String: Int] = [:]
        for (j, entry) in list.enumerated() {
            let entryPath = path.appending(j)
            let object = try ObjectReader(entry, at: entryPath, format: WorldFormats.boundary)
            let id = try object.string(keys[.id])
            if let first = firstUse[id] {
                throw ValidationError(
                    object.path(keys[.id]), "duplicate boundary id \(MessageText.quoted(id)) (first used at \(path.appending(first).appending(keys[.id])))")
            }
            firstUse[id] = j
            let from = try object.decode(keys[.from]) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }!
            let to = try object.decode(keys[.to]) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }!
            if from == to {
                throw ValidationError(
                    object.path(keys[.to]), "a boundary needs two different points; \"from\" and \"to\" are both (\(ScenarioDecoder.format(from.x)), \(ScenarioDecoder.format(from.y)))")
            }
            boundaries.append(Boundary(id: id, from: from, to: to))
        }
        return boundaries
    }

    static func decodeItemBehavior(_ object: ObjectReader, items: WorldItemIndex) throws -> ItemBehavior {
        let keys = WorldFormats.itemBehaviorKeys
        return ItemBehavior(
            items: try itemList(object, keys[.items], items: items),
            elasticity: try object.numberIfPresent(keys[.elasticity]),
            friction: try object.numberIfPresent(keys[.friction]),
            density: try object.numberIfPresent(keys[.density]),
            resistance: try object.numberIfPresent(keys[.resistance]),
            angularResistance: try object.numberIfPresent(keys[.angularResistance]),
            allowsRotation: try object.boolIfPresent(keys[.allowsRotation]),
            anchored: try object.boolIfPresent(keys[.anchored]))
    }

    static func decodePush(_ object: ObjectReader, items: WorldItemIndex) throws -> PushBehavior {
        let keys = WorldFormats.pushKeys
        let list = try itemList(object, keys[.items], items: items)
        let mode = try object.choice(keys[.mode], as: PushBehavior.Mode.self)
        // UIKit: angle 0, magnitude 0, so a push with neither pushes nothing.
        let vector = try coupledVector(object, keys: keys, defaultDirection: Vec2(1, 0), vector: WorldFormats.pushVectorKeys)
        let offset = try object.decode(keys[.offset]) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }!
        let active = try object.bool(keys[.active])
        return PushBehavior(items: list, mode: mode, vector: vector, offset: offset, active: active)
    }

    static func decodeSnap(_ object: ObjectReader, items: WorldItemIndex) throws -> SnapBehavior {
        let keys = WorldFormats.snapKeys
        let item = try reference(object, keys[.item], items: items)!
        let point = try object.decode(keys[.point]) { v, p in try ScenarioDecoder.decodePoint(v, at: p) }!
        return SnapBehavior(item: item, point: point, damping: try object.number(keys[.damping]))
    }

    // MARK: Shared pieces

    /// UIKit's coupled direction / angle / magnitude (UIGravityBehavior, UIPushBehavior):
    /// - `direction` alone is the vector as written (its length is the magnitude);
    /// - `angle` gives the unit direction (cos a, sin a), `magnitude` rescales the unit direction;
    /// - neither: `defaultDirection` × magnitude (the table's default magnitude when absent);
    /// - magnitude 0 is the zero vector; `direction` with `angle` is an error.
    static func coupledVector<Name: CoupledVectorKeyName>(
        _ object: ObjectReader, keys: KeyTable<Name>, defaultDirection: Vec2, vector: KeyTable<ShapeFormats.VectorKey>
    ) throws -> Vec2 {
        if object.has(keys[.direction]), object.has(keys[.angle]) {
            throw ValidationError(
                object.path(keys[.angle]), "give \"direction\" or \"angle\", not both (they set the same vector; \"magnitude\" scales either)")
        }
        let magnitude = object.has(keys[.magnitude]) ? try object.number(keys[.magnitude]) : nil
        if let direction = try object.decode(keys[.direction], { v, p in try ScenarioDecoder.decodePoint(v, at: p, keys: vector) }) {
            guard let magnitude else { return positiveZeros(direction) }
            if magnitude == 0 { return .zero }
            let (unit, length) = direction.normalizedWithLength
            guard length > 1e-12 else {
                throw ValidationError(
                    object.path(keys[.direction]), "a (0, 0) direction has no unit vector for \"magnitude\" to scale")
            }
            return positiveZeros(unit * magnitude)
        }
        let m = try magnitude ?? object.number(keys[.magnitude])
        if m == 0 { return .zero }
        if let angle = try object.numberIfPresent(keys[.angle]) {
            let (sin, cos) = DeterministicMath.sinCos(angle)
            return positiveZeros(Vec2(cos * m, sin * m))
        }
        return positiveZeros(defaultDirection * m)
    }

    /// −0 components become +0 (x + 0 is +0 for x = −0 and x otherwise), so a reversed vertical
    /// vector is (0, −1), never (−0, −1), in every later sum and printout.
    static func positiveZeros(_ v: Vec2) -> Vec2 {
        Vec2(v.x + 0, v.y + 0)
    }

    /// A closed range {"min", "max"} with min ≤ 0 ≤ max (UIKit: the range must include the current position).
    static func range(_ value: JSONValue, at path: JSONPath, keys: KeyTable<ShapeFormats.RangeKey>) throws -> ClosedRange<Double> {
        let object = try ObjectReader(value, at: path, keys: keys.keys)
        // The sign is checked first, for a message that says why; then the table's limits.
        if case .number(let lower)? = object.value(keys[.min]), lower > 0 {
            throw ValidationError(
                object.path(keys[.min]), "\(ScenarioDecoder.format(lower)) is greater than 0: the range must contain 0 (the starting position)")
        }
        if case .number(let upper)? = object.value(keys[.max]), upper < 0 {
            throw ValidationError(
                object.path(keys[.max]), "\(ScenarioDecoder.format(upper)) is less than 0: the range must contain 0 (the starting position)")
        }
        return try object.number(keys[.min])...object.number(keys[.max])
    }

    /// The required `items` list: existing item ids, each at most once; may be empty.
    static func itemList(_ object: ObjectReader, _ key: FormatKey, items: WorldItemIndex) throws -> [Int] {
        try object.decode(key) { value, path in
            let list = try value.array(at: path)
            var indexes: [Int] = []
            indexes.reserveCapacity(list.count)
            var position: [Int: Int] = [:]
            for (j, entry) in list.enumerated() {
                let entryPath = path.appending(j)
                let index = try itemReference(entry, at: entryPath, items: items)
                if let first = position[index] {
                    throw ValidationError(
                        entryPath, "item \(MessageText.quoted(items.ids[index])) is listed twice (first at \(path.appending(first)))")
                }
                position[index] = j
                indexes.append(index)
            }
            return indexes
        }!
    }

    /// The item a key names, if the key is present.
    static func reference(_ object: ObjectReader, _ key: FormatKey, items: WorldItemIndex) throws -> Int? {
        try object.decode(key) { v, p in try itemReference(v, at: p, items: items) }
    }

    /// An item id that must name an item of the scene.
    static func itemReference(_ value: JSONValue, at path: JSONPath, items: WorldItemIndex) throws -> Int {
        let id = try value.string(at: path)
        guard let index = items.indexes[id] else {
            throw ValidationError(path, "unknown item \(MessageText.quoted(id))\(DidYouMean.hint(for: id, among: items.ids))")
        }
        return index
    }
}
