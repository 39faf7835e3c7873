/// What a picture of a world scene draws besides the items: the collision boundaries and the
/// attachments, read from the world as it is now. Read-only; nothing here changes the animator.
extension DynamicAnimator {
    /// A collision boundary: a fixed segment, with the id its behavior gave it (nil for the
    /// reference bounds' edges, as UIKit reports them).
    public struct BoundaryDrawing: Sendable, Hashable {
        /// Stable while the boundary exists (never reused).
        public var key: Int
        public var name: String?
        public var from: Vec2
        public var to: Vec2
    }

    /// An attachment (or a snap) drawn as a line between its two end points.
    public struct AttachmentDrawing: Sendable, Hashable {
        /// The joint's id (reused after a joint is removed).
        public var key: Int
        /// Where it holds body A (or its anchor point in the world).
        public var from: Vec2
        /// Where it holds the attached item.
        public var to: Vec2
        /// The items at each end (nil: a point in the world).
        public var fromItem: Int?
        public var toItem: Int?
    }

    /// Every boundary in the world, in creation order.
    public var boundaryDrawings: [BoundaryDrawing] {
        world.boundarySegments.map { BoundaryDrawing(key: Int($0.id.rawValue), name: boundaryName($0.id), from: $0.a, to: $0.b) }
    }

    /// Every attachment and snap, in joint-id order. Welds, pins and sliders hold both items at
    /// one point; they are drawn from the attached item's center to that point.
    public var attachmentDrawings: [AttachmentDrawing] {
        world.jointEnds.map { joint in
            let fromItem = joint.bodyA.flatMap { item(of: $0) }
            let toItem = item(of: joint.bodyB)
            var from = joint.a
            var to = joint.b
            if (to - from).length < 0.5 {
                from = world.position(of: joint.bodyB)
                to = joint.b
            }
            return AttachmentDrawing(key: Int(joint.id.rawValue), from: from, to: to, fromItem: fromItem, toItem: toItem)
        }
    }
}
