/// The contact between two bodies' shapes, normal from A to B, whatever the shapes are.
///
/// Circle–box pairs run the box–circle routine with the roles exchanged and flip the result, so
/// every pair has a single implementation and A/B symmetry holds by construction.
@inline(__always)
public func collide(
    _ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    switch (a, b) {
    case let (.box(boxA), .box(boxB)):
        return collideBoxes(boxA, xfA, boxB, xfB, speculativeDistance: speculativeDistance)
    case let (.box(box), .circle(circle)):
        return collideBoxCircle(box, xfA, circle, xfB, speculativeDistance: speculativeDistance)
    case let (.circle(circle), .box(box)):
        return collideBoxCircle(box, xfB, circle, xfA, speculativeDistance: speculativeDistance).flipped()
    case let (.circle(circleA), .circle(circleB)):
        return collideCircles(circleA, xfA, circleB, xfB, speculativeDistance: speculativeDistance)
    }
}

/// The contact between a boundary segment (A) and a body's shape (B), normal from the segment
/// to the body.
public func collide(
    _ segment: SegmentShape, _ b: Shape, _ xfB: Transform,
    speculativeDistance: Double = CollisionConstants.speculativeDistance
) -> ContactManifold {
    switch b {
    case .box(let box):
        return collideSegmentBox(segment, box, xfB, speculativeDistance: speculativeDistance)
    case .circle(let circle):
        return collideSegmentCircle(segment, circle, xfB, speculativeDistance: speculativeDistance)
    }
}
