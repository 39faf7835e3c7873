/// An axis-aligned bounding box in world points, for the broadphase.
///
/// Intervals are closed: boxes whose edges just touch overlap, so a resting contact (distance 0)
/// is never dropped by the broadphase.
public struct AABB: Hashable, Sendable {
    public var lower: Vec2
    public var upper: Vec2

    @inlinable public init(lower: Vec2, upper: Vec2) {
        self.lower = lower
        self.upper = upper
    }

    /// True when the boxes share at least one point (touching counts).
    @inlinable public func overlaps(_ other: AABB) -> Bool {
        lower.x <= other.upper.x && other.lower.x <= upper.x
            && lower.y <= other.upper.y && other.lower.y <= upper.y
    }

    /// True when `other` lies inside this box (edges may touch).
    @inlinable public func contains(_ other: AABB) -> Bool {
        lower.x <= other.lower.x && lower.y <= other.lower.y && other.upper.x <= upper.x && other.upper.y <= upper.y
    }

    /// The smallest box containing both.
    @inlinable public func union(_ other: AABB) -> AABB {
        AABB(
            lower: Vec2(min(lower.x, other.lower.x), min(lower.y, other.lower.y)),
            upper: Vec2(max(upper.x, other.upper.x), max(upper.y, other.upper.y)))
    }

    /// Grown by `margin` on every side. Fattening by the speculative distance makes the
    /// broadphase report every pair the narrow phase could give points for.
    @inlinable public func fattened(by margin: Double) -> AABB {
        AABB(lower: Vec2(lower.x - margin, lower.y - margin), upper: Vec2(upper.x + margin, upper.y + margin))
    }

    /// Grown by `margin.x` on the left and right and by `margin.y` at the bottom and top.
    @inlinable public func fattened(by margin: Vec2) -> AABB {
        AABB(lower: lower - margin, upper: upper + margin)
    }

    /// The box covering this one and this one moved by `displacement`: every place a body in
    /// these bounds passes while it translates by `displacement`.
    @inlinable public func swept(by displacement: Vec2) -> AABB {
        AABB(
            lower: Vec2(lower.x + min(0, displacement.x), lower.y + min(0, displacement.y)),
            upper: Vec2(upper.x + max(0, displacement.x), upper.y + max(0, displacement.y)))
    }

    /// How far apart the boxes are along the axis that separates them most; zero or negative
    /// when they overlap. No two points of the boxes are closer than this.
    @inlinable public func gap(to other: AABB) -> Double {
        max(max(other.lower.x - upper.x, lower.x - other.upper.x), max(other.lower.y - upper.y, lower.y - other.upper.y))
    }

    /// The bounds of a body's shape placed at `transform`, grown by `margin`.
    public static func of(_ shape: Shape, _ transform: Transform, margin: Double = 0) -> AABB {
        let extent: Vec2
        switch shape {
        case .box(let box):
            // The rotated box's half extents along x and y: |R|·h.
            let c = abs(transform.rotation.c), s = abs(transform.rotation.s)
            let h = box.halfExtents
            extent = Vec2(c * h.x + s * h.y, s * h.x + c * h.y)
        case .circle(let circle):
            extent = Vec2(circle.radius, circle.radius)
        }
        let p = transform.position
        return AABB(lower: p - extent, upper: p + extent).fattened(by: margin)
    }

    /// The bounds of a boundary segment, grown by `margin`.
    public static func of(_ segment: SegmentShape, margin: Double = 0) -> AABB {
        AABB(
            lower: Vec2(min(segment.a.x, segment.b.x), min(segment.a.y, segment.b.y)),
            upper: Vec2(max(segment.a.x, segment.b.x), max(segment.a.y, segment.b.y))
        ).fattened(by: margin)
    }
}
