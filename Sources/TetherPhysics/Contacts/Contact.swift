/// A stable handle to a collision boundary (a fixed line segment).
public struct BoundaryID: Hashable, Sendable, Comparable {
    public let rawValue: Int32
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: BoundaryID, b: BoundaryID) -> Bool { a.rawValue < b.rawValue }
}

/// A fixed line segment bodies collide with, belonging to one collision group.
struct BoundarySegment: Sendable {
    var id: BoundaryID
    var segment: SegmentShape
    /// The collision group (0…63) whose bodies touch this boundary.
    var group: Int
}

/// What a contact is between: two bodies, or a body and a boundary.
public enum ContactPartner: Hashable, Sendable {
    case body(BodyID)
    case boundary(BoundaryID)
}

/// UIKit's collision delegate callbacks: contact began (with a point) or ended.
public struct ContactEvent: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable { case began, ended }
    public var phase: Phase
    /// The first partner: a body or boundary; `body` is the other.
    public var partner: ContactPartner
    public var body: BodyID
    /// Where they touch (for `began`).
    public var point: Vec2?
}

/// One contact point's solver state.
struct ContactPointState: Sendable {
    var id: UInt32 = 0
    /// Lever arms from the bodies' centers at the start of the step (world orientation).
    var anchorA = Vec2.zero
    var anchorB = Vec2.zero
    /// Separation at the start of the step, corrected for the anchors' positions.
    var baseSeparation = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    /// The largest normal impulse of the step (restitution applies only to points that pushed).
    var maxNormalImpulse = 0.0
    /// Normal relative velocity before the step, for restitution.
    var relativeVelocity = 0.0
    /// UIKit solver: the normal velocity the row aims for (restitution, or a speculative gap).
    var velocityBias = 0.0
}

/// A persistent contact between two bodies or a body and a boundary, kept from step to step so
/// impulses carry over (warm starting) by feature id.
struct Contact: Sendable {
    /// Sort key: the partners' ids, so contacts are solved in an order independent of history.
    var key: UInt64
    /// Body A, or nil when A is a boundary (the ground slot).
    var bodyA: BodyID?
    var boundary: BoundaryID?
    var bodyB: BodyID
    var manifold: ContactManifold
    var friction: Double
    var restitution: Double
    /// True while some point is within the contact slop (UIKit "began contact").
    var touching = false

    // Prepared once per step.
    var slotA = 0
    var slotB = 0
    var inverseMassA = 0.0
    var inverseMassB = 0.0
    var inverseInertiaA = 0.0
    var inverseInertiaB = 0.0
    var softness = Softness.rigid
    var positionA = Vec2.zero
    var positionB = Vec2.zero
    var rotationA = Rotation.identity
    var rotationB = Rotation.identity
    var point0 = ContactPointState()
    var point1 = ContactPointState()
    /// The 2×2 normal mass matrix of a two-point manifold, and whether it is well enough
    /// conditioned for the block solver (Box2D's condition-number test).
    var k11 = 0.0
    var k12 = 0.0
    var k22 = 0.0
    var blockConditioned = false

    static func key(_ a: BodyID, _ b: BodyID) -> UInt64 {
        (UInt64(UInt32(bitPattern: a.rawValue)) << 32) | UInt64(UInt32(bitPattern: b.rawValue))
    }

    /// Boundary contacts sort after every body pair of the same body.
    static func key(_ boundary: BoundaryID, _ body: BodyID) -> UInt64 {
        (UInt64(UInt32(bitPattern: body.rawValue)) << 32) | (UInt64(1) << 31) | UInt64(UInt32(bitPattern: boundary.rawValue))
    }
}
