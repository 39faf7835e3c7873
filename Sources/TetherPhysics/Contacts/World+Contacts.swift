/// Collision boundaries, contact discovery and contact events.
extension World {
    // MARK: Boundaries

    /// Adds a fixed line segment that bodies with bit `group` in their boundary groups touch.
    @discardableResult
    public mutating func createBoundary(from a: Vec2, to b: Vec2, group: Int) -> BoundaryID {
        precondition((0..<64).contains(group), "collision groups are 0…63")
        let id = BoundaryID(rawValue: nextBoundaryID)
        nextBoundaryID += 1
        boundaries.append(BoundarySegment(id: id, segment: SegmentShape(a: a, b: b), group: group))
        wake()
        return id
    }

    public mutating func destroyBoundary(_ id: BoundaryID) {
        boundaries.removeAll { $0.id == id }
        contacts.removeAll { $0.boundary == id }
        wake()
    }

    /// Removes every boundary of a group (when its collision behavior goes away).
    public mutating func destroyBoundaries(inGroup group: Int) {
        let removed = boundaries.filter { $0.group == group }.map(\.id)
        for id in removed { destroyBoundary(id) }
    }

    public var boundaryCount: Int { boundaries.count }

    /// The number of contacts with at least one point (touching or about to).
    public var contactCount: Int { solverKind == .uikit ? uikitContacts.graph.count : contacts.count }

    /// The number of manifold points over every contact (each is one normal and one friction row).
    public var contactPointCount: Int {
        if solverKind == .uikit { return uikitContacts.pointCount }
        var sum = 0
        for contact in contacts { sum += contact.manifold.pointCount }
        return sum
    }

    // MARK: Contact discovery

    /// Finds the contacts for the coming step: a sort-and-sweep broadphase over every body that
    /// collides with anything, collision-group filtering, narrow-phase manifolds with a
    /// speculative margin that grows with the pair's speeds (so a fast item meets a thin
    /// boundary or another item instead of passing it between two steps), and warm-start impulses carried over
    /// by key and feature id. Records UIKit's began/ended events in `contactEvents`.
    mutating func updateContacts(timeStep dt: Double) {
        contactEvents.removeAll(keepingCapacity: true)
        if contacts.isEmpty && collidingBodyCount == 0 { return }
        var scratch = ContactDiscovery()
        swap(&scratch, &discovery)
        defer { swap(&scratch, &discovery) }
        findCandidates(&scratch, timeStep: dt)

        // The narrow phase, in key order: a contact for every candidate that has points, merged
        // with last step's contacts to carry impulses and find events.
        var events: [ContactEvent] = []
        swap(&events, &contactEvents)
        narrowPhase(&scratch, events: &events)
        swap(&events, &contactEvents)
        swap(&contacts, &scratch.contacts)
    }

    /// The first index of `contacts` (sorted by key) whose key is at least `key`.
    private static func firstIndex(in contacts: UnsafeBufferPointer<Contact>, atLeast key: UInt64) -> Int {
        var (low, high) = (0, contacts.count)
        while low < high {
            let middle = (low + high) / 2
            if contacts[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The broadphase and the filters: every pair that may touch in the coming step, in key
    /// order, with its speculative margin.
    ///
    /// Each body's broadphase box is swept: its bounds now and where its velocity takes them by
    /// the end of the step, grown by half the speculative distance and by how far its corners
    /// can turn. Two bodies whose boxes do not overlap cannot meet within the step, whichever
    /// of them slows down or stops on the way, so they get no contact: bodies falling side by
    /// side keep contacts only with the neighbours on their paths. A pair that may meet keeps
    /// points within the speculative distance plus both bodies' travel, not their relative
    /// travel: a body falling behind another that stops within the step (on the floor, on the
    /// pile) must still be stopped in that step, not sink into it.
    private func findCandidates(_ scratch: inout ContactDiscovery, timeStep dt: Double) {
        let slop = CollisionConstants.speculativeDistance
        gatherColliders(&scratch, timeStep: dt)
        scratch.findPairs()
        scratch.boundaryCandidates.removeAll(keepingCapacity: true)
        if !boundaries.isEmpty {
            scratch.findBoundaryPairs(boundaries.map { AABB.of($0.segment, margin: 0.5 * slop) })
            for pair in scratch.boundaryPairKeys {
                let (i, k) = (Int(pair >> 32), Int(pair & 0xFFFF_FFFF))
                let collider = scratch.colliders[i]
                if collider.isFixed || collider.boundaryGroups & (UInt64(1) << UInt64(boundaries[k].group)) == 0 {
                    continue
                }
                scratch.boundaryCandidates.append(ContactDiscovery.Candidate(
                    key: Contact.key(boundaries[k].id, collider.id), margin: slop + collider.reach + collider.turn,
                    colliderA: -1, colliderB: Int32(i), boundary: Int32(k)))
            }
        }
        scratch.collectCandidates(slop: slop)
    }

    /// Fills `scratch.colliders` and `scratch.boxes` with every body that collides with
    /// something, in slot order: its shape, placement, material and motion over the step, and
    /// its swept broadphase box. Written through raw storage (this runs for every body).
    private func gatherColliders(_ scratch: inout ContactDiscovery, timeStep dt: Double) {
        let slop = CollisionConstants.speculativeDistance
        let capacity = states.count - 1
        scratch.colliders.grow(toAtLeast: capacity, with: .unused)
        scratch.boxes.grow(toAtLeast: capacity, with: AABB(lower: .zero, upper: .zero))
        let count = states.withUnsafeBufferPointer { states in
            properties.withUnsafeBufferPointer { properties in
                scratch.colliders.withUnsafeMutableBufferPointer { colliders in
                    scratch.boxes.withUnsafeMutableBufferPointer { boxes in
                        var count = 0
                        for slot in 1..<states.count {
                            let body = properties.baseAddress! + slot
                            if body.pointee.itemGroups == 0 && body.pointee.boundaryGroups == 0 { continue }
                            let s = states.baseAddress! + slot
                            let size = body.pointee.definition.size
                            let extent = 0.5 * (size.x * size.x + size.y * size.y).squareRoot()
                            let travel = dt * s.pointee.velocity
                            let turn = abs(s.pointee.angularVelocity) * extent * dt
                            let shape = Shape(body.pointee.definition.shape, size: size)
                            let transform = Transform(position: s.pointee.position, rotation: s.pointee.rotation)
                            let bounds = AABB.of(shape, transform)
                            colliders[count] = ContactDiscovery.Collider(
                                bounds: bounds, reach: travel.length, turn: turn, itemGroups: body.pointee.itemGroups,
                                id: body.pointee.id, isFixed: body.pointee.inverseMass == 0, slot: Int32(slot),
                                boundaryGroups: body.pointee.boundaryGroups, shape: shape, transform: transform,
                                friction: body.pointee.definition.friction, elasticity: body.pointee.definition.elasticity)
                            boxes[count] = bounds.swept(by: travel).fattened(by: 0.5 * slop + turn)
                            count += 1
                        }
                        return count
                    }
                }
            }
        }
        scratch.colliders.truncate(to: count)
        scratch.boxes.truncate(to: count)
    }

    /// Replaces `scratch.contacts` with a contact for every candidate that has points, in candidate
    /// order, merged with last step's contacts a block at a time as they are written
    /// (`ContactMerge`; its events go to `events`). Contacts are written in place into storage
    /// sized for every candidate (a contact is a few hundred bytes: building and appending one
    /// copies it twice). With several workers each chunk of candidates writes into its own part of
    /// that storage and merges it with the last step's contacts of its span of keys (from its first
    /// candidate's key to the next chunk's), and the parts and their events are then closed up in
    /// chunk order, which is the order one thread makes them in.
    private func narrowPhase(_ scratch: inout ContactDiscovery, events: inout [ContactEvent]) {
        let count = scratch.candidates.count
        scratch.contacts.grow(toAtLeast: count, with: .unused)
        let chunks = workers.chunkCount(count, minimum: workers.minimumStageChunk)
        let made = contacts.withUnsafeBufferPointer { previous in
            scratch.candidates.withUnsafeBufferPointer { candidates in
                scratch.colliders.withUnsafeBufferPointer { colliders in
                    scratch.contacts.withUnsafeMutableBufferPointer { contacts in
                        let out = contacts.baseAddress!
                        if chunks == 1 {
                            // The events' array moves into the merge and back, keeping its storage.
                            var merge = ContactMerge(previous: previous, events: events)
                            events = []
                            let made = makeContacts(candidates, 0..<count, colliders, into: out, merging: &merge)
                            merge.finish()
                            events = merge.events
                            return made
                        }
                        // The span of last step's contacts a chunk of candidates merges with.
                        func previousSpan(_ chunk: Range<Int>) -> UnsafeBufferPointer<Contact> {
                            let lower = chunk.lowerBound == 0 ? 0 : Self.firstIndex(in: previous, atLeast: candidates[chunk.lowerBound].key)
                            let upper = chunk.upperBound == count ? previous.count : Self.firstIndex(in: previous, atLeast: candidates[chunk.upperBound].key)
                            return UnsafeBufferPointer(rebasing: previous[lower..<upper])
                        }
                        let made = workers.reduceChunks(count: count, minimum: workers.minimumStageChunk) { chunk in
                            var merge = ContactMerge(previous: previousSpan(chunk))
                            let made = makeContacts(
                                candidates, chunk, colliders, into: out + chunk.lowerBound, merging: &merge)
                            merge.finish()
                            return [(made, merge.events)]
                        } combine: { $0 + $1 }
                        var end = made[0].0
                        events.append(contentsOf: made[0].1)
                        for chunk in 1..<chunks {
                            let start = StepWorkers.range(ofChunk: chunk, of: chunks, count: count).lowerBound
                            for k in 0..<made[chunk].0 { out[end + k] = out[start + k] }
                            end += made[chunk].0
                            events.append(contentsOf: made[chunk].1)
                        }
                        return end
                    }
                }
            }
        }
        scratch.contacts.truncate(to: made)
    }

    /// How many candidates the narrow phase collides before merging their contacts: the
    /// contacts of a block (at most 248 bytes each) are still in the first-level cache.
    private static let mergeBlock = 32

    /// The narrow phase for `candidates[range]`: writes a contact for every candidate that has
    /// points to `out`, `out + 1`, …, merges them with last step's a block of candidates at a
    /// time, and returns how many.
    private func makeContacts(
        _ candidates: UnsafeBufferPointer<ContactDiscovery.Candidate>, _ range: Range<Int>,
        _ colliders: UnsafeBufferPointer<ContactDiscovery.Collider>, into out: UnsafeMutablePointer<Contact>,
        merging merge: inout ContactMerge
    ) -> Int {
        var made = 0
        for block in stride(from: range.lowerBound, to: range.upperBound, by: Self.mergeBlock) {
            let blockEnd = min(block + Self.mergeBlock, range.upperBound)
            let count = makeContacts(candidates, block..<blockEnd, colliders, into: out + made)
            merge.add(out + made, count: count)
            made += count
        }
        return made
    }

    /// The narrow phase for `candidates[range]`: writes a contact for every candidate that has
    /// points to `out`, `out + 1`, …, and returns how many.
    private func makeContacts(
        _ candidates: UnsafeBufferPointer<ContactDiscovery.Candidate>, _ range: Range<Int>,
        _ colliders: UnsafeBufferPointer<ContactDiscovery.Collider>, into out: UnsafeMutablePointer<Contact>
    ) -> Int {
        var made = 0
        for i in range where makeContact(candidates[i], colliders, into: out + made) { made += 1 }
        return made
    }

    /// Runs the narrow phase for a candidate and writes its contact to `contact` when it has
    /// points; returns whether it has.
    ///
    /// Box pairs, nearly every pair of a pile, are collided here; boundary pairs and pairs with a
    /// circle in functions of their own, so that the loop holds only the box–box routine.
    @inline(__always)
    private func makeContact(
        _ candidate: ContactDiscovery.Candidate, _ colliders: UnsafeBufferPointer<ContactDiscovery.Collider>,
        into contact: UnsafeMutablePointer<Contact>
    ) -> Bool {
        let b = colliders.baseAddress! + Int(candidate.colliderB)
        if candidate.boundary >= 0 { return makeBoundaryContact(candidate, b, into: contact) }
        let a = colliders.baseAddress! + Int(candidate.colliderA)
        let manifold: ContactManifold
        if case .box(let boxA) = a.pointee.shape, case .box(let boxB) = b.pointee.shape {
            manifold = collideBoxes(
                boxA, a.pointee.transform, boxB, b.pointee.transform, speculativeDistance: candidate.margin)
        } else {
            manifold = collideShapes(a, b, speculativeDistance: candidate.margin)
        }
        guard manifold.pointCount > 0 else { return false }
        // The larger elasticity, as `max` picks it (written out: in this large function the
        // optimizer called the generic `max` out of line, once per contact).
        let (elasticityA, elasticityB) = (a.pointee.elasticity, b.pointee.elasticity)
        contact.pointee = Contact(
            key: candidate.key, bodyA: a.pointee.id, boundary: nil, bodyB: b.pointee.id, manifold: manifold,
            friction: (a.pointee.friction * b.pointee.friction).squareRoot(),
            restitution: elasticityB >= elasticityA ? elasticityB : elasticityA, slotA: a.pointee.slot,
            slotB: b.pointee.slot)
        return true
    }

    /// `collide` for two colliders, out of line (see `makeContact`).
    @inline(never)
    private func collideShapes(
        _ a: UnsafePointer<ContactDiscovery.Collider>, _ b: UnsafePointer<ContactDiscovery.Collider>,
        speculativeDistance: Double
    ) -> ContactManifold {
        collide(a.pointee.shape, a.pointee.transform, b.pointee.shape, b.pointee.transform, speculativeDistance: speculativeDistance)
    }

    /// `makeContact` for a body–boundary candidate.
    @inline(never)
    private func makeBoundaryContact(
        _ candidate: ContactDiscovery.Candidate, _ b: UnsafePointer<ContactDiscovery.Collider>,
        into contact: UnsafeMutablePointer<Contact>
    ) -> Bool {
        let boundary = Int(candidate.boundary)
        let manifold = collide(
            boundaries[boundary].segment, b.pointee.shape, b.pointee.transform, speculativeDistance: candidate.margin)
        guard manifold.pointCount > 0 else { return false }
        // A boundary has no material of its own: it takes the item's.
        contact.pointee = Contact(
            key: candidate.key, bodyA: nil, boundary: boundaries[boundary].id, bodyB: b.pointee.id, manifold: manifold,
            friction: b.pointee.friction, restitution: b.pointee.elasticity, slotA: 0, slotB: b.pointee.slot)
        return true
    }
}

extension Contact {
    var partnerA: ContactPartner {
        if let bodyA { return .body(bodyA) }
        return .boundary(boundary!)
    }

    var minimumSeparation: Double {
        let count = manifold.count
        var result = Double.infinity
        if count > 0 { result = min(result, manifold.point0.separation) }
        if count > 1 { result = min(result, manifold.point1.separation) }
        return result
    }

    /// Where the contact is, for `began` events: the point, or the middle of two.
    var contactPoint: Vec2 {
        manifold.pointCount == 2 ? 0.5 * (manifold[0].point + manifold[1].point) : manifold[0].point
    }

    /// Warm starting: points that touch with the same features keep last step's impulses.
    @inline(__always)
    mutating func inheritImpulses(from previous: UnsafePointer<Contact>) {
        func carried(id: UInt32) -> AccumulatedImpulse {
            let count = previous.pointee.manifold.count
            if count > 0 && previous.pointee.manifold.point0.id == id { return previous.pointee.impulse0 }
            if count > 1 && previous.pointee.manifold.point1.id == id { return previous.pointee.impulse1 }
            return AccumulatedImpulse()
        }
        if manifold.pointCount > 0 { impulse0 = carried(id: manifold.point0.id) }
        if manifold.pointCount > 1 { impulse1 = carried(id: manifold.point1.id) }
    }
}
