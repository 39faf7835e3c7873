/// The contact between two boxes: SAT over both boxes' face normals, then the incident edge
/// clipped against the reference face (see `collidePolygons`).
///
/// Computed in A's frame (B placed relative to A), so the coordinates stay near zero however far
/// the pair is from the world origin. Returns no points when the boxes are farther apart than
/// `speculativeDistance`; otherwise one or two points. The normal points from A to B.
public func collideBoxes(
    _ a: BoxShape, _ xfA: Transform, _ b: BoxShape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    let bInA = xfA.relative(xfB)
    let local = collidePolygons(
        CollisionPolygon(a, .identity), CollisionPolygon(b, bInA), speculativeDistance: speculativeDistance)
    return local.mapped(from: xfA, centerA: .zero, centerB: bInA.position)
}
