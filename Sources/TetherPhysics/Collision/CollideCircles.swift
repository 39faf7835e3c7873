/// The contact between two circles: one point on the line between the centers, normal from A to
/// B. Concentric circles get the normal `(0, −1)` (B pushed up the screen), so the result is
/// always defined. Feature id: vertex 0 of each.
public func collideCircles(
    _ a: CircleShape, _ xfA: Transform, _ b: CircleShape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    // In A's frame with world orientation: only the offset matters for circles.
    let offset = xfB.position - xfA.position
    let (direction, distance) = offset.normalizedWithLength
    let separation = distance - a.radius - b.radius
    if separation > speculativeDistance { return .empty }
    let normal = distance > 0 && direction != .zero ? direction : Vec2(0, -1)
    let surfaceA = a.radius * normal
    let surfaceB = offset - b.radius * normal
    var local = ContactManifold(normal: normal)
    local.append(ManifoldPoint(
        point: 0.5 * (surfaceA + surfaceB), separation: separation, anchorA: .zero, anchorB: .zero,
        id: ContactFeature(indexA: 0, typeA: .vertex, indexB: 0, typeB: .vertex).id))
    return local.mapped(from: Transform(position: xfA.position), centerA: .zero, centerB: offset)
}
