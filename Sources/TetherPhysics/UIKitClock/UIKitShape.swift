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
    var vertices = FourVectors.zero
    var normals = FourVectors.zero
    var radius: Double

    init(box: BoxShape) {
        kind = .polygon
        count = 4
        vertices = FourVectors(box.vertex(0), box.vertex(1), box.vertex(2), box.vertex(3))
        normals = FourVectors(box.normal(0), box.normal(1), box.normal(2), box.normal(3))
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
        vertices = FourVectors(a, b, .zero, .zero)
        radius = UIKitConstants.polygonRadius
    }

    /// A body's shape: its box, or the circle of its ellipse.
    init(_ shape: Shape) {
        switch shape {
        case .box(let box): self.init(box: box)
        case .circle(let circle): self.init(circleRadius: circle.radius)
        }
    }

    func vertex(_ i: Int) -> Vec2 { vertices[i] }

    func normal(_ i: Int) -> Vec2 { normals[i] }

    /// b2Shape::ComputeAABB: the placed vertices' bounds grown by the radius.
    func aabb(_ xf: Transform) -> AABB {
        var lower = xf.apply(vertices.v0)
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
        var bestValue = vertices.v0.dot(d)
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
