/// A point of the incident edge while it is clipped, with the features it came from.
private struct ClipVertex {
    var point: Vec2
    var referenceIndex: Int
    var referenceType: ContactFeature.Kind
    var incidentIndex: Int
    var incidentType: ContactFeature.Kind
}

/// Up to two clip vertices, inline so clipping allocates nothing.
private struct ClipPair {
    var count = 0
    var first: ClipVertex
    var second: ClipVertex

    mutating func append(_ v: ClipVertex) {
        if count == 0 { first = v } else { second = v }
        count += 1
    }

    subscript(i: Int) -> ClipVertex { i == 0 ? first : second }
}

/// Sutherland–Hodgman for one plane: keeps the part of the segment with
/// `planeNormal · p − offset ≤ 0`. A point made by cutting is the reference face's side vertex
/// `referenceVertex` touching the incident edge `incidentEdge`, and gets that feature pair.
///
/// The cut point is put back on the plane after interpolating: interpolation leaves it an ulp or
/// two off, differently on the two sides, and a box centered on a wider one then gets lever arms
/// that differ in the last bit. Elastic bounces amplify that into a visible spin.
@inline(__always)
private func clip(
    _ input: ClipPair, planeNormal: Vec2, offset: Double, referenceVertex: Int, incidentEdge: Int
) -> ClipPair {
    let v0 = input.first, v1 = input.second
    let d0 = planeNormal.dot(v0.point) - offset
    let d1 = planeNormal.dot(v1.point) - offset
    var output = ClipPair(first: v0, second: v1)
    if d0 <= 0 { output.append(v0) }
    if d1 <= 0 { output.append(v1) }
    if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) {
        let t = d0 / (d0 - d1)
        let cut = v0.point + t * (v1.point - v0.point)
        output.append(ClipVertex(
            point: cut - (planeNormal.dot(cut) - offset) * planeNormal,
            referenceIndex: referenceVertex, referenceType: .vertex,
            incidentIndex: incidentEdge, incidentType: .face))
    }
    return output
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
@inline(__always)
func clipIncidentEdge(
    _ reference: ReferenceFace, _ incident: IncidentEdge, separation: Double, flip: Bool,
    speculativeDistance: Double
) -> ContactManifold {
    let (i11, i12, normal) = (reference.index, reference.nextIndex, reference.normal)
    let (i21, i22) = (incident.index, incident.nextIndex)
    let v11 = reference.start, v12 = reference.end
    let v21 = incident.start, v22 = incident.end

    /// The packed id in terms of A and B.
    func id(_ v: ClipVertex) -> UInt32 {
        let r = (v.referenceIndex, v.referenceType), i = (v.incidentIndex, v.incidentType)
        let (a, b) = flip ? (i, r) : (r, i)
        return ContactFeature(indexA: a.0, typeA: a.1, indexB: b.0, typeB: b.1).id
    }

    // The reference edge runs v11 → v12 along the tangent; its normal is (t.y, −t.x).
    let tangent = normal.perpendicular
    if separation > CollisionConstants.referenceFaceTolerance && !overlapAlong(tangent, v11, v12, v21, v22) {
        let closest = SegmentDistance(v11, v12, v21, v22)
        let f1 = closest.fraction1, f2 = closest.fraction2
        if (f1 == 0 || f1 == 1) && (f2 == 0 || f2 == 1) {
            // The distance is at least the SAT separation (> 0), so the direction is defined.
            let distance = closest.distanceSquared.squareRoot()
            if distance > speculativeDistance { return .empty }
            let u = (1 / distance) * (closest.closest2 - closest.closest1)
            var m = ContactManifold(normal: flip ? -u : u)
            let vertex = ClipVertex(
                point: closest.closest2, referenceIndex: f1 == 0 ? i11 : i12, referenceType: .vertex,
                incidentIndex: f2 == 0 ? i21 : i22, incidentType: .vertex)
            m.append(ManifoldPoint(
                point: 0.5 * (closest.closest1 + closest.closest2), separation: distance,
                anchorA: .zero, anchorB: .zero, id: id(vertex)))
            return m
        }
    }

    var points = ClipPair(
        first: ClipVertex(point: v21, referenceIndex: i11, referenceType: .face, incidentIndex: i21, incidentType: .vertex),
        second: ClipVertex(point: v22, referenceIndex: i11, referenceType: .face, incidentIndex: i22, incidentType: .vertex))
    points.count = 2
    points = clip(points, planeNormal: -tangent, offset: -tangent.dot(v11), referenceVertex: i11, incidentEdge: i21)
    if points.count < 2 { return .empty }
    points = clip(points, planeNormal: tangent, offset: tangent.dot(v12), referenceVertex: i12, incidentEdge: i21)
    if points.count < 2 { return .empty }

    var m = ContactManifold(normal: flip ? -normal : normal)
    for k in 0..<2 {
        let v = points[k]
        let s = normal.dot(v.point - v11)
        if s <= speculativeDistance {
            m.append(ManifoldPoint(
                point: v.point - (0.5 * s) * normal, separation: s, anchorA: .zero, anchorB: .zero, id: id(v)))
        }
    }
    return m
}

/// Whether the incident edge `v21 → v22` and the reference face `v11 → v12` share a stretch of
/// positive length along the face's `tangent`, so that clipping finds two points.
private func overlapAlong(_ tangent: Vec2, _ v11: Vec2, _ v12: Vec2, _ v21: Vec2, _ v22: Vec2) -> Bool {
    let (r1, r2) = (tangent.dot(v11), tangent.dot(v12))
    let (i1, i2) = (tangent.dot(v21), tangent.dot(v22))
    return min(max(r1, r2), max(i1, i2)) > max(min(r1, r2), min(i1, i2))
}
