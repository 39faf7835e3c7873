/// The joints of one kind, dense, in creation order (a removal moves the last joint into the
/// gap), as the store sees them: one interface for every kind, so the store needs no list of
/// kinds besides its registry. Stages open the array once and run the kind's own loop.
protocol AnyJointColumn: Sendable {
    var count: Int { get }
    /// Whether the joints of this kind can tie two bodies together (`JointKind.couplesBodies`).
    var couplesBodies: Bool { get }
    func holds<Kind: JointKind>(_ kind: Kind.Type) -> Bool

    func id(at index: Int) -> JointID
    func bodies(at index: Int) -> (a: BodyID?, b: BodyID)
    func localAnchors(at index: Int) -> (a: Vec2, b: Vec2)
    func spring(at index: Int) -> JointSpring?
    mutating func setSpring(_ spring: JointSpring, at index: Int)
    mutating func moveWorldAnchor(to anchor: Vec2, at index: Int) -> Bool

    /// Appends a joint of this column's kind.
    mutating func append<Kind: JointKind>(_ joint: Kind)
    /// Removes the joint at `index`; returns the id of the joint moved into its place, if any.
    mutating func remove(at index: Int) -> JointID?

    mutating func prepare(bodySlots: [Int32], properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double)
    mutating func run(_ stage: JointStage, _ context: StepContext)
    mutating func solvePosition(_ context: StepContext) -> Bool
}

struct JointColumn<Kind: JointKind>: AnyJointColumn {
    var joints: [Kind] = []

    var count: Int { joints.count }
    var couplesBodies: Bool { Kind.couplesBodies }
    func holds<Other: JointKind>(_ kind: Other.Type) -> Bool { kind == Kind.self }

    func id(at index: Int) -> JointID { joints[index].id }
    func bodies(at index: Int) -> (a: BodyID?, b: BodyID) { (joints[index].bodyA, joints[index].bodyB) }
    func localAnchors(at index: Int) -> (a: Vec2, b: Vec2) { (joints[index].localAnchorA, joints[index].localAnchorB) }
    func spring(at index: Int) -> JointSpring? { joints[index].spring }
    mutating func setSpring(_ spring: JointSpring, at index: Int) { joints[index].setSpring(spring) }
    mutating func moveWorldAnchor(to anchor: Vec2, at index: Int) -> Bool { joints[index].moveWorldAnchor(to: anchor) }

    mutating func append<Other: JointKind>(_ joint: Other) {
        guard let joint = joint as? Kind else { preconditionFailure("a \(Other.self) in the \(Kind.self) column") }
        joints.append(joint)
    }

    mutating func remove(at index: Int) -> JointID? {
        let last = joints.count - 1
        if index == last {
            joints.removeLast()
            return nil
        }
        joints[index] = joints[last]
        joints.removeLast()
        return joints[index].id
    }

    mutating func prepare(bodySlots: [Int32], properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        joints.withUnsafeMutableBufferPointer { Kind.prepare($0, bodySlots: bodySlots, properties: properties, h: h) }
    }

    mutating func run(_ stage: JointStage, _ context: StepContext) {
        joints.withUnsafeMutableBufferPointer { Kind.run(stage, $0, context) }
    }

    mutating func solvePosition(_ context: StepContext) -> Bool {
        joints.withUnsafeMutableBufferPointer { Kind.solvePosition($0, context) }
    }
}
