/// `collideSegmentBox` by the general polygon routine: the segment and the box made polygons in
/// the box's frame and run through `collidePolygons`. The dedicated routine must give these very
/// bits (a test compares them over many poses); it also falls back on this one for a pose that is
/// not finite, where its shortcuts would round differently.
func collideSegmentBoxAsPolygons(
    _ segment: SegmentShape, _ box: BoxShape, _ xfB: Transform, speculativeDistance: Double
) -> ContactManifold {
    let a = xfB.inverseApply(segment.a)
    let b = xfB.inverseApply(segment.b)
    let normal = xfB.rotation.inverseRotate(segment.normal)
    let local = collidePolygons(
        CollisionPolygon(segmentFrom: a, to: b, normal: normal), CollisionPolygon(box, .identity),
        speculativeDistance: speculativeDistance)
    return local.mapped(from: xfB, centerA: xfB.inverseApply(.zero), centerB: .zero)
}

/// The contact between a boundary segment (A, static, world coordinates) and circle B: one point,
/// normal from the closest point of the segment to the circle's center.
///
/// Feature ids name the segment's part: vertex 0 (`a`) or 1 (`b`) past its ends, otherwise face 0
/// or 1 by the side the center is on (face 0 has `segment.normal`). A center exactly on the
/// segment takes face 0's normal. Anchors on A are relative to the world origin.
public func collideSegmentCircle(
    _ segment: SegmentShape, _ circle: CircleShape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    // Work relative to the segment's start so the coordinates stay small.
    let origin = segment.a
    let d = segment.b - origin
    let center = xfB.position - origin
    let lengthSquared = d.lengthSquared
    var t = lengthSquared > 0 ? center.dot(d) / lengthSquared : 0
    t = t < 0 ? 0 : (t > 1 ? 1 : t)
    let closest = t * d
    let (direction, distance) = (center - closest).normalizedWithLength
    let separation = distance - circle.radius
    if separation > speculativeDistance { return .empty }

    let faceNormal = segment.normal
    let normal: Vec2
    let featureA: (Int, ContactFeature.Kind)
    if t == 0 || t == 1 {
        featureA = (t == 0 ? 0 : 1, .vertex)
        normal = distance > 0 && direction != .zero ? direction : faceNormal
    } else {
        let side = center.dot(faceNormal) >= 0 ? 0 : 1
        featureA = (side, .face)
        normal = side == 0 ? faceNormal : -faceNormal
    }
    let circlePoint = center - circle.radius * normal
    var local = ContactManifold(normal: normal)
    local.append(ManifoldPoint(
        point: 0.5 * (closest + circlePoint), separation: separation, anchorA: .zero, anchorB: .zero,
        id: ContactFeature(indexA: featureA.0, typeA: featureA.1, indexB: 0, typeB: .vertex).id))
    return local.mapped(from: Transform(position: origin), centerA: -origin, centerB: center)
}
