/// A body's rectangle in body-local coordinates, centered on the body's center.
///
/// Vertices and edges are numbered in the order top-left, top-right, bottom-right, bottom-left:
/// `(−w, −h), (w, −h), (w, h), (−w, h)` for half extents `(w, h)`. This is the winding of
/// positive signed area (`(v1 − v0) × (v2 − v1) > 0`), Box2D's "counter-clockwise", which
/// appears clockwise on a y-down screen. Edge `i` runs from vertex `i` to vertex `i + 1 (mod 4)`
/// and its outward normal is `(e.y, −e.x)` normalized: up `(0, −1)`, right `(1, 0)`,
/// down `(0, 1)`, left `(−1, 0)`. Feature ids refer to these indices.
public struct BoxShape: Hashable, Sendable {
    public var halfExtents: Vec2

    @inlinable public init(halfExtents: Vec2) {
        self.halfExtents = halfExtents
    }

    /// The box of a `size.x × size.y` item.
    @inlinable public init(size: Vec2) {
        self.halfExtents = 0.5 * size
    }

    /// Vertex `i` (0...3) in body-local coordinates: (−w, −h), (w, −h), (w, h), (−w, h).
    /// The signs are ±1 from bit tests, multiplied in (exactly `w` or `−w`), so the narrow phase
    /// runs it without branching or masking.
    @inlinable public func vertex(_ i: Int) -> Vec2 {
        let k = i & 3
        let signX = Double(((k + 1) & 2) - 1)
        let signY = Double((k & 2) - 1)
        return Vec2(signX * halfExtents.x, signY * halfExtents.y)
    }

    /// The outward unit normal of edge `i` (0...3) in body-local coordinates.
    @inlinable public func normal(_ i: Int) -> Vec2 { Self.faceNormal(i) }

    /// Edge `i`'s outward normal, the same for every box.
    /// (0, −1), (1, 0), (0, 1), (−1, 0), without branching.
    @inlinable public static func faceNormal(_ i: Int) -> Vec2 {
        let k = i & 3
        let sign: Double = k == 1 || k == 2 ? 1 : -1
        return k & 1 == 0 ? Vec2(0, sign) : Vec2(sign, 0)
    }
}

/// A body's circle, centered on the body's center: UIKit's `.ellipse` bounds.
///
/// A non-circular ellipse is approximated by the caller with radius `min(width, height) / 2`.
public struct CircleShape: Hashable, Sendable {
    public var radius: Double

    @inlinable public init(radius: Double) {
        self.radius = radius
    }
}

/// A collision boundary: a line segment in world coordinates that never moves.
///
/// It is two-sided: a body is pushed to whichever side its center is on. Its own edges are
/// numbered like a two-vertex polygon: edge 0 runs `a → b` with normal `(d.y, −d.x)/|d|` for
/// `d = b − a`, edge 1 runs `b → a` with the opposite normal; vertex 0 is `a`, vertex 1 is `b`.
public struct SegmentShape: Hashable, Sendable {
    public var a: Vec2
    public var b: Vec2

    @inlinable public init(a: Vec2, b: Vec2) {
        self.a = a
        self.b = b
    }

    /// The unit normal of edge 0; `(0, −1)` for a degenerate segment so it is always defined.
    public var normal: Vec2 {
        let d = b - a
        let (u, length) = Vec2(d.y, -d.x).normalizedWithLength
        return length > 0 ? u : Vec2(0, -1)
    }
}

/// The collision shape of a moving (or anchored) body, in body-local coordinates.
public enum Shape: Hashable, Sendable {
    case box(BoxShape)
    case circle(CircleShape)

    /// The shape UIKit gives an item of this bounds type and size: a rectangle, or for an
    /// ellipse the circle of diameter `min(width, height)`.
    public init(_ kind: BodyShape, size: Vec2) {
        switch kind {
        case .rectangle: self = .box(BoxShape(size: size))
        case .ellipse: self = .circle(CircleShape(radius: 0.5 * min(size.x, size.y)))
        }
    }
}
