/// One contact point between two shapes.
public struct ManifoldPoint: Hashable, Sendable {
    /// World position, midway between the two surfaces.
    public var point: Vec2
    /// Distance between the surfaces along the manifold normal: negative when overlapping,
    /// positive (up to the speculative distance) when about to touch.
    public var separation: Double
    /// `point` relative to body A's center, in world orientation (for a boundary segment, which
    /// belongs to no body: relative to the world origin, where the ground body sits).
    public var anchorA: Vec2
    /// `point` relative to body B's center, in world orientation.
    public var anchorB: Vec2
    /// The packed `ContactFeature`, stable while the same features touch.
    public var id: UInt32

    @inlinable public init(point: Vec2, separation: Double, anchorA: Vec2, anchorB: Vec2, id: UInt32) {
        self.point = point
        self.separation = separation
        self.anchorA = anchorA
        self.anchorB = anchorB
        self.id = id
    }

    @inlinable public var feature: ContactFeature { ContactFeature(id: id) }

    static let unused = ManifoldPoint(point: .zero, separation: 0, anchorA: .zero, anchorB: .zero, id: 0)
}

/// The contact between two shapes: a normal and up to two points.
///
/// Two points are stored inline (not in an `Array`) so a manifold is a plain value that copies
/// without allocation or reference counting; in two dimensions two points are enough to hold a
/// face flat against a face. Unused slots are always `ManifoldPoint.unused`, so `==` compares
/// only meaningful data.
public struct ContactManifold: Hashable, Sendable {
    /// Unit vector in world coordinates pointing from shape A towards shape B.
    public var normal: Vec2
    /// How many points are in use, 0...2.
    @inlinable public var pointCount: Int { count }
    @usableFromInline var count: Int
    @usableFromInline var point0: ManifoldPoint
    @usableFromInline var point1: ManifoldPoint

    /// A manifold without points.
    public init(normal: Vec2 = .zero) {
        self.normal = normal
        self.count = 0
        self.point0 = .unused
        self.point1 = .unused
    }

    public static let empty = ContactManifold()

    /// A manifold of `count` points, the unused ones `ManifoldPoint.unused`: built in one go
    /// where the narrow phase knows its points, instead of appended one by one.
    @inline(__always)
    init(normal: Vec2, count: Int, point0: ManifoldPoint, point1: ManifoldPoint) {
        self.normal = normal
        self.count = count
        self.point0 = count > 0 ? point0 : .unused
        self.point1 = count > 1 ? point1 : .unused
    }

    /// Point `i`, `0 ..< pointCount`.
    @inlinable public subscript(i: Int) -> ManifoldPoint {
        get {
            precondition(i >= 0 && i < pointCount, "manifold point index out of range")
            return i == 0 ? point0 : point1
        }
        set {
            precondition(i >= 0 && i < pointCount, "manifold point index out of range")
            if i == 0 { point0 = newValue } else { point1 = newValue }
        }
    }

    /// Adds a point; a third point is a programming error.
    @inlinable public mutating func append(_ p: ManifoldPoint) {
        precondition(pointCount < 2, "a manifold holds at most two points")
        if pointCount == 0 { point0 = p } else { point1 = p }
        count += 1
    }

    /// The points as an array, for tests and diagnostics (allocates; the solver uses the subscript).
    public var points: [ManifoldPoint] {
        (0..<pointCount).map { self[$0] }
    }

    /// The same contact seen from the other side: B becomes A. The normal is negated, anchors and
    /// the halves of each feature id are exchanged; points and separations are unchanged.
    public func flipped() -> ContactManifold {
        var m = ContactManifold(normal: -normal)
        for i in 0..<pointCount {
            let p = self[i]
            m.append(ManifoldPoint(
                point: p.point, separation: p.separation, anchorA: p.anchorB, anchorB: p.anchorA,
                id: p.feature.swapped.id))
        }
        return m
    }

    /// Moves a manifold computed in a local frame into the world. Narrow-phase routines work in
    /// one shape's frame (coordinates near zero lose less to round-off); `centerA` and `centerB`
    /// are the bodies' centers in that frame, from which the anchors are measured.
    @inline(__always)
    func mapped(from frame: Transform, centerA: Vec2, centerB: Vec2) -> ContactManifold {
        let r = frame.rotation
        @inline(__always) func map(_ p: ManifoldPoint) -> ManifoldPoint {
            ManifoldPoint(
                point: frame.apply(p.point), separation: p.separation,
                anchorA: r.rotate(p.point - centerA), anchorB: r.rotate(p.point - centerB), id: p.id)
        }
        return ContactManifold(
            normal: r.rotate(normal), count: count, point0: count > 0 ? map(point0) : .unused,
            point1: count > 1 ? map(point1) : .unused)
    }
}
