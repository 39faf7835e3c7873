/// Box2D 2.3's contact manager on the UIKit clock: proxies follow the world's colliding bodies
/// and boundaries, `collideUIKit` updates every contact's manifold (b2ContactManager::Collide),
/// `findNewUIKitContacts` turns the broadphase's new pairs into contacts (AddPair).
extension World {
    /// The body slot of a contact graph key (0, the ground, for boundaries).
    func uikitSlot(_ key: Int) -> Int { key == 0 ? 0 : slot(of: BodyID(rawValue: Int32(key - 1))) ?? 0 }

    /// Creates proxies for new boundaries, then for bodies that now collide with something (in
    /// slot order), and destroys those of boundaries and bodies that are gone or no longer collide.
    mutating func syncUIKitProxies() {
        var state = UIKitContactWorld()
        swap(&state, &uikitContacts)
        defer { swap(&state, &uikitContacts) }
        for k in state.boundaryProxies.indices.reversed()
        where !boundaries.contains(where: { $0.id == state.boundaryProxies[k].id }) {
            destroyUIKitProxy(state.boundaryProxies[k].proxy, &state)
            state.boundaryProxies.remove(at: k)
        }
        for boundary in boundaries where !state.boundaryProxies.contains(where: { $0.id == boundary.id }) {
            let shape = UIKitShape(edgeFrom: boundary.segment.a, to: boundary.segment.b)
            let proxy = state.broadPhase.createProxy(.boundary(boundary.id), shape: shape, box: shape.aabb(.identity))
            state.boundaryProxies.append((boundary.id, proxy))
        }
        for k in state.bodyOrder.indices.reversed() where slot(of: state.bodyOrder[k]) == nil {
            forgetUIKitBody(state.bodyOrder[k], &state)
        }
        for slot in 1..<states.count {
            let id = properties[slot].id
            let raw = Int(id.rawValue)
            if raw >= state.bodyProxies.count {
                state.bodyProxies.append(contentsOf: repeatElement(-2, count: raw + 1 - state.bodyProxies.count))
            }
            if state.bodyProxies[raw] == -2 {
                state.bodyOrder.append(id)
                state.bodyProxies[raw] = -1
            }
            let collides = properties[slot].itemGroups | properties[slot].boundaryGroups != 0
            let proxy = state.bodyProxies[raw]
            if collides && proxy < 0 {
                let shape = UIKitShape(Shape(properties[slot].definition.shape, size: properties[slot].definition.size))
                let xf = Transform(position: states[slot].position, rotation: states[slot].rotation)
                state.bodyProxies[raw] = state.broadPhase.createProxy(.body(id), shape: shape, box: shape.aabb(xf))
            } else if !collides && proxy >= 0 {
                destroyUIKitProxy(proxy, &state)
                state.bodyProxies[raw] = -1
            }
        }
    }

    /// Drops a removed body's proxy and contacts (World.destroyBody calls this).
    mutating func forgetUIKitBody(_ id: BodyID) {
        var state = UIKitContactWorld()
        swap(&state, &uikitContacts)
        forgetUIKitBody(id, &state)
        swap(&state, &uikitContacts)
    }

    private func forgetUIKitBody(_ id: BodyID, _ state: inout UIKitContactWorld) {
        let raw = Int(id.rawValue)
        guard raw < state.bodyProxies.count, state.bodyProxies[raw] != -2 else { return }
        if state.bodyProxies[raw] >= 0 { destroyUIKitProxy(state.bodyProxies[raw], &state) }
        state.bodyProxies[raw] = -2
        state.bodyOrder.removeAll { $0 == id }
    }

    /// Destroys a proxy and every contact it is part of (quietly, as Tether drops contacts).
    private func destroyUIKitProxy(_ proxy: Int, _ state: inout UIKitContactWorld) {
        let key = UIKitContactGraph.key(state.broadPhase[proxy].owner)
        var e = state.graph.firstEdge(of: key)
        while e >= 0 {
            let c = state.graph.contact(of: e)
            e = state.graph.nextEdge(e)
            if state.graph[c].proxyA == proxy || state.graph[c].proxyB == proxy { state.graph.remove(c) }
        }
        state.broadPhase.destroyProxy(proxy)
    }

    /// b2Body::ShouldCollide and the collision groups: at least one body moves, and some
    /// collision behavior holds both (a boundary: the body's behaviors include its group).
    private func uikitShouldCollide(_ proxyA: UIKitBroadPhase.Proxy, _ proxyB: UIKitBroadPhase.Proxy) -> Bool {
        let slotA = uikitSlot(UIKitContactGraph.key(proxyA.owner))
        let slotB = uikitSlot(UIKitContactGraph.key(proxyB.owner))
        if !properties[slotA].isMovable && !properties[slotB].isMovable { return false }
        switch (proxyA.owner, proxyB.owner) {
        case (.boundary(let id), .body), (.body, .boundary(let id)):
            guard let boundary = boundaries.first(where: { $0.id == id }) else { return false }
            let body = slotA == 0 ? slotB : slotA
            return properties[body].boundaryGroups & (UInt64(1) << UInt64(boundary.group)) != 0
        case (.body, .body):
            return properties[slotA].itemGroups & properties[slotB].itemGroups != 0
        case (.boundary, .boundary):
            return false
        }
    }

    /// b2ContactManager::Collide: every contact in list order is dropped when its bodies may no
    /// longer collide or its fat boxes no longer overlap, otherwise its manifold is updated.
    mutating func collideUIKit() {
        var c = uikitContacts.graph.head
        while c >= 0 {
            let next = uikitContacts.graph.after(c)
            let contact = uikitContacts.graph[c]
            let proxyA = uikitContacts.broadPhase[contact.proxyA], proxyB = uikitContacts.broadPhase[contact.proxyB]
            if !uikitShouldCollide(proxyA, proxyB)
                || !uikitContacts.broadPhase.fatBoxesOverlap(contact.proxyA, contact.proxyB)
            {
                destroyUIKitContact(c)
            } else {
                updateUIKitContact(c)
            }
            c = next
        }
    }

    /// b2ContactManager::Destroy: ends a touching contact (UIKit's "ended") and unlinks it.
    mutating func destroyUIKitContact(_ c: Int) {
        if uikitContacts.graph[c].isTouching { recordUIKitEvent(c, .ended, point: nil) }
        uikitContacts.graph.remove(c)
    }

    /// b2Contact::Update: the manifold at the bodies' current poses, last step's impulses carried
    /// over by feature id, touching while there are points, began/ended on changes.
    mutating func updateUIKitContact(_ c: Int) {
        var contact = uikitContacts.graph[c]
        contact.isEnabled = true
        let proxyA = uikitContacts.broadPhase[contact.proxyA], proxyB = uikitContacts.broadPhase[contact.proxyB]
        let slotA = uikitSlot(contact.bodyA), slotB = uikitSlot(contact.bodyB)
        let xfA = Transform(position: states[slotA].position, rotation: states[slotA].rotation)
        let xfB = Transform(position: states[slotB].position, rotation: states[slotB].rotation)
        var manifold: UIKitManifold
        switch (proxyA.shape.kind, proxyB.shape.kind) {
        case (.polygon, .polygon): manifold = uikitCollidePolygons(proxyA.shape, xfA, proxyB.shape, xfB)
        case (.polygon, .circle): manifold = uikitCollidePolygonAndCircle(proxyA.shape, xfA, proxyB.shape, xfB)
        case (.circle, .circle): manifold = uikitCollideCircles(proxyA.shape, xfA, proxyB.shape, xfB)
        case (.edge, .polygon): manifold = uikitCollideEdgeAndPolygon(proxyA.shape, proxyB.shape, xfB)
        case (.edge, .circle): manifold = uikitCollideEdgeAndCircle(proxyA.shape, proxyB.shape, xfB)
        default: manifold = UIKitManifold()
        }
        let old = contact.manifold
        for i in 0..<manifold.pointCount {
            for j in 0..<old.pointCount where old[j].id == manifold[i].id {
                manifold[i].normalImpulse = old[j].normalImpulse
                manifold[i].tangentImpulse = old[j].tangentImpulse
                break
            }
        }
        let wasTouching = contact.isTouching
        contact.manifold = manifold
        contact.isTouching = manifold.pointCount > 0
        let (frictionA, frictionB) = (properties[slotA].definition.friction, properties[slotB].definition.friction)
        let (elasticityA, elasticityB) = (properties[slotA].definition.elasticity, properties[slotB].definition.elasticity)
        // A boundary has no material of its own: it takes the item's.
        contact.friction = slotA == 0 ? frictionB : (frictionA * frictionB).squareRoot()
        contact.restitution = slotA == 0 ? elasticityB : max(elasticityA, elasticityB)
        uikitContacts.graph[c] = contact
        if contact.isTouching && !wasTouching {
            let world = manifold.world(xfA, radiusA: proxyA.shape.radius, xfB, radiusB: proxyB.shape.radius)
            let point = manifold.pointCount == 2 ? 0.5 * (world.points.0 + world.points.1) : world.points.0
            recordUIKitEvent(c, .began, point: point)
        } else if !contact.isTouching && wasTouching {
            recordUIKitEvent(c, .ended, point: nil)
        }
    }

    private mutating func recordUIKitEvent(_ c: Int, _ phase: ContactEvent.Phase, point: Vec2?) {
        let contact = uikitContacts.graph[c]
        let ownerA = uikitContacts.broadPhase[contact.proxyA].owner, ownerB = uikitContacts.broadPhase[contact.proxyB].owner
        let key: UInt64
        let partner: ContactPartner
        let body: BodyID
        switch (ownerA, ownerB) {
        case (.boundary(let boundary), .body(let id)), (.body(let id), .boundary(let boundary)):
            (key, partner, body) = (Contact.key(boundary, id), .boundary(boundary), id)
        case (.body(let a), .body(let b)):
            let (low, high) = a < b ? (a, b) : (b, a)
            (key, partner, body) = (Contact.key(low, high), .body(low), high)
        case (.boundary, .boundary):
            return
        }
        uikitContacts.events.append((key, ContactEvent(phase: phase, partner: partner, body: body, point: point)))
    }

    /// b2ContactManager::FindNewContacts: the broadphase's new pairs, in order, become contacts
    /// unless they are on one body, already exist, or may not collide.
    mutating func findNewUIKitContacts() {
        var pairs: [(Int, Int)] = []
        swap(&pairs, &uikitContacts.newPairs)
        defer { swap(&pairs, &uikitContacts.newPairs) }
        uikitContacts.broadPhase.takeNewPairs(into: &pairs)
        for (idA, idB) in pairs {
            var (pA, pB) = (idA, idB)
            let keyA = UIKitContactGraph.key(uikitContacts.broadPhase[pA].owner)
            let keyB = UIKitContactGraph.key(uikitContacts.broadPhase[pB].owner)
            if keyA == keyB { continue }
            if uikitContacts.graph.hasContact(pA, pB, bodyB: keyB) { continue }
            if !uikitShouldCollide(uikitContacts.broadPhase[pA], uikitContacts.broadPhase[pB]) { continue }
            // 2.3's contact factory: an edge before a polygon before a circle.
            func rank(_ p: Int) -> Int {
                switch uikitContacts.broadPhase[p].shape.kind {
                case .edge: return 0
                case .polygon: return 1
                case .circle: return 2
                }
            }
            if rank(pB) < rank(pA) { swap(&pA, &pB) }
            let contact = UIKitContact(
                proxyA: pA, proxyB: pB, bodyA: UIKitContactGraph.key(uikitContacts.broadPhase[pA].owner),
                bodyB: UIKitContactGraph.key(uikitContacts.broadPhase[pB].owner))
            _ = uikitContacts.graph.insert(contact)
        }
    }

    /// b2Body::SynchronizeFixtures: the proxy's box now covers the step's motion, from the
    /// sweep's start pose to the body's pose.
    mutating func synchronizeUIKitProxy(slot: Int) {
        let proxy = uikitContacts.proxy(of: properties[slot].id)
        if proxy < 0 { return }
        let shape = uikitContacts.broadPhase[proxy].shape
        let sweep = uikitContacts.sweeps[slot]
        let xf1 = Transform(position: sweep.c0, rotation: sweep.q0)
        let xf2 = Transform(position: states[slot].position, rotation: states[slot].rotation)
        uikitContacts.broadPhase.moveProxy(proxy, box: shape.aabb(xf1).union(shape.aabb(xf2)), displacement: xf2.position - xf1.position)
    }
}
