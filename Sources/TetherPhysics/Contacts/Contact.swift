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

/// The impulses one contact point accumulated over a step, carried into the next step for warm
/// starting while the point keeps its feature id.
struct AccumulatedImpulse: Sendable {
    var normal = 0.0
    var tangent = 0.0
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

    /// The bodies' slots in the dense arrays, as found by this step's discovery (slots move when
    /// bodies are removed, so they hold only until the next discovery); 0 for a boundary.
    var slotA: Int32 = 0
    var slotB: Int32 = 0

    /// The impulses of manifold points 0 and 1 at the end of the last step.
    var impulse0 = AccumulatedImpulse()
    var impulse1 = AccumulatedImpulse()

    /// Filler for storage that the narrow phase overwrites.
    static let unused = Contact(
        key: 0, bodyA: nil, boundary: nil, bodyB: BodyID(rawValue: 0), manifold: .empty, friction: 0, restitution: 0)

    static func key(_ a: BodyID, _ b: BodyID) -> UInt64 {
        (UInt64(UInt32(bitPattern: a.rawValue)) << 32) | UInt64(UInt32(bitPattern: b.rawValue))
    }

    /// Boundary contacts sort after every body pair of the same body.
    static func key(_ boundary: BoundaryID, _ body: BodyID) -> UInt64 {
        (UInt64(UInt32(bitPattern: body.rawValue)) << 32) | (UInt64(1) << 31) | UInt64(UInt32(bitPattern: boundary.rawValue))
    }
}
