/// Read-only views of the world for pictures (`tether render`): the boundary segments and the
/// joints' end points, in a deterministic order.
extension World {
    /// Every boundary segment, in creation order.
    var boundarySegments: [(id: BoundaryID, a: Vec2, b: Vec2)] {
        boundaries.map { ($0.id, $0.segment.a, $0.segment.b) }
    }

    /// Every joint in id order: its bodies (A is nil for the world) and the world positions of
    /// its two attachment points.
    var jointEnds: [(id: JointID, bodyA: BodyID?, bodyB: BodyID, a: Vec2, b: Vec2)] {
        var result: [(id: JointID, bodyA: BodyID?, bodyB: BodyID, a: Vec2, b: Vec2)] = []
        for (raw, location) in jointLocations.enumerated() {
            guard let location else { continue }
            let id = JointID(rawValue: Int32(raw))
            guard let (a, b) = anchorPoints(of: id) else { continue }
            let bodies: (BodyID?, BodyID)
            switch location {
            case .anchorSpring(let slot): bodies = (nil, anchorSprings[slot].body)
            case .distance(let slot): bodies = (distanceJoints[slot].bodyA, distanceJoints[slot].bodyB)
            case .limit(let slot): bodies = (attachmentJoints.limits[slot].bodyA, attachmentJoints.limits[slot].bodyB)
            case .weld(let slot): bodies = (attachmentJoints.welds[slot].bodyA, attachmentJoints.welds[slot].bodyB)
            case .revolute(let slot): bodies = (attachmentJoints.revolutes[slot].bodyA, attachmentJoints.revolutes[slot].bodyB)
            case .prismatic(let slot): bodies = (attachmentJoints.prismatics[slot].bodyA, attachmentJoints.prismatics[slot].bodyB)
            }
            result.append((id, bodies.0, bodies.1, a, b))
        }
        return result
    }
}
