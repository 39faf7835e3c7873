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
    private let vertices: FourVectors
    private let normals: FourVectors

    /// `box` placed by `transform` (relative to the common frame).
    init(_ box: BoxShape, _ transform: Transform) {
        count = 4
        vertices = FourVectors(
            transform.apply(box.vertex(0)), transform.apply(box.vertex(1)),
            transform.apply(box.vertex(2)), transform.apply(box.vertex(3)))
        let r = transform.rotation
        normals = FourVectors(r.rotate(box.normal(0)), r.rotate(box.normal(1)), r.rotate(box.normal(2)), r.rotate(box.normal(3)))
    }

    /// The segment from `a` to `b` (already in the common frame) with unit normal `normal` for
    /// edge 0 (`a → b`) and `−normal` for edge 1 (`b → a`).
    init(segmentFrom a: Vec2, to b: Vec2, normal: Vec2) {
        count = 2
        vertices = FourVectors(a, b, a, b)
        normals = FourVectors(normal, -normal, normal, -normal)
    }

    func vertex(_ i: Int) -> Vec2 { vertices[i] }

    func normal(_ i: Int) -> Vec2 { normals[i] }

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
