/// Box2D 2.3's b2CollideEdgeAndPolygon (b2EPCollider) for a standalone edge (no adjacent
/// edges: 2.3's separate b2EdgeShape fixtures), the edge being A on the ground body, whose frame
/// is the world's.
///
/// The edge is two-sided: its normal is the side the polygon's center is on. The separating
/// axis is the edge's normal or one of the polygon's faces (polygon faces turned more than the
/// angular slop past the edge's limits do not count), the polygon's face winning only when it
/// separates more than 0.98·the edge's + 0.1 pt. The incident edge is clipped against the
/// reference face's sides (without skin), in the incident shape's frame, and points within both
/// skins (2·polygon radius) kept.
func uikitCollideEdgeAndPolygon(_ edgeA: UIKitShape, _ polygonB: UIKitShape, _ xfB: Transform) -> UIKitManifold {
    var manifold = UIKitManifold()
    let v1 = edgeA.vertex(0), v2 = edgeA.vertex(1)
    let edge1 = (v2 - v1).unitOrUnchanged
    let normal1 = Vec2(edge1.y, -edge1.x)
    let front = normal1.dot(xfB.position - v1) >= 0
    let normal = front ? normal1 : -normal1
    // Standalone edge: both limits are the edge's other side.
    let limit = -normal
    let count = polygonB.count
    let vertices = (0..<4).map { $0 < count ? xfB.apply(polygonB.vertex($0)) : .zero }
    let normals = (0..<4).map { $0 < count ? xfB.rotation.rotate(polygonB.normal($0)) : .zero }
    let radius = 2 * UIKitConstants.polygonRadius

    // The edge's axis.
    var edgeSeparation = Double.greatestFiniteMagnitude
    for i in 0..<count { edgeSeparation = min(edgeSeparation, normal.dot(vertices[i] - v1)) }
    if edgeSeparation > radius { return manifold }

    // The polygon's axes.
    var polygonIndex = -1
    var polygonSeparation = -Double.greatestFiniteMagnitude
    for i in 0..<count {
        let n = -normals[i]
        let s = min(n.dot(vertices[i] - v1), n.dot(vertices[i] - v2))
        if s > radius { return manifold }
        // Faces turned beyond the edge's limits (within the angular slop) are not axes; for a
        // standalone edge both limits are its back side, so no unit normal is excluded.
        if (n - limit).dot(normal) < -UIKitConstants.angularSlop { continue }
        if s > polygonSeparation {
            polygonIndex = i
            polygonSeparation = s
        }
    }
    let usesPolygonAxis = polygonIndex >= 0 && polygonSeparation > 0.98 * edgeSeparation + 0.1

    // Clipping runs in the incident shape's frame (2.3 runs it in world coordinates): B's when
    // the edge is the reference face, the world's (the edge's) otherwise. The incident vertices
    // are then exact and the kept points are the manifold's local points as they are, where a
    // trip through world coordinates rounds x + w/2 and x − w/2 differently.
    var incident: (UIKitClipVertex, UIKitClipVertex)
    let (i1, i2, rv1, rv2, rNormal): (Int, Int, Vec2, Vec2, Vec2)
    if !usesPolygonAxis {
        manifold.kind = .faceA
        var best = 0
        var bestValue = normal.dot(normals[0])
        for i in 1..<count {
            let value = normal.dot(normals[i])
            if value < bestValue {
                bestValue = value
                best = i
            }
        }
        let next = best + 1 < count ? best + 1 : 0
        incident = (
            UIKitClipVertex(point: polygonB.vertex(best), feature: ContactFeature(indexA: 0, typeA: .face, indexB: best, typeB: .vertex)),
            UIKitClipVertex(point: polygonB.vertex(next), feature: ContactFeature(indexA: 0, typeA: .face, indexB: next, typeB: .vertex)))
        let (w1, w2) = front ? (v1, v2) : (v2, v1)
        (i1, i2, rv1, rv2, rNormal) = (
            front ? 0 : 1, front ? 1 : 0, xfB.inverseApply(w1), xfB.inverseApply(w2), xfB.rotation.inverseRotate(normal))
    } else {
        manifold.kind = .faceB
        incident = (
            UIKitClipVertex(point: v1, feature: ContactFeature(indexA: 0, typeA: .vertex, indexB: polygonIndex, typeB: .face)),
            UIKitClipVertex(point: v2, feature: ContactFeature(indexA: 0, typeA: .vertex, indexB: polygonIndex, typeB: .face)))
        let next = polygonIndex + 1 < count ? polygonIndex + 1 : 0
        (i1, i2, rv1, rv2, rNormal) = (polygonIndex, next, vertices[polygonIndex], vertices[next], normals[polygonIndex])
    }
    let sideNormal1 = Vec2(rNormal.y, -rNormal.x)
    let sideNormal2 = -sideNormal1
    let clip1 = uikitClip(incident, normal: sideNormal1, offset: sideNormal1.dot(rv1), vertexIndexA: i1)
    if clip1.count < 2 { return UIKitManifold() }
    let clip2 = uikitClip(clip1.points, normal: sideNormal2, offset: sideNormal2.dot(rv2), vertexIndexA: i2)
    if clip2.count < 2 { return UIKitManifold() }

    if !usesPolygonAxis {
        manifold.localNormal = normal
        manifold.localPoint = front ? v1 : v2
    } else {
        manifold.localNormal = polygonB.normal(i1)
        manifold.localPoint = polygonB.vertex(i1)
    }
    for k in 0..<2 {
        let v = k == 0 ? clip2.points.0 : clip2.points.1
        if rNormal.dot(v.point - rv1) > radius { continue }
        manifold.append(UIKitManifold.Point(localPoint: v.point, id: (usesPolygonAxis ? v.feature.swapped : v.feature).id))
    }
    return manifold
}
