/// Box2D 2.3's b2CollidePolygons: SAT over both polygons' faces (with 2.3's local search from
/// the face facing the other centroid), the reference face chosen with 2.3's tolerances
/// (B's face only when it separates more than 0.98·A's + 0.1 pt), the incident edge clipped
/// against the reference face's sides pushed out by both skins, and points kept within both
/// skins (separation ≤ rA + rB), in the incident polygon's frame. No speculative points: a
/// manifold has points only once the skins overlap.
func uikitCollidePolygons(_ polyA: UIKitShape, _ xfA: Transform, _ polyB: UIKitShape, _ xfB: Transform) -> UIKitManifold {
    var manifold = UIKitManifold()
    let totalRadius = polyA.radius + polyB.radius
    let (edgeA, separationA) = uikitMaxSeparation(polyA, xfA, polyB, xfB)
    if separationA > totalRadius { return manifold }
    let (edgeB, separationB) = uikitMaxSeparation(polyB, xfB, polyA, xfA)
    if separationB > totalRadius { return manifold }

    let flip = separationB > 0.98 * separationA + 0.1
    let (poly1, xf1, poly2, xf2, edge1) = flip ? (polyB, xfB, polyA, xfA, edgeB) : (polyA, xfA, polyB, xfB, edgeA)
    manifold.kind = flip ? .faceB : .faceA

    // Clipping runs in poly2's frame (2.3 runs it in world coordinates): poly2's vertices are
    // then exact and the kept points are the manifold's local points as they are, where a trip
    // through world coordinates rounds x + w/2 and x − w/2 differently.
    let xf = xf2.relative(xf1)

    // The incident edge: poly2's face most anti-parallel to the reference normal.
    let normal1 = xf.rotation.rotate(poly1.normal(edge1))
    var incident = 0
    var minDot = Double.greatestFiniteMagnitude
    for i in 0..<poly2.count {
        let dot = normal1.dot(poly2.normal(i))
        if dot < minDot {
            minDot = dot
            incident = i
        }
    }
    let i2 = incident + 1 < poly2.count ? incident + 1 : 0
    let incidentEdge = (
        UIKitClipVertex(point: poly2.vertex(incident),
                        feature: ContactFeature(indexA: edge1, typeA: .face, indexB: incident, typeB: .vertex)),
        UIKitClipVertex(point: poly2.vertex(i2),
                        feature: ContactFeature(indexA: edge1, typeA: .face, indexB: i2, typeB: .vertex)))

    let iv1 = edge1
    let iv2 = edge1 + 1 < poly1.count ? edge1 + 1 : 0
    var v11 = poly1.vertex(iv1)
    var v12 = poly1.vertex(iv2)
    let localTangent = (v12 - v11).unitOrUnchanged
    let localNormal = Vec2(localTangent.y, -localTangent.x)
    let planePoint = 0.5 * (v11 + v12)
    let tangent = xf.rotation.rotate(localTangent)
    let normal = Vec2(tangent.y, -tangent.x)
    v11 = xf.apply(v11)
    v12 = xf.apply(v12)
    let frontOffset = normal.dot(v11)
    let sideOffset1 = -tangent.dot(v11) + totalRadius
    let sideOffset2 = tangent.dot(v12) + totalRadius

    let clip1 = uikitClip(incidentEdge, normal: -tangent, offset: sideOffset1, vertexIndexA: iv1)
    if clip1.count < 2 { return UIKitManifold() }
    let clip2 = uikitClip(clip1.points, normal: tangent, offset: sideOffset2, vertexIndexA: iv2)
    if clip2.count < 2 { return UIKitManifold() }

    manifold.localNormal = localNormal
    manifold.localPoint = planePoint
    for k in 0..<2 {
        let v = k == 0 ? clip2.points.0 : clip2.points.1
        let separation = normal.dot(v.point) - frontOffset
        if separation <= totalRadius {
            manifold.append(UIKitManifold.Point(localPoint: v.point, id: (flip ? v.feature.swapped : v.feature).id))
        }
    }
    return manifold
}

/// b2FindMaxSeparation: the face of `poly1` that separates `poly2` most, searched as Box2D 2.3
/// does — from the face whose normal points most towards poly2's centroid, then towards the
/// neighbour that separates more while it keeps improving.
private func uikitMaxSeparation(_ poly1: UIKitShape, _ xf1: Transform, _ poly2: UIKitShape, _ xf2: Transform)
    -> (edge: Int, separation: Double)
{
    let count = poly1.count
    // Box centroids are their centers (the body origin).
    let d = xf2.position - xf1.position
    let dLocal = xf1.rotation.inverseRotate(d)
    var edge = 0
    var maxDot = -Double.greatestFiniteMagnitude
    for i in 0..<count {
        let dot = poly1.normal(i).dot(dLocal)
        if dot > maxDot {
            maxDot = dot
            edge = i
        }
    }
    let s = uikitEdgeSeparation(poly1, xf1, edge, poly2, xf2)
    let prevEdge = edge - 1 >= 0 ? edge - 1 : count - 1
    let sPrev = uikitEdgeSeparation(poly1, xf1, prevEdge, poly2, xf2)
    let nextEdge = edge + 1 < count ? edge + 1 : 0
    let sNext = uikitEdgeSeparation(poly1, xf1, nextEdge, poly2, xf2)

    var bestEdge: Int
    var bestSeparation: Double
    let increment: Int
    if sPrev > s && sPrev > sNext {
        increment = -1
        bestEdge = prevEdge
        bestSeparation = sPrev
    } else if sNext > s {
        increment = 1
        bestEdge = nextEdge
        bestSeparation = sNext
    } else {
        return (edge, s)
    }
    while true {
        let next = increment == -1
            ? (bestEdge - 1 >= 0 ? bestEdge - 1 : count - 1)
            : (bestEdge + 1 < count ? bestEdge + 1 : 0)
        let sNew = uikitEdgeSeparation(poly1, xf1, next, poly2, xf2)
        if sNew > bestSeparation {
            bestEdge = next
            bestSeparation = sNew
        } else {
            break
        }
    }
    return (bestEdge, bestSeparation)
}

/// b2EdgeSeparation: how far poly2's deepest vertex lies beyond face `edge1` of poly1.
private func uikitEdgeSeparation(_ poly1: UIKitShape, _ xf1: Transform, _ edge1: Int, _ poly2: UIKitShape, _ xf2: Transform)
    -> Double
{
    let normalWorld = xf1.rotation.rotate(poly1.normal(edge1))
    let normal1 = xf2.rotation.inverseRotate(normalWorld)
    var index = 0
    var minDot = Double.greatestFiniteMagnitude
    for i in 0..<poly2.count {
        let dot = poly2.vertex(i).dot(normal1)
        if dot < minDot {
            minDot = dot
            index = i
        }
    }
    let v1 = xf1.apply(poly1.vertex(edge1))
    let v2 = xf2.apply(poly2.vertex(index))
    return (v2 - v1).dot(normalWorld)
}
