import TetherJSON
import TetherPhysics

/// The keys of `"world"`: reference bounds, items and UIKit Dynamics behaviors.
public enum WorldFormats {
    static let length = ScenarioLimits.maxLength
    static let angle = BehaviorDecoder.maxAngle
    static let id = ValueFormat.identifier(maxLength: BehaviorDecoder.maxIDLength)
    /// A behavior's items: ids of the scene's items, each at most once.
    static let itemIDs = ValueFormat.array(of: id, count: 0...Int.max, unique: true)

    public static let gravityVector = ShapeFormats.vector(
        "gravityVector", "A gravity vector in UIKit's units: 1 is 1000 pt/s².", limit: BehaviorDecoder.maxGravityMagnitude, unit: "1000 pt/s²")
    public static let pushVector = ShapeFormats.vector(
        "pushVector", "A push vector in UIKit Newtons.", limit: BehaviorDecoder.maxPushMagnitude, unit: "UIKit N")
    public static let angleRange = ShapeFormats.range("angleRange", "A range of angles around the start, in radians.", limit: angle, unit: "rad")
    public static let lengthRange = ShapeFormats.range(
        "lengthRange", "A range of positions along the axis around the start, in points.", limit: length, unit: "pt")
    public static let gravityVectorKeys = KeyTable<ShapeFormats.VectorKey>(gravityVector)
    public static let pushVectorKeys = KeyTable<ShapeFormats.VectorKey>(pushVector)
    public static let angleRangeKeys = KeyTable<ShapeFormats.RangeKey>(angleRange)
    public static let lengthRangeKeys = KeyTable<ShapeFormats.RangeKey>(lengthRange)

    public static let item = ObjectFormat("item", "A free item: a rigid rectangle (or circle) with UIKit's mass density·w·h/10 000.", keys: [
        FormatKey("id", id, required: true, "The item's id, unique in the scene; behaviors name items by it."),
        FormatKey("center", .object(ShapeFormats.point), required: true, "Center at frame 0."),
        FormatKey("size", .object(ShapeFormats.size), required: true, "Width and height."),
        FormatKey("angle", .number(-angle...angle), default: 0, unit: "rad", "Rotation at frame 0 (clockwise on screen, +y being down)."),
        FormatKey("velocity", .object(ShapeFormats.velocity), default: ["x": 0, "y": 0], "Velocity at frame 0."),
        FormatKey(
            "angularVelocity", .number(-WorldDecoder.maxAngularSpeed...WorldDecoder.maxAngularSpeed), default: 0, unit: "rad/s",
            "Angular velocity at frame 0."),
        FormatKey(
            "shape", .choice(BodyShape.allCases.map(\.rawValue)), default: .string(BodyShape.rectangle.rawValue),
            "\"ellipse\" collides as the circle of diameter min(width, height)."),
    ])

    public enum ItemKey: String, FormatKeyName { case id, center, size, angle, velocity, angularVelocity, shape }
    public static let itemKeys = KeyTable<ItemKey>(item)

    public static let boundary = ObjectFormat("boundary", "A line segment items collide with.", keys: [
        FormatKey("id", id, required: true, "The boundary's id (contact events name it), unique in its behavior."),
        FormatKey("from", .object(ShapeFormats.point), required: true, "One end."),
        FormatKey("to", .object(ShapeFormats.point), required: true, "The other end (a different point)."),
    ])

    public enum BoundaryKey: String, FormatKeyName { case id, from, to }
    public static let boundaryKeys = KeyTable<BoundaryKey>(boundary)

    static let items = FormatKey("items", itemIDs, required: true, "Ids of the items the behavior acts on, each once.")
    /// The key every attachment has (its union's common key) and a snap's.
    static let behaviorItem = FormatKey("item", id, required: true, "Id of the item.")

    /// direction / angle / magnitude, coupled as in UIKit.
    static func coupledVector(_ vector: ObjectFormat, defaultMagnitude: Double, limit: Double, unit: String) -> [FormatKey] {
        [
            FormatKey(
                "direction", .object(vector),
                "The vector as written (its length is the magnitude unless \"magnitude\" is given). Not with \"angle\"."),
            FormatKey("angle", .number(-angle...angle), unit: "rad", "Direction as an angle: (cos a, sin a). Not with \"direction\"."),
            FormatKey(
                "magnitude", .number(-limit...limit), default: .number(defaultMagnitude), unit: unit,
                "Length of the vector along \"direction\" or \"angle\"; 0 gives none."),
        ]
    }

    static let anchor = FormatKey("anchor", .object(ShapeFormats.point), "The fixed point the item is attached to.")
    static let referencePoint = FormatKey(
        "anchor", .object(ShapeFormats.point), required: true,
        "The joint's reference point in the scene (also with \"toItem\").")
    static let toItem = FormatKey("toItem", id, "Id of the other item, instead of a fixed anchor.")
    static let offset = FormatKey(
        "offset", .object(ShapeFormats.point), default: ["x": 0, "y": 0], "Attachment point on the item, from its center (item coordinates).")
    static let toOffset = FormatKey(
        "toOffset", .object(ShapeFormats.point), default: ["x": 0, "y": 0], "Attachment point on the other item, from its center.")
    static let ropeLength = FormatKey(
        "length", .number(0...length), defaultNote: "the distance when created", unit: "pt", "Rest length (a rope: the longest distance).")
    /// The other end is a fixed anchor or an item, and only an item has an offset.
    static func oneOtherEnd<Name: LooseEndKeyName>(_: Name.Type) -> [KeyRule] {
        [.exactlyOne(Name.anchor, .toItem), .requires(Name.toOffset, .toItem)]
    }

    // MARK: Attachments

    public static let springAttachment = UnionFormat.Variant("spring", "A spring (frequency 0: a rigid rod).", keys: [
        anchor, toItem, offset, toOffset, ropeLength,
        FormatKey("damping", .number(0...ScenarioLimits.maxDamping), default: 0, "Damping ratio ζ."),
        FormatKey("frequency", .number(0...ScenarioLimits.maxFrequency), default: 0, unit: "Hz", "Frequency; 0 makes a rigid rod."),
    ], rules: oneOtherEnd(SpringAttachmentKey.self))
    public enum SpringAttachmentKey: String, LooseEndKeyName {
        case anchor, toItem, offset, toOffset, length, damping, frequency
    }
    public static let springAttachmentKeys = KeyTable<SpringAttachmentKey>(springAttachment, of: attachment.name)

    public static let limitAttachment = UnionFormat.Variant(
        "limit", "A rope: at most \"length\" apart.", keys: [anchor, toItem, offset, toOffset, ropeLength],
        rules: oneOtherEnd(LimitAttachmentKey.self))
    public enum LimitAttachmentKey: String, LooseEndKeyName { case anchor, toItem, offset, toOffset, length }
    public static let limitAttachmentKeys = KeyTable<LimitAttachmentKey>(limitAttachment, of: attachment.name)

    public static let fixedAttachment = UnionFormat.Variant(
        "fixed", "A weld: the item keeps its position and angle relative to the anchor or the other item.", keys: [referencePoint, toItem])
    public enum FixedAttachmentKey: String, AttachmentKeyName { case anchor, toItem }
    public static let fixedAttachmentKeys = KeyTable<FixedAttachmentKey>(fixedAttachment, of: attachment.name)

    public static let pinAttachment = UnionFormat.Variant("pin", "A revolute joint at the anchor.", keys: [
        referencePoint, toItem,
        FormatKey("range", .object(angleRange), "Limits of the rotation, around the start."),
        FormatKey(
            "frictionTorque", .number(0...BehaviorDecoder.maxFrictionTorque), default: 0, unit: "mass·pt²/s²",
            "Friction torque of the pin."),
    ])
    public enum PinAttachmentKey: String, AttachmentKeyName { case anchor, toItem, range, frictionTorque }
    public static let pinAttachmentKeys = KeyTable<PinAttachmentKey>(pinAttachment, of: attachment.name)

    public static let slidingAttachment = UnionFormat.Variant("sliding", "A prismatic joint: the item slides along an axis through the anchor.", keys: [
        referencePoint, toItem,
        FormatKey("axis", .object(ShapeFormats.point), default: ["x": 1, "y": 0], "Direction of sliding (not (0, 0))."),
        FormatKey("range", .object(lengthRange), "Limits of the sliding, around the start."),
    ])
    public enum SlidingAttachmentKey: String, AttachmentKeyName { case anchor, toItem, axis, range }
    public static let slidingAttachmentKeys = KeyTable<SlidingAttachmentKey>(slidingAttachment, of: attachment.name)

    public static let attachment = UnionFormat(
        "attachment", "UIAttachmentBehavior: joins a point of an item to a fixed anchor or to another item.",
        tag: "kind", tagDescription: "The kind of attachment.", defaultTag: AttachmentBehavior.Kind.spring.rawValue,
        common: [behaviorItem],
        variants: [springAttachment, limitAttachment, fixedAttachment, pinAttachment, slidingAttachment])

    /// "Unchanged unless set" keys of an item behavior (UIKit's defaults apply until one sets them).
    static func property(_ name: String, _ format: ValueFormat, uikit: String, unit: String? = nil, _ description: String) -> FormatKey {
        FormatKey(name, format, defaultNote: "unchanged (UIKit's default \(uikit))", unit: unit, description)
    }

    /// The key every behavior shares.
    static let behaviorID = FormatKey("id", id, "An id, so events can change (set behaviors.<id>.<key>) or remove it.")

    // MARK: Behaviors

    public static let gravity = UnionFormat.Variant(
        "gravity", "UIGravityBehavior: a constant acceleration, whatever the mass.",
        keys: [items] + coupledVector(gravityVector, defaultMagnitude: 1, limit: BehaviorDecoder.maxGravityMagnitude, unit: "1000 pt/s²"),
        rules: [.atMostOne(GravityBehaviorKey.direction, .angle)])
    public enum GravityBehaviorKey: String, CoupledVectorKeyName { case items, direction, angle, magnitude }
    public static let gravityKeys = KeyTable<GravityBehaviorKey>(gravity, of: behavior.name)

    /// An attachment's keys are those of its kind (`attachment`).
    public static let attachmentBehavior = UnionFormat.Variant("attachment", "UIAttachmentBehavior.", nested: attachment)

    public static let collision = UnionFormat.Variant("collision", "UICollisionBehavior.", keys: [
        items,
        FormatKey(
            "mode", .choice(CollisionBehavior.Mode.allCases.map(\.rawValue)), default: .string(CollisionBehavior.Mode.everything.rawValue),
            "What the items collide with: each other (\"items\"), the boundaries (\"boundaries\"), or both."),
        FormatKey("boundsAsBoundary", .boolean, default: false, "The reference bounds (shrunk by \"insets\") are a boundary."),
        FormatKey("insets", .object(ShapeFormats.insets), default: ["top": 0, "left": 0, "bottom": 0, "right": 0], "Insets of the bounds boundary."),
        FormatKey(
            "boundaries", .array(of: .object(boundary), count: 0...BehaviorDecoder.maxBoundaries, unique: false), default: [],
            "Line segments the items collide with."),
    ])
    public enum CollisionKey: String, FormatKeyName { case items, mode, boundsAsBoundary, insets, boundaries }
    public static let collisionKeys = KeyTable<CollisionKey>(collision, of: behavior.name)

    public static let itemBehavior = UnionFormat.Variant(
        "itemBehavior", "UIDynamicItemBehavior: material and motion properties; the last behavior to set a key wins.", keys: [
            items,
            property("elasticity", .number(0...BehaviorDecoder.maxElasticity), uikit: "0", "Restitution: 1 bounces back fully."),
            property("friction", .number(0...BehaviorDecoder.maxFriction), uikit: "0", "Friction coefficient."),
            property("density", .positive(max: BehaviorDecoder.maxDensity), uikit: "1", "Density: mass is density·w·h/10 000."),
            property("resistance", .number(0...BehaviorDecoder.maxResistance), uikit: "0", unit: "1/s", "Velocity decays as e^(−resistance·t)."),
            property("angularResistance", .number(0...BehaviorDecoder.maxResistance), uikit: "0", unit: "1/s", "Angular velocity decays as e^(−angularResistance·t)."),
            property("allowsRotation", .boolean, uikit: "true", "Whether the item may turn."),
            property("anchored", .boolean, uikit: "false", "An anchored item collides but never moves."),
        ])
    public enum ItemBehaviorKey: String, FormatKeyName {
        case items, elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored
    }
    public static let itemBehaviorKeys = KeyTable<ItemBehaviorKey>(itemBehavior, of: behavior.name)

    public static let push = UnionFormat.Variant(
        "push", "UIPushBehavior: a force (continuous) or an impulse applied once (instantaneous).",
        keys: [
            items,
            FormatKey("mode", .choice(PushBehavior.Mode.allCases.map(\.rawValue)), required: true, "\"continuous\" or \"instantaneous\"."),
        ] + coupledVector(pushVector, defaultMagnitude: 0, limit: BehaviorDecoder.maxPushMagnitude, unit: "UIKit N") + [
            FormatKey("offset", .object(ShapeFormats.point), default: ["x": 0, "y": 0], "Where the push acts, from the item's center (adds torque)."),
            FormatKey("active", .boolean, default: true, "Whether the push acts."),
        ],
        rules: [.atMostOne(PushKey.direction, .angle)])
    public enum PushKey: String, CoupledVectorKeyName { case items, mode, direction, angle, magnitude, offset, active }
    public static let pushKeys = KeyTable<PushKey>(push, of: behavior.name)

    public static let snap = UnionFormat.Variant("snap", "UISnapBehavior: the item springs to a point and turns upright.", keys: [
        behaviorItem,
        FormatKey("point", .object(ShapeFormats.point), required: true, "Where the item snaps to."),
        FormatKey("damping", .number(0...1), default: 0.5, "UIKit's snap damping: the spring's ratio is 0.25 + 0.75·damping."),
    ])
    public enum SnapKey: String, FormatKeyName { case item, point, damping }
    public static let snapKeys = KeyTable<SnapKey>(snap, of: behavior.name)

    public static let behavior = UnionFormat(
        "behavior", "A UIKit Dynamics behavior.", tag: "type", tagDescription: "The behavior.", common: [behaviorID],
        variants: [
            gravity, attachmentBehavior, collision, itemBehavior, push, snap,
        ])

    public static let world = ObjectFormat("world", "A UIKit Dynamics world without a collection view.", keys: [
        FormatKey("bounds", .object(ShapeFormats.bounds), required: true, "The reference bounds: what \"visible\" means, and the bounds boundary."),
        FormatKey(
            "items", .array(of: .object(item), count: 1...WorldDecoder.maxItems, unique: false), required: true,
            "The items, in output order."),
        FormatKey(
            "behaviors", .array(of: .union(behavior), count: 0...WorldDecoder.maxBehaviors, unique: false), default: [],
            "Behaviors in the animator from frame 0."),
    ])

    public enum WorldKey: String, FormatKeyName { case bounds, items, behaviors }
    public static let worldKeys = KeyTable<WorldKey>(world)
}

/// The names every attachment's table has, so one decoder reads the item at the other end and
/// the anchor of each kind (an enumeration's cases stand for these requirements).
public protocol AttachmentKeyName: FormatKeyName {
    static var anchor: Self { get }
    static var toItem: Self { get }
}

/// The names of a spring's and a rope's tables, whose anchor is optional: the other end is a
/// point or an item.
public protocol LooseEndKeyName: AttachmentKeyName {
    static var offset: Self { get }
    static var toOffset: Self { get }
    static var length: Self { get }
}

/// The names of UIKit's coupled direction, angle and magnitude (gravity and push).
public protocol CoupledVectorKeyName: FormatKeyName {
    static var direction: Self { get }
    static var angle: Self { get }
    static var magnitude: Self { get }
}
