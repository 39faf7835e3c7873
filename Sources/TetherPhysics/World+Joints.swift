/// The world's joints, whatever their kind: creating (each kind's `create…Joint` lives in the
/// kind's file and calls `insertJoint`), removing, reading and changing them.
extension World {
    public var jointCount: Int { joints.count }

    public func contains(_ id: JointID) -> Bool { joints.contains(id) }

    /// Stores the joint `make` builds for a new id (the last freed first, so reuse is
    /// deterministic), and marks the per-step preparation stale.
    mutating func insertJoint<Kind: JointKind>(_ make: (JointID) -> Kind) -> JointID {
        preparedSubstep = 0
        wake()
        return joints.insert(make)
    }

    public mutating func destroyJoint(_ id: JointID) {
        preparedSubstep = 0
        wake()
        joints.remove(id)
    }

    /// Changes a joint's spring; nil leaves a value as it is. Joints without a spring ignore it.
    public mutating func setSpring(
        of id: JointID, frequency: Double? = nil, dampingRatio: Double? = nil, length: Double? = nil
    ) {
        guard let current = joints.spring(of: id) else { return }
        let new = JointSpring(
            length: length ?? current.length, frequency: frequency ?? current.frequency,
            dampingRatio: dampingRatio ?? current.dampingRatio)
        if new == current { return }
        preparedSubstep = 0
        wake()
        joints.setSpring(new, of: id)
    }

    /// The joint's rest length, frequency and damping ratio (nil for joints without a spring).
    public func spring(of id: JointID) -> (length: Double, frequency: Double, dampingRatio: Double)? {
        joints.spring(of: id).map { ($0.length, $0.frequency, $0.dampingRatio) }
    }

    /// Moves the fixed end of an attachment to a point in the world (UIAttachmentBehavior's
    /// settable `anchorPoint`). The attached body keeps its position and velocity, so it springs
    /// toward the new anchor instead of jumping. Joints between two bodies, and rigid kinds, are
    /// left unchanged.
    public mutating func setAnchor(_ anchor: Vec2, of id: JointID) {
        if !joints.moveWorldAnchor(to: anchor, of: id) { return }
        preparedSubstep = 0
        wake()
    }

    /// The world positions of the joint's two attachment points.
    public func anchorPoints(of id: JointID) -> (a: Vec2, b: Vec2)? {
        guard let bodies = joints.bodies(of: id), let anchors = joints.localAnchors(of: id) else { return nil }
        return (worldPoint(bodies.a, anchors.a), worldPoint(bodies.b, anchors.b))
    }

    // MARK: Helpers for the kinds' `create…Joint`

    /// A point given in a body's frame, in the world; a point of the world (nil) as it is.
    func worldPoint(_ body: BodyID?, _ local: Vec2) -> Vec2 {
        guard let body, let slot = slot(of: body) else { return local }
        let s = states[slot]
        return s.position + s.rotation.rotate(local)
    }

    func checkBodies(_ a: BodyID?, _ b: BodyID) {
        _ = requireSlot(b)
        if let a {
            _ = requireSlot(a)
            precondition(a != b, "a joint needs two different bodies")
        }
    }

    /// Position and rotation of a body, or of the world (origin, identity) for nil.
    func pose(of body: BodyID?) -> (Vec2, Rotation) {
        guard let body, let slot = slot(of: body) else { return (.zero, .identity) }
        return (states[slot].position, states[slot].rotation)
    }

    /// The world point `anchor` in A's and B's frames, and B's rotation relative to A.
    func attachmentFrame(
        _ bodyA: BodyID?, _ bodyB: BodyID, anchor: Vec2
    ) -> (localAnchorA: Vec2, localAnchorB: Vec2, referenceRotation: Rotation) {
        let (pA, qA) = pose(of: bodyA)
        let (pB, qB) = pose(of: bodyB)
        return (qA.inverseRotate(anchor - pA), qB.inverseRotate(anchor - pB), qA.relative(to: qB))
    }
}
