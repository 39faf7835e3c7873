/// Box2D 2.3's narrow phase for circles (b2CollideCircles, b2CollidePolygonAndCircle,
/// b2CollideEdgeAndCircle). A circle has no skin beyond its radius; boxes and edges have the
/// polygon skin. Feature ids are 0 except for the edge's vertex/face (ids of circles never
/// change, so warm starting always carries over).

/// b2CollideCircles.
func uikitCollideCircles(_ circleA: UIKitShape, _ xfA: Transform, _ circleB: UIKitShape, _ xfB: Transform) -> UIKitManifold {
    var manifold = UIKitManifold()
    let d = xfB.position - xfA.position
    let radius = circleA.radius + circleB.radius
    if d.lengthSquared > radius * radius { return manifold }
    manifold.kind = .circles
    manifold.localPoint = .zero
    manifold.append(UIKitManifold.Point(localPoint: .zero, id: 0))
    return manifold
}

/// b2CollidePolygonAndCircle: the face of least penetration, or the nearer end vertex when the
/// center lies beyond the face's ends.
func uikitCollidePolygonAndCircle(_ polygonA: UIKitShape, _ xfA: Transform, _ circleB: UIKitShape, _ xfB: Transform)
    -> UIKitManifold
{
    var manifold = UIKitManifold()
    let cLocal = xfA.inverseApply(xfB.position)
    var normalIndex = 0
    var separation = -Double.greatestFiniteMagnitude
    let radius = polygonA.radius + circleB.radius
    for i in 0..<polygonA.count {
        let s = polygonA.normal(i).dot(cLocal - polygonA.vertex(i))
        if s > radius { return manifold }
        if s > separation {
            separation = s
            normalIndex = i
        }
    }
    let vertIndex2 = normalIndex + 1 < polygonA.count ? normalIndex + 1 : 0
    let v1 = polygonA.vertex(normalIndex)
    let v2 = polygonA.vertex(vertIndex2)
    manifold.kind = .faceA
    func finish(normal: Vec2, point: Vec2) -> UIKitManifold {
        manifold.localNormal = normal
        manifold.localPoint = point
        manifold.append(UIKitManifold.Point(localPoint: .zero, id: 0))
        return manifold
    }
    if separation < UIKitConstants.lengthEpsilon {
        return finish(normal: polygonA.normal(normalIndex), point: 0.5 * (v1 + v2))
    }
    let u1 = (cLocal - v1).dot(v2 - v1)
    let u2 = (cLocal - v2).dot(v1 - v2)
    if u1 <= 0 {
        if (cLocal - v1).lengthSquared > radius * radius { return manifold }
        return finish(normal: (cLocal - v1).unitOrUnchanged, point: v1)
    } else if u2 <= 0 {
        if (cLocal - v2).lengthSquared > radius * radius { return manifold }
        return finish(normal: (cLocal - v2).unitOrUnchanged, point: v2)
    } else {
        let faceCenter = 0.5 * (v1 + v2)
        if (cLocal - faceCenter).dot(polygonA.normal(normalIndex)) > radius { return manifold }
        return finish(normal: polygonA.normal(normalIndex), point: faceCenter)
    }
}

/// b2CollideEdgeAndCircle for a standalone edge (A, the ground's, in world coordinates): an end
/// vertex when the center projects beyond it, else the edge's face on the center's side.
func uikitCollideEdgeAndCircle(_ edgeA: UIKitShape, _ circleB: UIKitShape, _ xfB: Transform) -> UIKitManifold {
    var manifold = UIKitManifold()
    let q = xfB.position
    let a = edgeA.vertex(0), b = edgeA.vertex(1)
    let e = b - a
    let u = e.dot(b - q)
    let v = e.dot(q - a)
    let radius = edgeA.radius + circleB.radius
    func vertexContact(_ p: Vec2, index: Int) -> UIKitManifold {
        if (q - p).lengthSquared > radius * radius { return manifold }
        manifold.kind = .circles
        manifold.localNormal = .zero
        manifold.localPoint = p
        manifold.append(UIKitManifold.Point(
            localPoint: .zero, id: ContactFeature(indexA: index, typeA: .vertex, indexB: 0, typeB: .vertex).id))
        return manifold
    }
    if v <= 0 { return vertexContact(a, index: 0) }
    if u <= 0 { return vertexContact(b, index: 1) }
    let den = e.dot(e)
    let p = (1 / den) * (u * a + v * b)
    if (q - p).lengthSquared > radius * radius { return manifold }
    var n = Vec2(-e.y, e.x)
    if n.dot(q - a) < 0 { n = Vec2(-n.x, -n.y) }
    manifold.kind = .faceA
    manifold.localNormal = n.unitOrUnchanged
    manifold.localPoint = a
    manifold.append(UIKitManifold.Point(
        localPoint: .zero, id: ContactFeature(indexA: 0, typeA: .face, indexB: 0, typeB: .vertex).id))
    return manifold
}
