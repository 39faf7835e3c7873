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

/// Decodes one behavior object of a world scene (§1.3 of the contract) into the physics model,
/// with UIKit's defaults for every key left out.
enum BehaviorDecoder {
    static let types = ["gravity", "attachment", "collision", "itemBehavior", "push", "snap"]

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

    /// Keys every behavior may carry.
    static let commonKeys = ["type", "id"]

    static func keys(of type: String) -> [String] {
        switch type {
        case "gravity": ["items", "direction", "angle", "magnitude"]
        case "collision": ["items", "mode", "boundsAsBoundary", "insets", "boundaries"]
        case "itemBehavior":
            ["items", "elasticity", "friction", "density", "resistance", "angularResistance", "allowsRotation", "anchored"]
        case "push": ["items", "mode", "direction", "angle", "magnitude", "offset", "active"]
        case "snap": ["item", "point", "damping"]
        default: []
        }
    }

    static func attachmentKeys(of kind: AttachmentBehavior.Kind) -> [String] {
        let base = ["kind", "item", "anchor", "toItem"]
        switch kind {
        case .spring: return base + ["offset", "toOffset", "length", "damping", "frequency"]
        case .limit: return base + ["offset", "toOffset", "length"]
        case .fixed: return base
        case .pin: return base + ["range", "frictionTorque"]
        case .sliding: return base + ["axis", "range"]
        }
    }

    /// One behavior object → its optional id and the model value.
    static func decode(
        _ value: JSONValue, at path: JSONPath, items: WorldItemIndex, bounds: (origin: Vec2, size: Vec2)
    ) throws -> (id: String?, behavior: Behavior) {
        let raw = try value.object(at: path)
        guard let typeValue = raw["type"] else {
            throw ValidationError(path, "missing required key \"type\" (one of \(types.joined(separator: ", ")))")
        }
        let type = try typeValue.oneOf(types, at: path.appending("type"))
        let behavior: Behavior
        let object: ObjectReader
        switch type {
        case "attachment":
            let kind = try raw["kind"].map { v in
                AttachmentBehavior.Kind(rawValue: try v.oneOf(AttachmentBehavior.Kind.allCases.map(\.rawValue), at: path.appending("kind")))!
            } ?? .spring
            object = try ObjectReader(value, at: path, known: commonKeys + attachmentKeys(of: kind))
            behavior = .attachment(try decodeAttachment(object, kind: kind, items: items))
        default:
            object = try ObjectReader(value, at: path, known: commonKeys + keys(of: type))
            switch type {
            case "gravity":
                let vector = try coupledVector(
                    object, defaultDirection: Vec2(0, 1), defaultMagnitude: 1, limit: maxGravityMagnitude)
                behavior = .gravity(GravityBehavior(items: try itemList(object, items: items), vector: vector))
            case "collision":
                behavior = .collision(try decodeCollision(object, items: items, bounds: bounds))
            case "itemBehavior":
                behavior = .itemProperties(try decodeItemBehavior(object, items: items))
            case "push":
                behavior = .push(try decodePush(object, items: items))
            default:
                behavior = .snap(try decodeSnap(object, items: items))
            }
        }
        let id = try object.optional("id") { v, p in try identifier(v, at: p) }
        return (id, behavior)
    }

    // MARK: Kinds

    static func decodeAttachment(
        _ object: ObjectReader, kind: AttachmentBehavior.Kind, items: WorldItemIndex
    ) throws -> AttachmentBehavior {
        let item = try object.required("item") { v, p in try itemReference(v, at: p, items: items) }
        let toItem = try object.optional("toItem") { v, p in try itemReference(v, at: p, items: items) }
        if toItem == item {
            throw ValidationError(
                object.path("toItem"), "an item cannot be attached to itself (\(JSONValue.quoted(items.ids[item])))")
        }
        let anchor = try object.optional("anchor") { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
        var attachment = AttachmentBehavior(kind: kind, item: item, toItem: toItem)
        switch kind {
        case .spring, .limit:
            if anchor != nil, toItem != nil {
                throw ValidationError(
                    object.path("toItem"), "give either \"anchor\" or \"toItem\", not both (a \(kind.rawValue) attachment has one other end)")
            }
            guard anchor != nil || toItem != nil else {
                throw ValidationError(
                    object.path, "a \(kind.rawValue) attachment needs \"anchor\" (a point) or \"toItem\" (another item)")
            }
            if toItem == nil, object.has("toOffset") {
                throw ValidationError(object.path("toOffset"), "\"toOffset\" needs \"toItem\"")
            }
            attachment.offset = try object.optional("offset") { v, p in try ScenarioDecoder.decodePoint(v, at: p) } ?? .zero
            attachment.toOffset = try object.optional("toOffset") { v, p in try ScenarioDecoder.decodePoint(v, at: p) } ?? .zero
            attachment.length = try object.optional("length") { v, p in
                try v.number(at: p, in: 0...ScenarioLimits.maxLength)
            }
        case .fixed, .pin, .sliding:
            guard object.has("anchor") else {
                throw ValidationError(
                    object.path, "a \(kind.rawValue) attachment needs \"anchor\", its reference point (also with \"toItem\")")
            }
        }
        attachment.anchor = anchor ?? .zero
        if kind == .spring {
            attachment.damping = try object.optional("damping") { v, p in
                try v.number(at: p, in: 0...ScenarioLimits.maxDamping)
            } ?? 0
            attachment.frequency = try object.optional("frequency") { v, p in
                try v.number(at: p, in: 0...ScenarioLimits.maxFrequency)
            } ?? 0
        }
        if kind == .pin {
            attachment.range = try object.optional("range") { v, p in try range(v, at: p, limit: maxAngle) }
            attachment.frictionTorque = try object.optional("frictionTorque") { v, p in
                try v.number(at: p, in: 0...maxFrictionTorque)
            } ?? 0
        }
        if kind == .sliding {
            attachment.range = try object.optional("range") { v, p in try range(v, at: p, limit: ScenarioLimits.maxLength) }
            attachment.axis = try object.optional("axis") { v, p in
                let axis = try ScenarioDecoder.decodePoint(v, at: p)
                let (unit, length) = axis.normalizedWithLength
                guard length > 1e-12 else {
                    throw ValidationError(p, "the axis must not be (0, 0): it is the direction of sliding")
                }
                return positiveZeros(unit)
            } ?? Vec2(1, 0)
        }
        return attachment
    }

    static func decodeCollision(
        _ object: ObjectReader, items: WorldItemIndex, bounds: (origin: Vec2, size: Vec2)
    ) throws -> CollisionBehavior {
        let list = try itemList(object, items: items)
        let mode = try object.optional("mode") { v, p in
            CollisionBehavior.Mode(rawValue: try v.oneOf(CollisionBehavior.Mode.allCases.map(\.rawValue), at: p))!
        } ?? .everything
        let boundsAsBoundary = try object.optional("boundsAsBoundary") { v, p in try v.bool(at: p) } ?? false
        let insets = try object.optional("insets") { v, p in try decodeInsets(v, at: p, bounds: bounds) } ?? (0, 0, 0, 0)
        let boundaries = try object.optional("boundaries") { v, p in try decodeBoundaries(v, at: p) } ?? []
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

    static func decodeBoundaries(_ value: JSONValue, at path: JSONPath) throws -> [Boundary] {
        let list = try value.array(at: path)
        guard list.count <= maxBoundaries else {
            throw ValidationError(path, "\(list.count) boundaries; at most \(maxBoundaries) per collision behavior")
        }
        var boundaries: [Boundary] = []
        var firstUse: [String: Int] = [:]
        for (j, entry) in list.enumerated() {
            let entryPath = path.appending(j)
            let object = try ObjectReader(entry, at: entryPath, known: ["id", "from", "to"])
            let id = try object.required("id") { v, p in try identifier(v, at: p) }
            if let first = firstUse[id] {
                throw ValidationError(
                    object.path("id"), "duplicate boundary id \(JSONValue.quoted(id)) (first used at \(path.appending(first).appending("id")))")
            }
            firstUse[id] = j
            let from = try object.required("from") { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
            let to = try object.required("to") { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
            if from == to {
                throw ValidationError(
                    object.path("to"), "a boundary needs two different points; \"from\" and \"to\" are both (\(ScenarioDecoder.format(from.x)), \(ScenarioDecoder.format(from.y)))")
            }
            boundaries.append(Boundary(id: id, from: from, to: to))
        }
        return boundaries
    }

    static func decodeItemBehavior(_ object: ObjectReader, items: WorldItemIndex) throws -> ItemBehavior {
        func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double? {
            try object.optional(key) { v, p in try v.number(at: p, in: range) }
        }
        return ItemBehavior(
            items: try itemList(object, items: items),
            elasticity: try number("elasticity", 0...maxElasticity),
            friction: try number("friction", 0...maxFriction),
            density: try object.optional("density") { v, p in try v.positiveNumber(at: p, max: maxDensity) },
            resistance: try number("resistance", 0...maxResistance),
            angularResistance: try number("angularResistance", 0...maxResistance),
            allowsRotation: try object.optional("allowsRotation") { v, p in try v.bool(at: p) },
            anchored: try object.optional("anchored") { v, p in try v.bool(at: p) })
    }

    static func decodePush(_ object: ObjectReader, items: WorldItemIndex) throws -> PushBehavior {
        let list = try itemList(object, items: items)
        let mode = try object.required("mode") { v, p in
            PushBehavior.Mode(rawValue: try v.oneOf(PushBehavior.Mode.allCases.map(\.rawValue), at: p))!
        }
        // UIKit: angle 0, magnitude 0, so a push with neither pushes nothing.
        let vector = try coupledVector(object, defaultDirection: Vec2(1, 0), defaultMagnitude: 0, limit: maxPushMagnitude)
        let offset = try object.optional("offset") { v, p in try ScenarioDecoder.decodePoint(v, at: p) } ?? .zero
        let active = try object.optional("active") { v, p in try v.bool(at: p) } ?? true
        return PushBehavior(items: list, mode: mode, vector: vector, offset: offset, active: active)
    }

    static func decodeSnap(_ object: ObjectReader, items: WorldItemIndex) throws -> SnapBehavior {
        let item = try object.required("item") { v, p in try itemReference(v, at: p, items: items) }
        let point = try object.required("point") { v, p in try ScenarioDecoder.decodePoint(v, at: p) }
        let damping = try object.optional("damping") { v, p in try v.number(at: p, in: 0...1) } ?? 0.5
        return SnapBehavior(item: item, point: point, damping: damping)
    }

    // MARK: Shared pieces

    /// UIKit's coupled direction / angle / magnitude (UIGravityBehavior, UIPushBehavior):
    /// - `direction` alone is the vector as written (its length is the magnitude);
    /// - `angle` gives the unit direction (cos a, sin a), `magnitude` rescales the unit direction;
    /// - neither: `defaultDirection` × (magnitude ?? defaultMagnitude);
    /// - magnitude 0 is the zero vector; `direction` with `angle` is an error.
    static func coupledVector(
        _ object: ObjectReader, defaultDirection: Vec2, defaultMagnitude: Double, limit: Double
    ) throws -> Vec2 {
        if object.has("direction"), object.has("angle") {
            throw ValidationError(
                object.path("angle"), "give \"direction\" or \"angle\", not both (they set the same vector; \"magnitude\" scales either)")
        }
        let magnitude = try object.optional("magnitude") { v, p in try v.number(at: p, in: -limit...limit) }
        if let direction = try object.optional("direction", { v, p in try ScenarioDecoder.decodePoint(v, at: p, limit: limit) }) {
            guard let magnitude else { return positiveZeros(direction) }
            if magnitude == 0 { return .zero }
            let (unit, length) = direction.normalizedWithLength
            guard length > 1e-12 else {
                throw ValidationError(
                    object.path("direction"), "a (0, 0) direction has no unit vector for \"magnitude\" to scale")
            }
            return positiveZeros(unit * magnitude)
        }
        let m = magnitude ?? defaultMagnitude
        if m == 0 { return .zero }
        if let angle = try object.optional("angle", { v, p in try v.number(at: p, in: -maxAngle...maxAngle) }) {
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
    static func range(_ value: JSONValue, at path: JSONPath, limit: Double) throws -> ClosedRange<Double> {
        let object = try ObjectReader(value, at: path, known: ["min", "max"])
        let lower = try object.required("min") { v, p in try v.number(at: p, in: -limit...limit) }
        let upper = try object.required("max") { v, p in try v.number(at: p, in: -limit...limit) }
        if lower > 0 {
            throw ValidationError(
                object.path("min"), "\(ScenarioDecoder.format(lower)) is greater than 0: the range must contain 0 (the starting position)")
        }
        if upper < 0 {
            throw ValidationError(
                object.path("max"), "\(ScenarioDecoder.format(upper)) is less than 0: the range must contain 0 (the starting position)")
        }
        return lower...upper
    }

    /// The required `items` list: existing item ids, each at most once; may be empty.
    static func itemList(_ object: ObjectReader, items: WorldItemIndex) throws -> [Int] {
        try object.required("items") { value, path in
            let list = try value.array(at: path)
            var indexes: [Int] = []
            indexes.reserveCapacity(list.count)
            var position: [Int: Int] = [:]
            for (j, entry) in list.enumerated() {
                let entryPath = path.appending(j)
                let index = try itemReference(entry, at: entryPath, items: items)
                if let first = position[index] {
                    throw ValidationError(
                        entryPath, "item \(JSONValue.quoted(items.ids[index])) is listed twice (first at \(path.appending(first)))")
                }
                position[index] = j
                indexes.append(index)
            }
            return indexes
        }
    }

    /// An item id that must name an item of the scene.
    static func itemReference(_ value: JSONValue, at path: JSONPath, items: WorldItemIndex) throws -> Int {
        let id = try value.string(at: path)
        guard let index = items.indexes[id] else {
            throw ValidationError(path, "unknown item \(JSONValue.quoted(id))\(DidYouMean.hint(for: id, among: items.ids))")
        }
        return index
    }

    /// A non-empty id of at most `maxIDLength` characters.
    static func identifier(_ value: JSONValue, at path: JSONPath) throws -> String {
        let id = try value.string(at: path)
        guard !id.isEmpty, id.count <= maxIDLength else {
            throw ValidationError(path, "an id must be 1 to \(maxIDLength) characters")
        }
        return id
    }
}
