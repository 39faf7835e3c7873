/// The contact between a boundary segment (A, static, world coordinates) and box B; the normal
/// points from the segment to the box.
///
/// The segment is a two-vertex polygon with two opposite faces (see `SegmentShape`), so this is
/// the box–box routine: the segment's face on the box's side is the reference face when it
/// separates best, and the box's incident edge is clipped to the segment's extent, giving two
/// stable points for a box resting on or sliding along it. A box corner beyond the segment's end
/// is found by the box's own faces as separating axes (the segment end then touches a box face),
/// so a box hitting the end is stopped rather than tunnelling. Computed in the box's frame.
/// Anchors on A are relative to the world origin.
///
/// Every box of a container meets its floor and walls here each step, so this does what
/// `collideSegmentBoxAsPolygons` does (the segment and the box made polygons, then
/// `collidePolygons`) without building the polygons, and gives the same manifold to the bit
/// (`CollisionSegmentBoxTests`): see `SegmentBoxPolygons` for why each shortcut rounds alike.
/// A box without area or a pose that is not finite, where zeros' signs or NaNs could tell the
/// shortcuts apart, goes the general way.
public func collideSegmentBox(
    _ segment: SegmentShape, _ box: BoxShape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    let a = xfB.inverseApply(segment.a)
    let b = xfB.inverseApply(segment.b)
    let h = box.halfExtents
    guard a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite && h.x > 0 && h.y > 0 else {
        return collideSegmentBoxAsPolygons(segment, box, xfB, speculativeDistance: speculativeDistance)
    }
    let n = xfB.rotation.inverseRotate(segment.normal)
    let pair = SegmentBoxPolygons(a: a, b: b, normal: n, box: box)

    let (edgeA, separationA) = pair.segmentSeparation()
    if separationA > speculativeDistance { return .empty }
    let (edgeB, separationB) = pair.boxSeparation()
    if separationB > speculativeDistance { return .empty }

    // The faces as `clipPolygons` picks them.
    let flip = separationB > separationA + CollisionConstants.referenceFaceTolerance
    let reference: ReferenceFace
    let incident: IncidentEdge
    if flip {
        let i11 = edgeB, i12 = (edgeB + 1) & 3
        let normal = pair.boxNormal(i11)
        let i21 = pair.incidentSegmentEdge(against: normal)
        reference = ReferenceFace(
            index: i11, nextIndex: i12, start: pair.boxVertex(i11), end: pair.boxVertex(i12), normal: normal)
        incident = IncidentEdge(
            index: i21, nextIndex: 1 - i21, start: i21 == 0 ? a : b, end: i21 == 0 ? b : a)
    } else {
        let i11 = edgeA, i12 = 1 - edgeA
        let normal = edgeA == 0 ? pair.normal : pair.oppositeNormal
        let i21 = incidentBoxEdge(against: normal)
        reference = ReferenceFace(
            index: i11, nextIndex: i12, start: i11 == 0 ? a : b, end: i11 == 0 ? b : a, normal: normal)
        incident = IncidentEdge(
            index: i21, nextIndex: (i21 + 1) & 3, start: pair.boxVertex(i21), end: pair.boxVertex(i21 + 1))
    }
    let local = clipIncidentEdge(
        reference, incident, separation: flip ? separationB : separationA, flip: flip,
        speculativeDistance: speculativeDistance)
    return local.mapped(from: xfB, centerA: xfB.inverseApply(.zero), centerB: .zero)
}

/// A segment (A) and a box (B) in the box's frame, as `CollisionPolygon`'s two- and four-vertex
/// polygons hold them, with `maxSeparation` and `incidentEdge` worked out for these shapes. The
/// values are those of the general routine, bit for bit wherever they reach the manifold:
///
/// - the box's vertices and normals are `BoxShape`'s own: placing them by the identity, as the
///   polygon does, multiplies by 1 and adds zeros, which changes no nonzero value (the half
///   extents are positive here) and leaves the normals' zeros positive;
/// - the separation of a box face from a segment end is `±(p − v)` along the face's axis: the
///   polygon's dot product adds a product by a zero normal component, so the two can differ only
///   in the sign of a zero result, and separations are only compared (with each other and with
///   tolerances), where −0 and 0 are alike;
/// - a segment face's separation is the minimum over the box's four vertices of `n·(v − a)`,
///   and each rounded step of that dot product grows or shrinks with `v.x` and `v.y` as the
///   exact one does: the minimum is the dot product at the vertex whose signs oppose `n`'s,
///   with no need for the other three (again alike up to the sign of a zero).
private struct SegmentBoxPolygons {
    let a: Vec2
    let b: Vec2
    /// The segment's face 0 normal, and face 1's (negated as `CollisionPolygon` negates it).
    let normal: Vec2
    let oppositeNormal: Vec2
    let shape: BoxShape

    @inline(__always)
    init(a: Vec2, b: Vec2, normal: Vec2, box: BoxShape) {
        self.a = a
        self.b = b
        self.normal = normal
        self.oppositeNormal = -normal
        self.shape = box
    }

    @inline(__always)
    func boxVertex(_ i: Int) -> Vec2 { shape.vertex(i) }

    @inline(__always)
    func boxNormal(_ i: Int) -> Vec2 { BoxShape.faceNormal(i) }

    /// `maxSeparation` of the segment's two faces from the box's four vertices.
    @inline(__always)
    func segmentSeparation() -> (edge: Int, separation: Double) {
        let (w, h) = (shape.halfExtents.x, shape.halfExtents.y)
        // The deepest vertex against face 0 (normal n) and against face 1 (normal −n).
        let deepest0 = Vec2(normal.x > 0 ? -w : w, normal.y > 0 ? -h : h)
        let deepest1 = Vec2(oppositeNormal.x > 0 ? -w : w, oppositeNormal.y > 0 ? -h : h)
        let s0 = normal.dot(deepest0 - a)
        let s1 = oppositeNormal.dot(deepest1 - b)
        return s1 > s0 ? (1, s1) : (0, s0)
    }

    /// `maxSeparation` of the box's four faces (0 is −y, 1 is +x, 2 is +y, 3 is −x) from the
    /// segment's two vertices.
    @inline(__always)
    func boxSeparation() -> (edge: Int, separation: Double) {
        let (w, h) = (shape.halfExtents.x, shape.halfExtents.y)
        return firstLargestFace(
            min(-(a.y - -h), -(b.y - -h)), min(a.x - w, b.x - w), min(a.y - h, b.y - h), min(-(a.x - -w), -(b.x - -w)))
    }

    /// `incidentEdge` of the segment: the face most anti-parallel to `referenceNormal`, the
    /// first on ties.
    @inline(__always)
    func incidentSegmentEdge(against referenceNormal: Vec2) -> Int {
        referenceNormal.dot(oppositeNormal) < referenceNormal.dot(normal) ? 1 : 0
    }
}
