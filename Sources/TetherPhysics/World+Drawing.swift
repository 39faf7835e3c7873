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
        joints.ids.compactMap { id in
            guard let bodies = joints.bodies(of: id), let (a, b) = anchorPoints(of: id) else { return nil }
            return (id, bodies.a, bodies.b, a, b)
        }
    }
}
