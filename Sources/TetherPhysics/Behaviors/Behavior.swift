/// The UIKit Dynamics behaviors a world scene can hold. Items are referred to by index into the
/// scene's item list (declaration order); ids are resolved by the scenario decoder.
public enum Behavior: Sendable, Hashable {
    case gravity(GravityBehavior)
    case attachment(AttachmentBehavior)
    case collision(CollisionBehavior)
    case itemProperties(ItemBehavior)
    case push(PushBehavior)
    case snap(SnapBehavior)
}

/// UIGravityBehavior: an acceleration of 1000 pt/s² per unit of magnitude, independent of mass.
public struct GravityBehavior: Sendable, Hashable {
    public var items: [Int]
    /// The gravity vector in UIKit units: (0, 1) is 1000 pt/s² downwards.
    public var vector: Vec2

    public init(items: [Int], vector: Vec2 = Vec2(0, 1)) {
        self.items = items
        self.vector = vector
    }

    /// UIKit: magnitude 1.0 = 1000 points/s².
    public static let pointsPerSecondSquared = 1000.0
}

/// UIAttachmentBehavior and its iOS 9 kinds.
public struct AttachmentBehavior: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A spring (frequency > 0) or a rigid rod (frequency 0) holding the length.
        case spring
        /// A rope: at most `length` apart, slack when closer.
        case limit
        /// A weld: no relative motion or rotation.
        case fixed
        /// A revolute joint at the anchor point, with an optional rotation range and friction torque.
        case pin
        /// A prismatic joint: relative translation only along `axis`, within `range`, no rotation.
        case sliding
    }

    public var kind: Kind
    public var item: Int
    /// Offset from the item's center (item coordinates).
    public var offset: Vec2
    /// The second item, or nil for a fixed anchor point.
    public var toItem: Int?
    public var toOffset: Vec2
    /// World anchor point (for anchor attachments, and the reference point of fixed/pin/sliding).
    public var anchor: Vec2
    /// nil = the distance at creation.
    public var length: Double?
    public var damping: Double
    public var frequency: Double
    /// Pin: allowed relative rotation (radians); sliding: allowed translation (points).
    public var range: ClosedRange<Double>?
    public var frictionTorque: Double
    /// Sliding: the unit axis of translation.
    public var axis: Vec2

    public init(
        kind: Kind = .spring, item: Int, offset: Vec2 = .zero, toItem: Int? = nil, toOffset: Vec2 = .zero,
        anchor: Vec2 = .zero, length: Double? = nil, damping: Double = 0, frequency: Double = 0,
        range: ClosedRange<Double>? = nil, frictionTorque: Double = 0, axis: Vec2 = Vec2(1, 0)
    ) {
        self.kind = kind
        self.item = item
        self.offset = offset
        self.toItem = toItem
        self.toOffset = toOffset
        self.anchor = anchor
        self.length = length
        self.damping = damping
        self.frequency = frequency
        self.range = range
        self.frictionTorque = frictionTorque
        self.axis = axis
    }
}

/// A collision boundary: a line segment that never moves.
public struct Boundary: Sendable, Hashable {
    public var id: String
    public var from: Vec2
    public var to: Vec2

    public init(id: String, from: Vec2, to: Vec2) {
        self.id = id
        self.from = from
        self.to = to
    }
}

/// UICollisionBehavior: which items collide with each other and with which boundaries.
public struct CollisionBehavior: Sendable, Hashable {
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case items, boundaries, everything
        public var includesItems: Bool { self != .boundaries }
        public var includesBoundaries: Bool { self != .items }
    }

    public var items: [Int]
    public var mode: Mode
    public var boundaries: [Boundary]
    /// The reference bounds (shrunk by insets) as four boundaries, or nil.
    public var boundsAsBoundary: Bool
    public var insets: (top: Double, left: Double, bottom: Double, right: Double)

    public init(
        items: [Int], mode: Mode = .everything, boundaries: [Boundary] = [], boundsAsBoundary: Bool = false,
        insets: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0)
    ) {
        self.items = items
        self.mode = mode
        self.boundaries = boundaries
        self.boundsAsBoundary = boundsAsBoundary
        self.insets = insets
    }

    public static func == (a: CollisionBehavior, b: CollisionBehavior) -> Bool {
        a.items == b.items && a.mode == b.mode && a.boundaries == b.boundaries && a.boundsAsBoundary == b.boundsAsBoundary
            && a.insets == b.insets
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(mode)
        hasher.combine(boundaries)
        hasher.combine(boundsAsBoundary)
    }
}

/// UIDynamicItemBehavior: material and motion properties. Only the keys written are set (nil
/// leaves the item's value as earlier behaviors or the defaults left it).
public struct ItemBehavior: Sendable, Hashable {
    public var items: [Int]
    public var elasticity: Double?
    public var friction: Double?
    public var density: Double?
    public var resistance: Double?
    public var angularResistance: Double?
    public var allowsRotation: Bool?
    public var anchored: Bool?

    public init(
        items: [Int], elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
        resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil,
        anchored: Bool? = nil
    ) {
        self.items = items
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.anchored = anchored
    }
}

/// UIPushBehavior in UIKit Newtons: magnitude 1 on a 100×100, density-1 item is 100 pt/s²
/// (continuous) or +100 pt/s (instantaneous).
public struct PushBehavior: Sendable, Hashable {
    public enum Mode: String, Sendable, Hashable, CaseIterable { case continuous, instantaneous }

    public var items: [Int]
    public var mode: Mode
    /// Direction × magnitude, in UIKit Newtons.
    public var vector: Vec2
    /// Where the force acts, relative to the item's center (item coordinates).
    public var offset: Vec2
    public var active: Bool

    public init(items: [Int], mode: Mode, vector: Vec2, offset: Vec2 = .zero, active: Bool = true) {
        self.items = items
        self.mode = mode
        self.vector = vector
        self.offset = offset
        self.active = active
    }

    /// One UIKit Newton accelerates one unit of UIKit mass (a 100×100 item of density 1) at 100 pt/s².
    public static let pointsPerSecondSquaredPerNewton = 100.0
}

/// UISnapBehavior: the item settles at `point`, upright.
public struct SnapBehavior: Sendable, Hashable {
    public var item: Int
    public var point: Vec2
    /// 0 (most oscillation) … 1 (least); UIKit's default 0.5.
    public var damping: Double

    public init(item: Int, point: Vec2, damping: Double = 0.5) {
        self.item = item
        self.point = point
        self.damping = damping
    }
}

/// A world scene: items, their behaviors and the reference bounds.
public struct WorldScene: Sendable, Hashable {
    public var bounds: (origin: Vec2, size: Vec2)
    public var items: [DynamicItem]
    /// Behaviors with their optional ids, in declaration order.
    public var behaviors: [(id: String?, behavior: Behavior)]

    public init(bounds: (origin: Vec2, size: Vec2), items: [DynamicItem], behaviors: [(id: String?, behavior: Behavior)]) {
        self.bounds = bounds
        self.items = items
        self.behaviors = behaviors
    }

    public static func == (a: WorldScene, b: WorldScene) -> Bool {
        a.bounds == b.bounds && a.items == b.items && a.behaviors.elementsEqual(b.behaviors) { $0.id == $1.id && $0.behavior == $1.behavior }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(behaviors.count)
    }
}
