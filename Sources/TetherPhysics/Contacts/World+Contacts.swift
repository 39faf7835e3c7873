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
    public var contactCount: Int { contacts.count }

    // MARK: Contact discovery

    /// Finds the contacts for the coming step: a sort-and-sweep broadphase over every body that
    /// collides with anything, collision-group filtering, narrow-phase manifolds with a
    /// speculative margin that grows with the approach speed (so a fast item meets a thin
    /// boundary instead of passing it between two steps), and warm-start impulses carried over
    /// by key and feature id. Records UIKit's began/ended events in `contactEvents`.
    mutating func updateContacts(timeStep dt: Double) {
        contactEvents.removeAll(keepingCapacity: true)
        if contacts.isEmpty && collidingBodyCount == 0 { return }
        let slop = CollisionConstants.speculativeDistance

        // Bodies that collide with something, their shapes and swept bounding boxes.
        var owners: [Int] = []
        var boxes: [AABB] = []
        var motion: [Double] = []
        for slot in 1..<states.count {
            let p = properties[slot]
            if p.itemGroups == 0 && p.boundaryGroups == 0 { continue }
            let s = states[slot]
            let d = p.definition
            let extent = 0.5 * (d.size.x * d.size.x + d.size.y * d.size.y).squareRoot()
            let travel = (s.velocity.length + abs(s.angularVelocity) * extent) * dt
            owners.append(slot)
            motion.append(travel)
            boxes.append(AABB.of(Shape(d.shape, size: d.size), Transform(position: s.position, rotation: s.rotation), margin: slop + travel))
        }

        struct Candidate {
            var key: UInt64
            var slotA: Int
            var slotB: Int
            var boundary: Int?
            var margin: Double
        }
        var candidates: [Candidate] = []
        for (i, j) in BroadPhase.pairs(boxes) {
            let (si, sj) = (owners[i], owners[j])
            let (pi, pj) = (properties[si], properties[sj])
            if pi.itemGroups & pj.itemGroups == 0 { continue }
            if pi.inverseMass == 0 && pj.inverseMass == 0 { continue }
            let (a, b) = pi.id < pj.id ? (si, sj) : (sj, si)
            candidates.append(
                Candidate(key: Contact.key(properties[a].id, properties[b].id), slotA: a, slotB: b, boundary: nil, margin: slop + motion[i] + motion[j]))
        }
        if !boundaries.isEmpty {
            let segmentBoxes = boundaries.map { AABB.of($0.segment) }
            for (i, k) in BroadPhase.pairs(boxes, against: segmentBoxes) {
                let slot = owners[i]
                let p = properties[slot]
                if p.inverseMass == 0 || p.boundaryGroups & (UInt64(1) << UInt64(boundaries[k].group)) == 0 { continue }
                candidates.append(
                    Candidate(key: Contact.key(boundaries[k].id, p.id), slotA: 0, slotB: slot, boundary: k, margin: slop + motion[i]))
            }
        }
        candidates.sort { $0.key < $1.key }

        // Merge with last step's contacts (both sorted by key) to carry impulses and find events.
        var updated: [Contact] = []
        updated.reserveCapacity(candidates.count)
        var old = 0
        for candidate in candidates {
            while old < contacts.count && contacts[old].key < candidate.key {
                endContact(contacts[old])
                old += 1
            }
            let previous: Contact? = old < contacts.count && contacts[old].key == candidate.key ? contacts[old] : nil
            if previous != nil { old += 1 }
            if var contact = makeContact(candidate.slotA, candidate.slotB, boundary: candidate.boundary, key: candidate.key, margin: candidate.margin) {
                if let previous { contact.inheritImpulses(from: previous) }
                contact.touching = contact.minimumSeparation <= ContactConstants.touchingDistance
                if contact.touching && !(previous?.touching ?? false) {
                    contactEvents.append(
                        ContactEvent(phase: .began, partner: contact.partnerA, body: contact.bodyB, point: contact.contactPoint))
                } else if !contact.touching, let previous, previous.touching {
                    endContact(previous)
                }
                updated.append(contact)
            } else if let previous {
                endContact(previous)
            }
        }
        while old < contacts.count {
            endContact(contacts[old])
            old += 1
        }
        contacts = updated
    }

    private mutating func endContact(_ contact: Contact) {
        if contact.touching {
            contactEvents.append(ContactEvent(phase: .ended, partner: contact.partnerA, body: contact.bodyB, point: nil))
        }
    }

    private func makeContact(_ slotA: Int, _ slotB: Int, boundary: Int?, key: UInt64, margin: Double) -> Contact? {
        let b = properties[slotB]
        let shapeB = Shape(b.definition.shape, size: b.definition.size)
        let xfB = Transform(position: states[slotB].position, rotation: states[slotB].rotation)
        let manifold: ContactManifold
        let friction: Double
        let restitution: Double
        if let boundary {
            manifold = collide(boundaries[boundary].segment, shapeB, xfB, speculativeDistance: margin)
            // A boundary has no material of its own: it takes the item's.
            friction = b.definition.friction
            restitution = b.definition.elasticity
        } else {
            let a = properties[slotA]
            let xfA = Transform(position: states[slotA].position, rotation: states[slotA].rotation)
            manifold = collide(Shape(a.definition.shape, size: a.definition.size), xfA, shapeB, xfB, speculativeDistance: margin)
            friction = (a.definition.friction * b.definition.friction).squareRoot()
            restitution = max(a.definition.elasticity, b.definition.elasticity)
        }
        guard manifold.pointCount > 0 else { return nil }
        return Contact(
            key: key, bodyA: boundary == nil ? properties[slotA].id : nil,
            boundary: boundary.map { boundaries[$0].id }, bodyB: b.id, manifold: manifold,
            friction: friction, restitution: restitution)
    }
}

extension Contact {
    var partnerA: ContactPartner {
        if let bodyA { return .body(bodyA) }
        return .boundary(boundary!)
    }

    var minimumSeparation: Double {
        var result = Double.infinity
        for i in 0..<manifold.pointCount { result = min(result, manifold[i].separation) }
        return result
    }

    /// Where the contact is, for `began` events: the point, or the middle of two.
    var contactPoint: Vec2 {
        manifold.pointCount == 2 ? 0.5 * (manifold[0].point + manifold[1].point) : manifold[0].point
    }

    /// Warm starting: points that touch with the same features keep last step's impulses.
    mutating func inheritImpulses(from previous: Contact) {
        func carry(_ state: inout ContactPointState, id: UInt32) {
            let count = previous.manifold.pointCount
            if count > 0 && previous.point0.id == id {
                state.normalImpulse = previous.point0.normalImpulse
                state.tangentImpulse = previous.point0.tangentImpulse
            } else if count > 1 && previous.point1.id == id {
                state.normalImpulse = previous.point1.normalImpulse
                state.tangentImpulse = previous.point1.tangentImpulse
            }
        }
        if manifold.pointCount > 0 { carry(&point0, id: manifold[0].id) }
        if manifold.pointCount > 1 { carry(&point1, id: manifold[1].id) }
    }
}
