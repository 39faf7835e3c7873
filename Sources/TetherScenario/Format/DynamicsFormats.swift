import TetherJSON
import TetherLayout

/// The keys of `"dynamics"`: none, the springy list, the drop-in list.
public enum DynamicsFormats {
    static let length = ScenarioLimits.maxLength
    static let plain = SpringyConfiguration()
    static let dropIn = GravityConfiguration()

    public static let spring = ObjectFormat(
        "springParameters", "The spring on every sprung cell. Keys left out keep the preset's value (without a preset: ASH's).",
        keys: [
            FormatKey(
                "length", .number(0...length), default: .number(plain.length), unit: "pt",
                "Rest length: 0 rests the cell on its layout center."),
            FormatKey(
                "damping", .number(0...ScenarioLimits.maxDamping), default: .number(plain.dampingRatio),
                "Damping ratio ζ: 1 is critical, below 1 the cell overshoots."),
            FormatKey(
                "frequency", .number(0...ScenarioLimits.maxFrequency), default: .number(plain.frequency), unit: "Hz",
                "Undamped frequency f: a cell oscillates at f Hz whatever its size."),
        ])

    public enum SpringKey: String, FormatKeyName { case length, damping, frequency }
    public static let springKeys = KeyTable<SpringKey>(spring)

    public static let nearRestDamping = ObjectFormat(
        "nearRestDamping", "THSpringy's trick: a spring switches to another damping ratio while its cell is close to its anchor.",
        keys: [
            FormatKey("within", .number(0...length), required: true, unit: "pt", "Distance from the anchor along the scroll axis within which the damping applies."),
            FormatKey("damping", .number(0...ScenarioLimits.maxDamping), required: true, "The damping ratio used there."),
        ])

    public enum NearRestDampingKey: String, FormatKeyName { case within, damping }
    public static let nearRestDampingKeys = KeyTable<NearRestDampingKey>(nearRestDamping)

    public static let rope = ObjectFormat(
        "rope", "The drop-in list's rope: a spring from the anchor to an inserted item's center.",
        keys: [
            FormatKey("length", .number(0...length), default: .number(dropIn.ropeLength), unit: "pt", "Rest length of the rope."),
            FormatKey("damping", .number(0...ScenarioLimits.maxDamping), default: .number(dropIn.ropeDampingRatio), "Damping ratio ζ."),
            FormatKey("frequency", .number(0...ScenarioLimits.maxFrequency), default: .number(dropIn.ropeFrequency), unit: "Hz", "Frequency."),
        ])

    public enum RopeKey: String, FormatKeyName { case length, damping, frequency }
    public static let ropeKeys = KeyTable<RopeKey>(rope)

    public static let springy = UnionFormat.Variant(
        "springy", "The springy list (ASHSpringyCollectionViewFlowLayout and its kin): every cell near the viewport hangs on a spring at its layout center and lags behind the scroll.",
        keys: [
            FormatKey(
                "preset", .choice(SpringyPreset.allCases.map(\.rawValue)),
                "Start from a published implementation's constants; keys written beside it override them."),
            FormatKey("spring", .object(spring), "The spring's length, damping ratio and frequency."),
            FormatKey(
                "resistance", .positive(max: 1e12), default: .number(plain.resistance), unit: "pt",
                "Divisor of the touch distance: a cell d points from the finger moves by Δ·min(d/resistance, 1) when the content moves by Δ."),
            FormatKey(
                "distance", .choice(TouchDistance.allCases.map(\.rawValue)), default: .string(plain.distance.rawValue),
                "How the distance to the finger is measured: \"manhattan\" |dx| + |dy|, or \"axis\" along the scroll axis only."),
            FormatKey(
                "tilePadding", .nullable(.number(0...length)), default: plain.tilePadding.map { .number($0) } ?? .null, unit: "pt",
                "Cells meeting the visible rect grown by this have springs; null gives every cell a spring."),
            FormatKey(
                "nearRestDamping", .nullable(.object(nearRestDamping)), default: .null,
                "A second damping ratio near the anchor (the thspringy preset sets it); null turns it off."),
        ])

    public enum SpringyKey: String, FormatKeyName { case preset, spring, resistance, distance, tilePadding, nearRestDamping }
    public static let springyKeys = KeyTable<SpringyKey>(springy, of: union.name)

    public static let gravity = UnionFormat.Variant(
        "gravity", "The drop-in list (Ash Furrow's Newtonian collection view): inserted items swing in on a rope, deleted ones fall. The list starts empty.",
        keys: [
            FormatKey("itemSize", .positive(max: length), default: .number(dropIn.itemSize), unit: "pt", "Side of the square items."),
            FormatKey("anchor", .object(ShapeFormats.point), defaultNote: "(viewport width / 2, 64)", "The rope's fixed end, in content coordinates."),
            FormatKey("rope", .object(rope), "The rope's length, damping ratio and frequency."),
            FormatKey(
                "entry", .object(ShapeFormats.point), defaultNote: "(viewport width + itemSize, 300)",
                "Frame origin of an inserted item, where it starts its swing."),
            FormatKey(
                "removeAfter", .number(0...3600), default: .number(dropIn.removeAfter), unit: "s",
                "Time from a delete (the rope is cut) to the item leaving the data source, rounded to whole frames."),
            FormatKey(
                "maxItems", .integer(0...1000), default: .number(Double(dropIn.maxItems)),
                "Most items the list may hold, falling ones included."),
            FormatKey("boundaries", .boolean, default: .bool(dropIn.boundaries), "Whether the viewport's edges are collision boundaries."),
        ])

    public enum GravityKey: String, FormatKeyName { case itemSize, anchor, rope, entry, removeAfter, maxItems, boundaries }
    public static let gravityKeys = KeyTable<GravityKey>(gravity, of: union.name)

    public static let union = UnionFormat(
        "dynamics", "What moves the layout's attributes.", tag: "type",
        tagDescription: "\"none\": attributes straight from the layout; \"springy\": the springy list; \"gravity\": the drop-in list.",
        variants: [
            UnionFormat.Variant("none", "Attributes straight from the layout."),
            springy, gravity,
        ])

    /// The parameters a `set` event may change while a layout scene runs, in the order messages
    /// list them: each is a key of the springy tables above, whose format checks the new value as
    /// if it were written in the file, and the typed change that value makes.
    public static let settable: [SettableParameter] = [
        SettableParameter("dynamics.spring.damping", springKeys[.damping]) { .springDampingRatio($0.checkedNumber) },
        SettableParameter("dynamics.spring.frequency", springKeys[.frequency]) { .springFrequency($0.checkedNumber) },
        SettableParameter("dynamics.spring.length", springKeys[.length]) { .springLength($0.checkedNumber) },
        SettableParameter("dynamics.resistance", springyKeys[.resistance]) { .resistance($0.checkedNumber) },
        SettableParameter("dynamics.distance", springyKeys[.distance]) { value in
            guard case .string(let name) = value, let distance = TouchDistance(rawValue: name) else {
                preconditionFailure("checked against the choices of \"distance\"")
            }
            return .touchDistance(distance)
        },
        SettableParameter("dynamics.tilePadding", springyKeys[.tilePadding]) { value in
            .tilePadding(value == .null ? nil : value.checkedNumber)
        },
    ]
}

/// One parameter a `set` event may change during a run (`DynamicsFormats.settable`).
public struct SettableParameter: Sendable {
    /// As the event's `path` writes it.
    public let path: String
    let key: FormatKey
    /// The change a value that passed the key's format makes.
    let make: @Sendable (JSONValue) -> DynamicsChange

    init(_ path: String, _ key: FormatKey, make: @escaping @Sendable (JSONValue) -> DynamicsChange) {
        self.path = path
        self.key = key
        self.make = make
    }

    /// The typed change `value` makes, checked as if written at the key in the file; errors
    /// point at `path` (the event's `value`).
    public func change(_ value: JSONValue, at path: JSONPath) throws(ValidationError) -> DynamicsChange {
        try key.format.check(value, at: path)
        return make(value)
    }
}

extension JSONValue {
    /// A number a key's format has already checked.
    fileprivate var checkedNumber: Double {
        guard case .number(let value) = self else { preconditionFailure("checked by the key's format") }
        return value
    }
}
