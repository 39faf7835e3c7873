/// The contact between box A and circle B: at most one point, normal from the box to the circle.
///
/// The circle's center is taken into the box's frame and the box face it is most outside of is
/// found. Past the end of that face the center is in a corner's region and the normal runs from
/// the corner to the center; otherwise (including a center inside the box) the normal is the
/// face normal. Feature ids: A's face or vertex index, B vertex 0.
public func collideBoxCircle(
    _ box: BoxShape, _ xfA: Transform, _ circle: CircleShape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    let center = xfA.inverseApply(xfB.position)
    let radius = circle.radius

    var face = 0
    var faceSeparation = -Double.infinity
    for i in 0..<4 {
        let s = box.normal(i).dot(center - box.vertex(i))
        if s > faceSeparation {
            faceSeparation = s
            face = i
        }
    }
    if faceSeparation - radius > speculativeDistance { return .empty }

    let v1 = box.vertex(face), v2 = box.vertex(face + 1)
    // Which corner region, if any: the center projects before v1 or after v2 along the face.
    var corner: Int? = nil
    if faceSeparation > 0 {
        if (center - v1).dot(v2 - v1) <= 0 {
            corner = face
        } else if (center - v2).dot(v1 - v2) <= 0 {
            corner = (face + 1) & 3
        }
    }

    let normal: Vec2
    let separation: Double
    let surfacePoint: Vec2
    let feature: ContactFeature
    if let corner {
        let v = box.vertex(corner)
        let (u, distance) = (center - v).normalizedWithLength
        if distance - radius > speculativeDistance { return .empty }
        normal = u
        separation = distance - radius
        surfacePoint = v
        feature = ContactFeature(indexA: corner, typeA: .vertex, indexB: 0, typeB: .vertex)
    } else {
        normal = box.normal(face)
        separation = faceSeparation - radius
        surfacePoint = center - faceSeparation * normal
        feature = ContactFeature(indexA: face, typeA: .face, indexB: 0, typeB: .vertex)
    }
    // Midway between the box's surface point and the circle's nearest surface point.
    let circlePoint = center - radius * normal
    var local = ContactManifold(normal: normal)
    local.append(ManifoldPoint(
        point: 0.5 * (surfacePoint + circlePoint), separation: separation,
        anchorA: .zero, anchorB: .zero, id: feature.id))
    return local.mapped(from: xfA, centerA: .zero, centerB: center)
}
