/// The contact rows of one step, arranged for solving: in graph-color order, with pairs of
/// same-color rows of one kind (`ContactConstraint.Pairing`) laid out lane by lane
/// (`ContactRowPair`) and every other row on its own (`ContactConstraint`). Rows of one color
/// are independent, so pairing and the order within a color change nothing; the overflow rows,
/// which may share bodies, stay one at a time in order.
///
/// While a step runs, a paired row's impulses live in its pair; `storeImpulses` hands them
/// back to the contacts to warm start the next step, or to the constraints for restitution.
/// The arrays are kept from step to step to reuse their storage.
struct ContactSolvePlan: Sendable {
    /// The rows of the step, in graph-color order (filled in place by `prepare`).
    private var constraints: [ContactConstraint] = []
    /// Solve order: an entry `k ≥ 0` is `pairs[k]`, an entry `k < 0` is constraint `~k`.
    private var entries: [Int32] = []
    private var pairs: [ContactRowPair] = []
    /// The rows each pair takes, collected before the pairs are laid out.
    private var pairedRows: [(Int, Int)] = []
    /// The rows that may still bounce, in constraint order (see `storeImpulses`).
    private var bouncing: [Int] = []

    /// Builds the step's rows from `contacts` (body slots, masses, rows for the substep length)
    /// in graph-color order (`ContactGraphColoring`), and arranges them: in pairs where it can
    /// when `pairsRows`, otherwise every row on its own.
    mutating func prepare(
        _ context: StepContext, contacts: [Contact], coloring: inout ContactGraphColoring, pairsRows: Bool
    ) {
        // Slots as this step's discovery found them.
        func slotPair(_ contact: Contact) -> (Int, Int) { (Int(contact.slotA), Int(contact.slotB)) }
        let properties = context.properties
        func movable(_ slot: Int) -> Int? { properties[slot].isMovable ? slot : nil }
        coloring.colorContacts(count: contacts.count, bodyCount: properties.count) { i in
            let (a, b) = slotPair(contacts[i])
            return (movable(a), movable(b))
        }
        // Rows are filled in place: the array only grows or shrinks to the contact count.
        if constraints.count > contacts.count {
            constraints.removeLast(constraints.count - contacts.count)
        } else {
            constraints.append(contentsOf: repeatElement(ContactConstraint(), count: contacts.count - constraints.count))
        }
        let order = coloring.order
        let colorStarts = coloring.colorStarts
        let softnesses = ContactSoftness(h: context.h)
        withConstraints { plan, constraints in
            if !contacts.isEmpty {
                contacts.withUnsafeBufferPointer { contacts in
                    for k in contacts.indices {
                        let index = Int(order[k])
                        let (a, b) = slotPair(contacts[index])
                        constraints[k].prepare(
                            contacts, index: index, slotA: a, slotB: b, context.bodies, properties, softnesses: softnesses)
                    }
                }
            }
            plan.build(constraints, colorStarts: colorStarts, pairsRows: pairsRows)
        }
    }

    private mutating func build(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, colorStarts: [Int], pairsRows: Bool
    ) {
        entries.removeAll(keepingCapacity: true)
        pairedRows.removeAll(keepingCapacity: true)
        let overflow = colorStarts.count - 2
        for color in 0..<overflow {
            // A row of each pairable kind waiting for a partner.
            var waitingTwoPoints = -1
            var waitingOnePoint = -1
            for c in colorStarts[color]..<colorStarts[color + 1] {
                switch pairsRows ? constraints[c].pairing : .alone {
                case .alone:
                    entries.append(~Int32(c))
                case .twoPoints:
                    pair(c, with: &waitingTwoPoints)
                case .onePoint:
                    pair(c, with: &waitingOnePoint)
                }
            }
            if waitingTwoPoints >= 0 { entries.append(~Int32(waitingTwoPoints)) }
            if waitingOnePoint >= 0 { entries.append(~Int32(waitingOnePoint)) }
        }
        for c in colorStarts[overflow]..<colorStarts[overflow + 1] { entries.append(~Int32(c)) }
        layOutPairs(constraints)
    }

    /// Row `c` waits for a partner of its kind, or pairs with the one waiting.
    private mutating func pair(_ c: Int, with waiting: inout Int) {
        if waiting < 0 {
            waiting = c
        } else {
            entries.append(Int32(pairedRows.count))
            pairedRows.append((waiting, c))
            waiting = -1
        }
    }

    /// Builds `pairs` from `pairedRows`, each in place in the array's storage (see
    /// `ContactRowPair.lay`).
    private mutating func layOutPairs(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
        let rows = pairedRows
        let count = rows.count
        if pairs.count < count {
            // More pairs than any step before: fresh storage, laid out as it is filled.
            pairs = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                for k in 0..<count { ContactRowPair.lay(buffer.baseAddress! + k, rows: rows[k], constraints) }
                initialized = count
            }
            return
        }
        pairs.removeLast(pairs.count - count)
        pairs.withUnsafeMutableBufferPointer { pairs in
            for k in 0..<count { ContactRowPair.lay(pairs.baseAddress! + k, rows: rows[k], constraints) }
        }
    }

    /// Applies every row's accumulated impulses (warm starting).
    mutating func warmStart(_ context: StepContext) {
        withConstraints { $0.warmStart($1, context.bodies) }
    }

    private mutating func warmStart(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ bodies: UnsafeMutableBufferPointer<BodyState>
    ) {
        pairs.withUnsafeMutableBufferPointer { pairs in
            for entry in entries {
                if entry >= 0 {
                    pairs[Int(entry)].warmStart(bodies)
                } else {
                    constraints[Int(~entry)].warmStart(bodies)
                }
            }
        }
    }

    /// One pass over every row with bias (soft rows), before positions move.
    mutating func solve(_ context: StepContext) {
        withConstraints { $0.solvePass($1, context.bodies, inverseH: context.inverseH, useBias: true) }
    }

    /// One pass over every row after positions moved: rigid, without bias. (Each pass gets its
    /// own copy of the loop with `useBias` constant, so the relax pass carries none of the
    /// soft-row work.)
    mutating func relax(_ context: StepContext) {
        withConstraints { $0.solvePass($1, context.bodies, inverseH: context.inverseH, useBias: false) }
    }

    /// Runs `body` on the plan and its constraints opened as a buffer (taken out of the plan
    /// for the while, so the two can be changed together).
    @inline(__always)
    private mutating func withConstraints(
        _ body: (inout ContactSolvePlan, UnsafeMutableBufferPointer<ContactConstraint>) -> Void
    ) {
        var constraints: [ContactConstraint] = []
        swap(&constraints, &self.constraints)
        defer { swap(&constraints, &self.constraints) }
        constraints.withUnsafeMutableBufferPointer { body(&self, $0) }
    }

    @inline(__always)
    private mutating func solvePass(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, _ bodies: UnsafeMutableBufferPointer<BodyState>,
        inverseH: Double, useBias: Bool
    ) {
        pairs.withUnsafeMutableBufferPointer { pairs in
            for entry in entries {
                if entry >= 0 {
                    let k = Int(entry)
                    if !pairs[k].solve(bodies, inverseH: inverseH, useBias: useBias) {
                        // A lane's block problem had no solution: both rows one at a time.
                        pairs[k].store(into: constraints)
                        constraints[pairs[k].rows.0].solve(bodies, inverseH: inverseH, useBias: useBias)
                        constraints[pairs[k].rows.1].solve(bodies, inverseH: inverseH, useBias: useBias)
                        pairs[k].load(from: constraints)
                    }
                } else {
                    constraints[Int(~entry)].solve(bodies, inverseH: inverseH, useBias: useBias)
                }
            }
        }
    }

    /// Ends the step's solve. Every row's impulses go straight to its contact, to warm start the
    /// next step, except for rows that may still bounce (`ContactConstraint.mayBounce`): their
    /// impulses go back to their constraints for `applyRestitution`, which stores them after.
    mutating func storeImpulses(into contacts: inout [Contact]) {
        bouncing.removeAll(keepingCapacity: true)
        withConstraints { plan, constraints in
            contacts.withUnsafeMutableBufferPointer { plan.store(constraints, into: $0) }
        }
        bouncing.sort()
    }

    private mutating func store(
        _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, into contacts: UnsafeMutableBufferPointer<Contact>
    ) {
        pairs.withUnsafeBufferPointer { pairs in
            for entry in entries {
                guard entry >= 0 else {
                    let row = Int(~entry)
                    if constraints[row].mayBounce {
                        bouncing.append(row)
                    } else {
                        let contact = constraints[row].contactIndex
                        contacts[contact].impulse0 = constraints[row].impulse0
                        contacts[contact].impulse1 = constraints[row].impulse1
                    }
                    continue
                }
                let pair = pairs.baseAddress! + Int(entry)
                for lane in 0..<2 {
                    let row = lane == 0 ? pair.pointee.rows.0 : pair.pointee.rows.1
                    if constraints[row].mayBounce {
                        pair.pointee.point0.store(lane, into: &constraints[row].point0)
                        if pair.pointee.twoPoints { pair.pointee.point1.store(lane, into: &constraints[row].point1) }
                        bouncing.append(row)
                    } else {
                        let contact = constraints[row].contactIndex
                        contacts[contact].impulse0 = pair.pointee.point0.impulse(lane)
                        contacts[contact].impulse1 = pair.pointee.twoPoints ? pair.pointee.point1.impulse(lane) : AccumulatedImpulse()
                    }
                }
            }
        }
    }

    /// After the substeps: the rows that may bounce, bounce (in constraint order), and their
    /// impulses go to their contacts.
    mutating func applyRestitution(_ context: StepContext, contacts: inout [Contact]) {
        let bodies = context.bodies
        for c in bouncing {
            constraints[c].applyRestitution(bodies)
            contacts[constraints[c].contactIndex].impulse0 = constraints[c].impulse0
            contacts[constraints[c].contactIndex].impulse1 = constraints[c].impulse1
        }
    }
}
