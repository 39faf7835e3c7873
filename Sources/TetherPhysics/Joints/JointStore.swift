/// A stable handle to a joint (attachment). A destroyed joint's handle may be reused later (last
/// freed, first reused, so reuse is deterministic).
public struct JointID: Hashable, Sendable, Comparable {
    public let rawValue: Int32
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: JointID, b: JointID) -> Bool { a.rawValue < b.rawValue }
}

/// Every joint of a world: one column per kind, and where each joint id lives.
///
/// The solver runs each stage over the kinds in the order of the registry, and within a kind
/// in column order, so the same calls always give the same bits.
struct JointStore: Sendable {
    /// The registry: every joint kind, one column each, in solve order. A new kind is one line
    /// here (and its file).
    private var columns: [any AnyJointColumn] = [
        JointColumn<AnchorSpring>(),
        JointColumn<DistanceJoint>(),
        JointColumn<LimitJoint>(),
        JointColumn<WeldJoint>(),
        JointColumn<RevoluteJoint>(),
        JointColumn<PrismaticJoint>(),
    ]

    /// Where a joint lives: its kind's column and its index there.
    struct Location: Sendable, Hashable {
        var column: Int
        var index: Int
    }

    /// Joint id → location, or nil for a free id.
    private var locations: [Location?] = []
    private var freeIDs: [Int32] = []
    /// How many joints the columns hold, kept as they change: asking the columns (existentials)
    /// copies each of them, some hundreds of instructions a call.
    private(set) var count = 0

    /// Whether the store holds no joint at all.
    var isEmpty: Bool { count == 0 }

    /// Whether any joint can tie two bodies together (see `JointKind.couplesBodies`).
    var couplesBodies: Bool { count > 0 && columns.contains { $0.couplesBodies && $0.count > 0 } }

    // MARK: Joints

    /// Stores the joint `make` builds for a new id (the last freed first).
    mutating func insert<Kind: JointKind>(_ make: (JointID) -> Kind) -> JointID {
        guard let column = columns.firstIndex(where: { $0.holds(Kind.self) }) else {
            preconditionFailure("\(Kind.self) is not registered in JointStore.columns")
        }
        let id: JointID
        if let reused = freeIDs.popLast() {
            id = JointID(rawValue: reused)
        } else {
            id = JointID(rawValue: Int32(locations.count))
            locations.append(nil)
        }
        locations[Int(id.rawValue)] = Location(column: column, index: columns[column].count)
        columns[column].append(make(id))
        count += 1
        return id
    }

    mutating func remove(_ id: JointID) {
        guard let location = location(of: id) else { return }
        if let moved = columns[location.column].remove(at: location.index) {
            locations[Int(moved.rawValue)] = location
        }
        locations[Int(id.rawValue)] = nil
        freeIDs.append(id.rawValue)
        count -= 1
    }

    func contains(_ id: JointID) -> Bool { location(of: id) != nil }

    private func location(of id: JointID) -> Location? {
        let raw = Int(id.rawValue)
        guard raw >= 0, raw < locations.count else { return nil }
        return locations[raw]
    }

    /// Every joint id in id order.
    var ids: [JointID] {
        locations.indices.compactMap { locations[$0] == nil ? nil : JointID(rawValue: Int32($0)) }
    }

    /// The joints attached to `body`, kind by kind in solve order.
    func ids(attachedTo body: BodyID) -> [JointID] {
        var result: [JointID] = []
        for column in columns {
            for index in 0..<column.count {
                let (a, b) = column.bodies(at: index)
                if a == body || b == body { result.append(column.id(at: index)) }
            }
        }
        return result
    }

    /// Every joint's id and bodies, kind by kind in solve order.
    var edges: [(id: JointID, a: BodyID?, b: BodyID)] {
        columns.flatMap { column in
            (0..<column.count).map { index in
                let (a, b) = column.bodies(at: index)
                return (column.id(at: index), a, b)
            }
        }
    }

    func bodies(of id: JointID) -> (a: BodyID?, b: BodyID)? {
        location(of: id).map { columns[$0.column].bodies(at: $0.index) }
    }

    func localAnchors(of id: JointID) -> (a: Vec2, b: Vec2)? {
        location(of: id).map { columns[$0.column].localAnchors(at: $0.index) }
    }

    func spring(of id: JointID) -> JointSpring? {
        location(of: id).flatMap { columns[$0.column].spring(at: $0.index) }
    }

    mutating func setSpring(_ spring: JointSpring, of id: JointID) {
        guard let location = location(of: id) else { return }
        columns[location.column].setSpring(spring, at: location.index)
    }

    /// Moves the world end of the joint; false when there is nothing to move.
    mutating func moveWorldAnchor(to anchor: Vec2, of id: JointID) -> Bool {
        guard let location = location(of: id) else { return false }
        return columns[location.column].moveWorldAnchor(to: anchor, at: location.index)
    }

    // MARK: Stages (see `JointKind`), each over every kind in solve order

    mutating func prepare(bodySlots: [Int32], properties: UnsafeMutableBufferPointer<BodyProperties>, h: Double) {
        for k in columns.indices where columns[k].count > 0 {
            columns[k].prepare(bodySlots: bodySlots, properties: properties, h: h)
        }
    }

    /// Runs `stage` over every kind that has joints. An empty column is skipped: its loop does
    /// nothing, but opening its array of a generic element type looks up the array's type at run
    /// time, some 700 instructions a call, six kinds, four stages, every substep (3 % of
    /// pile-250, which has no joint). An empty store returns at once: even asking the columns
    /// their counts cost some 870 instructions a call (0.9 % of pile-250).
    mutating func run(_ stage: JointStage, _ context: StepContext) {
        if count == 0 { return }
        for k in columns.indices where columns[k].count > 0 {
            // See `JointKind.couplesBodies`.
            if stage == .relax && !context.isCoupled && !columns[k].couplesBodies { continue }
            columns[k].run(stage, context)
        }
    }

    mutating func solvePosition(_ context: StepContext) -> Bool {
        if count == 0 { return true }
        var solved = true
        for k in columns.indices where columns[k].count > 0 { solved = columns[k].solvePosition(context) && solved }
        return solved
    }

    // MARK: Anchor springs on their own

    /// Runs `body` over the anchor springs' column (the registry's first) opened as a buffer.
    mutating func withAnchorSprings<Result>(_ body: (UnsafeMutableBufferPointer<AnchorSpring>) -> Result) -> Result {
        guard var column = columns[0] as? JointColumn<AnchorSpring> else {
            preconditionFailure("anchor springs are the first kind in JointStore.columns")
        }
        // The store lets go of the column while `body` runs, so its array is not copied.
        columns[0] = JointColumn<AnchorSpring>()
        defer { columns[0] = column }
        return column.joints.withUnsafeMutableBufferPointer { body($0) }
    }

    /// After `prepare`: per body slot (`0..<bodyCount`), the index of the anchor spring holding
    /// that body, or −1 for none; empty when some body hangs on more than one anchor spring or
    /// a joint of another kind exists (the step of independent bodies runs anchor springs only).
    /// Springs on an anchored body (slot 0) move nothing and are left out.
    func anchorSpringBySlot(bodyCount: Int) -> [Int32] {
        guard let column = columns[0] as? JointColumn<AnchorSpring> else {
            preconditionFailure("anchor springs are the first kind in JointStore.columns")
        }
        if columns.dropFirst().contains(where: { $0.count > 0 }) { return [] }
        var bySlot = [Int32](repeating: -1, count: bodyCount)
        for (index, spring) in column.joints.enumerated() where spring.slot != 0 {
            if bySlot[spring.slot] != -1 { return [] }
            bySlot[spring.slot] = Int32(index)
        }
        return bySlot
    }

    /// After `prepare`, for `anchorSpringBySlot`'s answer: per body slot, how many slots from it
    /// on hang on point springs (`DistanceRow.pointSpring`), how many of those springs have its
    /// own spring's coefficients, bit for bit, and how many are consecutive in the column;
    /// empty when `springBySlot` is.
    func pointSpringRuns(_ springBySlot: [Int32]) -> [PointSpringRun] {
        guard let column = columns[0] as? JointColumn<AnchorSpring> else {
            preconditionFailure("anchor springs are the first kind in JointStore.columns")
        }
        if springBySlot.isEmpty { return [] }
        /// The coefficients of the slot's spring, if it is a point spring.
        func coefficients(_ slot: Int) -> TrapezoidalSpring? {
            let spring = Int(springBySlot[slot])
            guard spring >= 0, case .pointSpring(let row) = column.joints[spring].row else { return nil }
            return row
        }
        var runs = [PointSpringRun](repeating: PointSpringRun(), count: springBySlot.count + 1)
        var next: TrapezoidalSpring? = nil
        for slot in (0..<springBySlot.count).reversed() {
            let row = coefficients(slot)
            defer { next = row }
            guard let row else { continue }
            let after = runs[slot + 1]
            let same = next.map { $0.hasTheBits(of: row) } ?? false
            let inOrder = next != nil && springBySlot[slot + 1] == springBySlot[slot] + 1
            runs[slot] = PointSpringRun(
                pointSprings: after.pointSprings + 1, sharingCoefficients: same ? after.sharingCoefficients + 1 : 1,
                inOrder: inOrder ? after.inOrder + 1 : 1)
        }
        runs.removeLast()
        return runs
    }
}
