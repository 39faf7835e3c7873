/// Creating and removing the attachment joints of iOS 9's UIAttachmentBehavior factories:
/// limit (rope), fixed (weld), pin (revolute) and sliding (prismatic). They are stored in
/// `attachmentJoints`, one dense array per kind, and solved after the distance joints.
extension World {
    /// A rope (`UIAttachmentBehavior.limitAttachment`): the two points never get farther apart
    /// than `maxLength` (their distance now when nil).
    @discardableResult
    public mutating func createLimitJoint(_ definition: LimitJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let (pA, qA) = pose(of: definition.bodyA)
        let (pB, qB) = pose(of: definition.bodyB)
        let maxLength =
            definition.maxLength
            ?? ((pB + qB.rotate(definition.localAnchorB)) - (pA + qA.rotate(definition.localAnchorA))).length
        let id = newJointID(.limit(attachmentJoints.limits.count))
        attachmentJoints.limits.append(LimitJoint(id: id, definition: definition, maxLength: max(maxLength, 0)))
        return id
    }

    /// A weld (`UIAttachmentBehavior.fixedAttachment`) holding B's position and angle relative to A.
    @discardableResult
    public mutating func createWeldJoint(_ definition: WeldJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let frame = attachmentFrame(definition.bodyA, definition.bodyB, anchor: definition.anchor)
        let id = newJointID(.weld(attachmentJoints.welds.count))
        attachmentJoints.welds.append(
            WeldJoint(
                id: id, bodyA: definition.bodyA, bodyB: definition.bodyB, localAnchorA: frame.localAnchorA,
                localAnchorB: frame.localAnchorB, referenceRotation: frame.referenceRotation))
        return id
    }

    /// A pin (`UIAttachmentBehavior.pinAttachment`) about which A and B turn freely, within
    /// `angleRange` and against `frictionTorque`.
    @discardableResult
    public mutating func createRevoluteJoint(_ definition: RevoluteJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let frame = attachmentFrame(definition.bodyA, definition.bodyB, anchor: definition.anchor)
        let id = newJointID(.revolute(attachmentJoints.revolutes.count))
        attachmentJoints.revolutes.append(
            RevoluteJoint(
                id: id, definition: definition, localAnchorA: frame.localAnchorA, localAnchorB: frame.localAnchorB,
                referenceRotation: frame.referenceRotation))
        return id
    }

    /// A slider (`UIAttachmentBehavior.slidingAttachment`): B moves relative to A only along the
    /// axis, within `translationRange`, and does not turn relative to A.
    @discardableResult
    public mutating func createPrismaticJoint(_ definition: PrismaticJointDefinition) -> JointID {
        checkBodies(definition.bodyA, definition.bodyB)
        let frame = attachmentFrame(definition.bodyA, definition.bodyB, anchor: definition.anchor)
        let id = newJointID(.prismatic(attachmentJoints.prismatics.count))
        attachmentJoints.prismatics.append(
            PrismaticJoint(
                id: id, definition: definition, localAnchorA: frame.localAnchorA, localAnchorB: frame.localAnchorB,
                referenceRotation: frame.referenceRotation))
        return id
    }

    // MARK: Internals used by World.swift

    /// Removes an attachment joint from its array (the last one fills the gap).
    mutating func removeAttachmentJoint(at location: JointLocation) {
        func remove<J: AttachmentJoint>(_ slot: Int, from joints: inout [J], _ location: (Int) -> JointLocation) {
            let last = joints.count - 1
            if slot != last {
                joints[slot] = joints[last]
                jointLocations[Int(joints[slot].id.rawValue)] = location(slot)
            }
            joints.removeLast()
        }
        switch location {
        case .limit(let slot): remove(slot, from: &attachmentJoints.limits, JointLocation.limit)
        case .weld(let slot): remove(slot, from: &attachmentJoints.welds, JointLocation.weld)
        case .revolute(let slot): remove(slot, from: &attachmentJoints.revolutes, JointLocation.revolute)
        case .prismatic(let slot): remove(slot, from: &attachmentJoints.prismatics, JointLocation.prismatic)
        default: preconditionFailure("not an attachment joint")
        }
    }

    /// The world positions of an attachment joint's two points.
    func attachmentAnchorPoints(at location: JointLocation) -> (a: Vec2, b: Vec2)? {
        func points<J: AttachmentJoint>(_ joint: J) -> (a: Vec2, b: Vec2) {
            let (pA, qA) = pose(of: joint.bodyA)
            let (pB, qB) = pose(of: joint.bodyB)
            return (pA + qA.rotate(joint.localAnchorA), pB + qB.rotate(joint.localAnchorB))
        }
        switch location {
        case .limit(let slot): return points(attachmentJoints.limits[slot])
        case .weld(let slot): return points(attachmentJoints.welds[slot])
        case .revolute(let slot): return points(attachmentJoints.revolutes[slot])
        case .prismatic(let slot): return points(attachmentJoints.prismatics[slot])
        default: return nil
        }
    }

    // MARK: Helpers

    private func checkBodies(_ a: BodyID?, _ b: BodyID) {
        _ = requireSlot(b)
        if let a {
            _ = requireSlot(a)
            precondition(a != b, "a joint needs two different bodies")
        }
    }

    /// Position and rotation of a body, or of the world (origin, identity) for nil.
    private func pose(of body: BodyID?) -> (Vec2, Rotation) {
        guard let body, let slot = slot(of: body) else { return (.zero, .identity) }
        return (states[slot].position, states[slot].rotation)
    }

    /// The world point `anchor` in A's and B's frames, and B's rotation relative to A.
    private func attachmentFrame(
        _ bodyA: BodyID?, _ bodyB: BodyID, anchor: Vec2
    ) -> (localAnchorA: Vec2, localAnchorB: Vec2, referenceRotation: Rotation) {
        let (pA, qA) = pose(of: bodyA)
        let (pB, qB) = pose(of: bodyB)
        return (qA.inverseRotate(anchor - pA), qB.inverseRotate(anchor - pB), qA.relative(to: qB))
    }
}
