/// A convex polygon of 2 or 4 vertices placed in a common frame: a box, or a boundary segment
/// seen as a two-vertex polygon with two opposite faces.
///
/// Boxes and segments then share one SAT-and-clipping routine (`collidePolygons`), as in
/// Box2D v3 where a segment is a zero-radius capsule. Vertices and normals are stored inline so
/// building one allocates nothing. Edge `i` runs from vertex `i` to vertex `i + 1 (mod count)`
/// and has outward normal `normal(i)`; the numbering is the shape's own (see `BoxShape`,
/// `SegmentShape`), so feature ids refer to the shape's features.
struct CollisionPolygon {
    let count: Int
    private let v0: Vec2, v1: Vec2, v2: Vec2, v3: Vec2
    private let n0: Vec2, n1: Vec2, n2: Vec2, n3: Vec2

    /// `box` placed by `transform` (relative to the common frame).
    init(_ box: BoxShape, _ transform: Transform) {
        count = 4
        v0 = transform.apply(box.vertex(0))
        v1 = transform.apply(box.vertex(1))
        v2 = transform.apply(box.vertex(2))
        v3 = transform.apply(box.vertex(3))
        let r = transform.rotation
        n0 = r.rotate(box.normal(0))
        n1 = r.rotate(box.normal(1))
        n2 = r.rotate(box.normal(2))
        n3 = r.rotate(box.normal(3))
    }

    /// The segment from `a` to `b` (already in the common frame) with unit normal `normal` for
    /// edge 0 (`a → b`) and `−normal` for edge 1 (`b → a`).
    init(segmentFrom a: Vec2, to b: Vec2, normal: Vec2) {
        count = 2
        v0 = a
        v1 = b
        v2 = a
        v3 = b
        n0 = normal
        n1 = -normal
        n2 = normal
        n3 = -normal
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

    /// The index after `i`, wrapping around.
    func next(_ i: Int) -> Int { i + 1 == count ? 0 : i + 1 }

    /// The face of `self` that best separates `other`, and by how much: the maximum over faces
    /// of the minimum over `other`'s vertices of the signed distance to the face (SAT). The first
    /// face wins ties, so the answer does not depend on round-off in the comparison order.
    func maxSeparation(from other: CollisionPolygon) -> (edge: Int, separation: Double) {
        var bestEdge = 0
        var best = -Double.infinity
        for i in 0..<count {
            let n = normal(i)
            let v = vertex(i)
            var s = Double.infinity
            for j in 0..<other.count {
                s = min(s, n.dot(other.vertex(j) - v))
            }
            if s > best {
                best = s
                bestEdge = i
            }
        }
        return (bestEdge, best)
    }

    /// The edge whose normal is most anti-parallel to `referenceNormal`: the edge of this
    /// (incident) polygon that faces the reference face.
    func incidentEdge(against referenceNormal: Vec2) -> Int {
        var bestEdge = 0
        var best = Double.infinity
        for i in 0..<count {
            let d = referenceNormal.dot(normal(i))
            if d < best {
                best = d
                bestEdge = i
            }
        }
        return bestEdge
    }
}
