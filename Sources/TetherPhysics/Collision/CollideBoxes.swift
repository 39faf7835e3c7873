/// The contact between two boxes: SAT over both boxes' face normals, then the incident edge
/// clipped against the reference face (see `collidePolygons`).
///
/// Computed in A's frame (B placed relative to A), so the coordinates stay near zero however far
/// the pair is from the world origin. Returns no points when the boxes are farther apart than
/// `speculativeDistance`; otherwise one or two points. The normal points from A to B.
///
/// The SAT uses the boxes' symmetry instead of testing every vertex against every face: the
/// separation of B from A's face `+x` is `p.x − e − w_A`, where `p` is B's center and `e` B's
/// half extent along A's x axis (`|c|·w_B + |s|·h_B`), and likewise for the other faces and for
/// B's faces with A's center in B's frame. A pile of boxes runs this for every pair each step.
@inline(__always)
public func collideBoxes(
    _ a: BoxShape, _ xfA: Transform, _ b: BoxShape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    let bInA = xfA.relative(xfB)
    let r = bInA.rotation
    let (c, s) = (abs(r.c), abs(r.s))
    let (hA, hB) = (a.halfExtents, b.halfExtents)

    // A's faces, numbered as `BoxShape.normal`: 0 is −y, 1 is +x, 2 is +y, 3 is −x.
    let p = bInA.position
    let extentB = Vec2(c * hB.x + s * hB.y, s * hB.x + c * hB.y)
    let (edgeA, separationA) = boxFaceSeparation(center: p, extent: extentB, halfExtents: hA)
    if separationA > speculativeDistance { return .empty }
    // B's faces, with A's center in B's frame.
    let q = r.inverseRotate(-p)
    let extentA = Vec2(c * hA.x + s * hA.y, s * hA.x + c * hA.y)
    let (edgeB, separationB) = boxFaceSeparation(center: q, extent: extentA, halfExtents: hB)
    if separationB > speculativeDistance { return .empty }

    // The faces as `clipPolygons` picks them, placing only the four vertices it needs.
    let flip = separationB > separationA + CollisionConstants.referenceFaceTolerance
    let reference: ReferenceFace
    let incident: IncidentEdge
    if flip {
        let i11 = edgeB, i12 = (edgeB + 1) & 3
        let normal = r.rotate(b.normal(i11))
        let i21 = incidentBoxEdge(against: normal)
        reference = ReferenceFace(
            index: i11, nextIndex: i12, start: bInA.apply(b.vertex(i11)), end: bInA.apply(b.vertex(i12)), normal: normal)
        incident = IncidentEdge(
            index: i21, nextIndex: (i21 + 1) & 3, start: placedByIdentity(a.vertex(i21)),
            end: placedByIdentity(a.vertex(i21 + 1)))
    } else {
        let i11 = edgeA, i12 = (edgeA + 1) & 3
        // `Rotation.identity.rotate(a.normal(i11))` to the bit: the face normals' zeros are positive.
        let normal = a.normal(i11)
        let i21 = incidentBoxEdge(against: normal, r)
        reference = ReferenceFace(
            index: i11, nextIndex: i12, start: placedByIdentity(a.vertex(i11)), end: placedByIdentity(a.vertex(i12)),
            normal: normal)
        incident = IncidentEdge(
            index: i21, nextIndex: (i21 + 1) & 3, start: bInA.apply(b.vertex(i21)), end: bInA.apply(b.vertex(i21 + 1)))
    }
    let local = clipIncidentEdge(
        reference, incident, separation: flip ? separationB : separationA, flip: flip,
        speculativeDistance: speculativeDistance)
    return local.mapped(from: xfA, centerA: .zero, centerB: bInA.position)
}

/// `CollisionPolygon.incidentEdge` for a box turned by `rotation`: the face whose normal is most
/// anti-parallel to `referenceNormal`, the first one on ties.
///
/// Face `i`'s turned normal dotted with the reference normal is, for the face normals
/// (0, −1), (1, 0), (0, 1), (−1, 0), `−u.y, u.x, u.y, −u.x` with `u` the reference normal in
/// the box's frame: the same products and sums, rounded the same (negation is exact), as
/// turning each face normal and taking the dot product, up to the sign of a zero, which no
/// comparison sees.
@inline(__always)
func incidentBoxEdge(against referenceNormal: Vec2, _ rotation: Rotation) -> Int {
    incidentBoxEdge(against: rotation.inverseRotate(referenceNormal))
}

/// `incidentBoxEdge(against:_:)` for a box that is not turned, or for a normal already in the
/// box's frame. Turning the normal by the identity would change at most the sign of a zero,
/// which no comparison sees.
@inline(__always)
func incidentBoxEdge(against referenceNormal: Vec2) -> Int {
    let u = referenceNormal
    var edge = 0
    var best = -u.y
    if u.x < best {
        best = u.x
        edge = 1
    }
    if u.y < best {
        best = u.y
        edge = 2
    }
    if -u.x < best { edge = 3 }
    return edge
}

/// `Transform.identity.apply(v)` for a finite `v`, to the bit, without its products: multiplying
/// by 1 and adding a product by 0 leave a nonzero value alone, and the identity's zero offset,
/// like the 0 added here, turns a zero of either sign into +0.
@inline(__always)
func placedByIdentity(_ v: Vec2) -> Vec2 { Vec2(v.x + 0, v.y + 0) }

/// The face of a box (half extents `halfExtents`, at the origin, axis-aligned) that best
/// separates another shape whose center is `center` and whose half extents along the axes are
/// `extent`; the first face wins ties, as in `CollisionPolygon.maxSeparation`.
@inline(__always)
private func boxFaceSeparation(center: Vec2, extent: Vec2, halfExtents: Vec2) -> (edge: Int, separation: Double) {
    firstLargestFace(
        -center.y - extent.y - halfExtents.y, center.x - extent.x - halfExtents.x,
        center.y - extent.y - halfExtents.y, -center.x - extent.x - halfExtents.x)
}

/// The face of a box's four (0 is −y, 1 is +x, 2 is +y, 3 is −x) with the largest separation,
/// the first one on ties, as `CollisionPolygon.maxSeparation` picks it.
@inline(__always)
func firstLargestFace(_ s0: Double, _ s1: Double, _ s2: Double, _ s3: Double) -> (edge: Int, separation: Double) {
    var edge = 0
    var best = s0
    if s1 > best { edge = 1; best = s1 }
    if s2 > best { edge = 2; best = s2 }
    if s3 > best { edge = 3; best = s3 }
    return (edge, best)
}
