/// A point of the incident edge while it is clipped, with the packed id of the features it came
/// from (in terms of A and B, see `ClipFeatures`).
private struct ClipVertex {
    var point: Vec2
    var id: UInt32
}

/// Packs the feature ids of clip points: a reference feature and an incident feature, put in
/// the A or B half of the id by whether the reference face is B's (`flip`).
private struct ClipFeatures {
    let referenceShift: UInt32
    let incidentShift: UInt32

    init(flip: Bool) {
        referenceShift = flip ? 8 : 0
        incidentShift = flip ? 0 : 8
    }

    /// `ContactFeature(…).id` for reference feature `reference` and incident feature `incident`.
    @inline(__always)
    func id(reference: Int, _ referenceType: ContactFeature.Kind, incident: Int, _ incidentType: ContactFeature.Kind)
        -> UInt32
    {
        UInt32(truncatingIfNeeded: UInt8(truncatingIfNeeded: reference)) << referenceShift
            | UInt32(truncatingIfNeeded: UInt8(truncatingIfNeeded: incident)) << incidentShift
            | UInt32(referenceType.rawValue) << (16 + referenceShift)
            | UInt32(incidentType.rawValue) << (16 + incidentShift)
    }
}

/// Sutherland–Hodgman for one plane: keeps the part of the segment `v0 → v1` with
/// `planeNormal · p − offset ≤ 0`; false when fewer than two points are left. A point made by
/// cutting gets the feature pair `cutID` (the reference face's side vertex touching the
/// incident edge).
///
/// The cut point is put back on the plane after interpolating: interpolation leaves it an ulp or
/// two off, differently on the two sides, and a box centered on a wider one then gets lever arms
/// that differ in the last bit. Elastic bounces amplify that into a visible spin.
@inline(__always)
private func clip(
    _ v0: inout ClipVertex, _ v1: inout ClipVertex, planeNormal: Vec2, offset: Double, cutID: UInt32
) -> Bool {
    let d0 = planeNormal.dot(v0.point) - offset
    let d1 = planeNormal.dot(v1.point) - offset
    // Both kept: unchanged. One kept and the other strictly outside while the kept one is
    // strictly inside: the outside one is replaced by the cut, keeping the order (kept first).
    if d0 <= 0 && d1 <= 0 { return true }
    if !((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0)) { return false }
    let t = d0 / (d0 - d1)
    let cut = v0.point + t * (v1.point - v0.point)
    let vertex = ClipVertex(point: cut - (planeNormal.dot(cut) - offset) * planeNormal, id: cutID)
    if d0 <= 0 { v1 = vertex } else { v0 = v1; v1 = vertex }
    return true
}

/// SAT and clipping for two convex polygons given in one common frame (Box2D's
/// `b2CollidePolygons`); the manifold is in that frame, normal from A to B, anchors unset.
///
/// 1. The reference face is the face of greatest separation; B's face is used only when it
///    separates more than A's by `referenceFaceTolerance`, so near-ties do not flip-flop.
/// 2. The incident edge is the other polygon's edge most anti-parallel to the reference normal.
/// 3. When the polygons are apart, the edges do not overlap along the reference face and the
///    closest features are two vertices (corner facing corner), a single point on the line
///    between the vertices is returned (Box2D v3), since clipping would find nothing and a fast
///    corner could pass the other by. Edges that overlap are always clipped: parallel edges
///    whose ends line up (two equal boxes stacked, or flush on one side) have a whole segment
///    of closest points, and the segment distance names two end vertices of it, which would
///    make a flat landing a hit on one corner (Box2D v3 does that: its equal boxes tip over).
/// 4. Otherwise the incident edge is clipped against the reference face's two side planes and
///    the points within `speculativeDistance` of the face are kept, placed midway between the
///    incident point and its projection on the reference face.
func collidePolygons(
    _ polyA: CollisionPolygon, _ polyB: CollisionPolygon, speculativeDistance: Double
) -> ContactManifold {
    let (edgeA, separationA) = polyA.maxSeparation(from: polyB)
    if separationA > speculativeDistance { return .empty }
    let (edgeB, separationB) = polyB.maxSeparation(from: polyA)
    if separationB > speculativeDistance { return .empty }
    return clipPolygons(
        polyA, polyB, edgeA: edgeA, separationA: separationA, edgeB: edgeB, separationB: separationB,
        speculativeDistance: speculativeDistance)
}

/// Steps 1–4 of `collidePolygons` once the SAT is done: `edgeA` is A's face of greatest
/// separation `separationA` from B, and likewise for B (both within the speculative distance).
func clipPolygons(
    _ polyA: CollisionPolygon, _ polyB: CollisionPolygon, edgeA: Int, separationA: Double, edgeB: Int,
    separationB: Double, speculativeDistance: Double
) -> ContactManifold {
    let flip = separationB > separationA + CollisionConstants.referenceFaceTolerance
    let reference = flip ? polyB : polyA
    let incident = flip ? polyA : polyB
    let i11 = flip ? edgeB : edgeA
    let i12 = reference.next(i11)
    let normal = reference.normal(i11)
    let i21 = incident.incidentEdge(against: normal)
    let i22 = incident.next(i21)
    return clipIncidentEdge(
        ReferenceFace(index: i11, nextIndex: i12, start: reference.vertex(i11), end: reference.vertex(i12), normal: normal),
        IncidentEdge(index: i21, nextIndex: i22, start: incident.vertex(i21), end: incident.vertex(i22)),
        separation: flip ? separationB : separationA, flip: flip, speculativeDistance: speculativeDistance)
}

/// The reference face of a polygon pair: edge `index` from `start` to `end` (vertex `nextIndex`),
/// outward `normal`, all in the common frame.
struct ReferenceFace {
    var index: Int
    var nextIndex: Int
    var start: Vec2
    var end: Vec2
    var normal: Vec2
}

/// The incident edge: edge `index` of the other polygon, from `start` to `end` (vertex `nextIndex`).
struct IncidentEdge {
    var index: Int
    var nextIndex: Int
    var start: Vec2
    var end: Vec2
}

/// Steps 3–4 of `collidePolygons` once the faces are chosen. `flip` tells that the reference
/// face belongs to B; `separation` is the SAT separation of the reference face.
///
/// Transparent, so that it is always inlined: with `@inline(__always)` alone the optimizer left
/// it out of line in the narrow phase (`World.makeContacts`, large once the box collision is
/// inlined into it), passing the faces and the manifold through memory: 0.8 % of `pile-250`'s
/// instructions.
@_transparent
func clipIncidentEdge(
    _ reference: ReferenceFace, _ incident: IncidentEdge, separation: Double, flip: Bool,
    speculativeDistance: Double
) -> ContactManifold {
    let (i11, i12, normal) = (reference.index, reference.nextIndex, reference.normal)
    let (i21, i22) = (incident.index, incident.nextIndex)
    let v11 = reference.start, v12 = reference.end
    let v21 = incident.start, v22 = incident.end
    let features = ClipFeatures(flip: flip)

    // The reference edge runs v11 → v12 along the tangent; its normal is (t.y, −t.x).
    let tangent = normal.perpendicular
    if separation > CollisionConstants.referenceFaceTolerance && !overlapAlong(tangent, v11, v12, v21, v22),
        let corner = cornerContact(reference, incident, features, flip: flip, speculativeDistance: speculativeDistance)
    {
        return corner
    }

    var p0 = ClipVertex(point: v21, id: features.id(reference: i11, .face, incident: i21, .vertex))
    var p1 = ClipVertex(point: v22, id: features.id(reference: i11, .face, incident: i22, .vertex))
    if !clip(
        &p0, &p1, planeNormal: -tangent, offset: -tangent.dot(v11),
        cutID: features.id(reference: i11, .vertex, incident: i21, .face))
    {
        return .empty
    }
    if !clip(
        &p0, &p1, planeNormal: tangent, offset: tangent.dot(v12),
        cutID: features.id(reference: i12, .vertex, incident: i21, .face))
    {
        return .empty
    }

    // The points within the speculative distance of the face, in clip order, placed midway
    // between the incident point and its projection on the face.
    let s0 = normal.dot(p0.point - v11)
    let s1 = normal.dot(p1.point - v11)
    let first = ManifoldPoint(point: p0.point - (0.5 * s0) * normal, separation: s0, anchorA: .zero, anchorB: .zero, id: p0.id)
    let second = ManifoldPoint(point: p1.point - (0.5 * s1) * normal, separation: s1, anchorA: .zero, anchorB: .zero, id: p1.id)
    let (keepFirst, keepSecond) = (s0 <= speculativeDistance, s1 <= speculativeDistance)
    return ContactManifold(
        normal: flip ? -normal : normal, count: (keepFirst ? 1 : 0) + (keepSecond ? 1 : 0),
        point0: keepFirst ? first : second, point1: second)
}

/// Step 3 of `collidePolygons`: when the closest features of the apart faces are two vertices,
/// the single point between them (empty when farther than `speculativeDistance`); nil when the
/// closest features include a face, so the edges are clipped as usual.
private func cornerContact(
    _ reference: ReferenceFace, _ incident: IncidentEdge, _ features: ClipFeatures, flip: Bool,
    speculativeDistance: Double
) -> ContactManifold? {
    let closest = SegmentDistance(reference.start, reference.end, incident.start, incident.end)
    let f1 = closest.fraction1, f2 = closest.fraction2
    guard (f1 == 0 || f1 == 1) && (f2 == 0 || f2 == 1) else { return nil }
    // The distance is at least the SAT separation (> 0), so the direction is defined.
    let distance = closest.distanceSquared.squareRoot()
    if distance > speculativeDistance { return .empty }
    let u = (1 / distance) * (closest.closest2 - closest.closest1)
    var m = ContactManifold(normal: flip ? -u : u)
    m.append(ManifoldPoint(
        point: 0.5 * (closest.closest1 + closest.closest2), separation: distance, anchorA: .zero, anchorB: .zero,
        id: features.id(
            reference: f1 == 0 ? reference.index : reference.nextIndex, .vertex,
            incident: f2 == 0 ? incident.index : incident.nextIndex, .vertex)))
    return m
}

/// Whether the incident edge `v21 → v22` and the reference face `v11 → v12` share a stretch of
/// positive length along the face's `tangent`, so that clipping finds two points.
private func overlapAlong(_ tangent: Vec2, _ v11: Vec2, _ v12: Vec2, _ v21: Vec2, _ v22: Vec2) -> Bool {
    let (r1, r2) = (tangent.dot(v11), tangent.dot(v12))
    let (i1, i2) = (tangent.dot(v21), tangent.dot(v22))
    return min(max(r1, r2), max(i1, i2)) > max(min(r1, r2), min(i1, i2))
}
