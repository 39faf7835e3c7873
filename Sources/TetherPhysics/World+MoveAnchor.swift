extension World {
    /// Moves the fixed end of an attachment to a point in the world (UIAttachmentBehavior's
    /// settable `anchorPoint`). The attached body keeps its position and velocity, so it springs
    /// toward the new anchor instead of jumping. Joints between two bodies are left unchanged.
    public mutating func setAnchor(_ anchor: Vec2, of id: JointID) {
        switch jointLocation(of: id) {
        case .anchorSpring(let slot):
            if anchorSprings[slot].anchor == anchor { return }
            anchorSprings[slot].anchor = anchor
        case .distance(let slot) where distanceJoints[slot].bodyA == nil:
            if distanceJoints[slot].localAnchorA == anchor { return }
            distanceJoints[slot].localAnchorA = anchor
        default:
            return
        }
        preparedSubstep = 0
        wake()
    }
}
