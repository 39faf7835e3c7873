/// A fixture's shape as Box2D 2.3 sees it (b2PolygonShape, b2CircleShape, b2EdgeShape), in
/// its body's frame: vertices, face normals and the skin radius.
///
/// Boxes are b2PolygonShape::SetAsBox, numbered like `BoxShape` (the same winding), with the
/// polygon skin; a circle is one vertex at the center with its own radius; a boundary is an
/// edge from `a` to `b` with the polygon skin, in world coordinates (the ground body's frame),
/// standalone (no adjacent edges, as separate b2EdgeShape fixtures).
struct UIKitShape: Sendable {
    enum Kind: Sendable { case polygon, circle, edge }
    var kind: Kind
    /// 4 for a box, 1 for a circle, 2 for an edge.
    var count: Int
    var v0 = Vec2.zero, v1 = Vec2.zero, v2 = Vec2.zero, v3 = Vec2.zero
    var n0 = Vec2.zero, n1 = Vec2.zero, n2 = Vec2.zero, n3 = Vec2.zero
    var radius: Double

    init(box: BoxShape) {
        kind = .polygon
        count = 4
        v0 = box.vertex(0); v1 = box.vertex(1); v2 = box.vertex(2); v3 = box.vertex(3)
        n0 = box.normal(0); n1 = box.normal(1); n2 = box.normal(2); n3 = box.normal(3)
        radius = UIKitConstants.polygonRadius
    }

    init(circleRadius: Double) {
        kind = .circle
        count = 1
        radius = circleRadius
    }

    init(edgeFrom a: Vec2, to b: Vec2) {
        kind = .edge
        count = 2
        v0 = a
        v1 = b
        radius = UIKitConstants.polygonRadius
    }

    /// A body's shape: its box, or the circle of its ellipse.
    init(_ shape: Shape) {
        switch shape {
        case .box(let box): self.init(box: box)
        case .circle(let circle): self.init(circleRadius: circle.radius)
        }
    }

    func vertex(_ i: Int) -> Vec2 {
        switch i {
        case 0: return v0
        case 1: return v1
        case 2: return v2
        default: return v3
        }
    }

    func normal(_ i: Int) -> Vec2 {
        switch i {
        case 0: return n0
        case 1: return n1
        case 2: return n2
        default: return n3
        }
    }

    /// b2Shape::ComputeAABB: the placed vertices' bounds grown by the radius.
    func aabb(_ xf: Transform) -> AABB {
        var lower = xf.apply(v0)
        var upper = lower
        for i in 1..<count {
            let v = xf.apply(vertex(i))
            lower = Vec2(min(lower.x, v.x), min(lower.y, v.y))
            upper = Vec2(max(upper.x, v.x), max(upper.y, v.y))
        }
        return AABB(lower: lower, upper: upper).fattened(by: radius)
    }

    /// b2DistanceProxy::GetSupport: the vertex farthest along `d` (the first on ties).
    func support(_ d: Vec2) -> Int {
        var best = 0
        var bestValue = v0.dot(d)
        for i in 1..<count {
            let value = vertex(i).dot(d)
            if value > bestValue {
                best = i
                bestValue = value
            }
        }
        return best
    }
}
