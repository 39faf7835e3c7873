/// Box2D 2.3's continuous collision (b2World::SolveTOI, b2Island::SolveTOI) on the UIKit clock:
/// after the step, the earliest time of impact between a moving body and an immovable one (2.3
/// does it for static partners only, not between two moving bodies) moves both back to that
/// moment; a small island of that pair and the contacts of each with other immovable bodies is
/// pushed apart (up to 20 position iterations with b2_toiBaugarte), gets 8 velocity iterations
/// without warm starting, and moves on for the rest of the step. Repeated until no impact is
/// left (each contact at most b2_maxSubSteps + 1 times per step).
extension World {
    mutating func solveUIKitTOI(h: Double) {
        var c = uikitContacts.graph.head
        while c >= 0 {
            uikitContacts.graph[c].hasTOI = false
            uikitContacts.graph[c].inIsland = false
            uikitContacts.graph[c].toiCount = 0
            uikitContacts.graph[c].toi = 1
            c = uikitContacts.graph.after(c)
        }
        var inIsland = Array(repeating: false, count: states.count)
        while true {
            // The earliest impact.
            var minContact = -1
            var minAlpha = 1.0
            var c = uikitContacts.graph.head
            while c >= 0 {
                defer { c = uikitContacts.graph.after(c) }
                let contact = uikitContacts.graph[c]
                if !contact.isEnabled || contact.toiCount > UIKitConstants.maxSubSteps { continue }
                var alpha = 1.0
                if contact.hasTOI {
                    alpha = contact.toi
                } else {
                    let slotA = uikitSlot(contact.bodyA), slotB = uikitSlot(contact.bodyB)
                    let movesA = properties[slotA].isMovable, movesB = properties[slotB].isMovable
                    if !movesA && !movesB { continue }
                    // Only a moving body against an immovable one (no bullets on the UIKit clock).
                    if movesA && movesB { continue }
                    var alpha0 = uikitContacts.sweeps[slotA].alpha0
                    if uikitContacts.sweeps[slotA].alpha0 < uikitContacts.sweeps[slotB].alpha0 {
                        alpha0 = uikitContacts.sweeps[slotB].alpha0
                        uikitContacts.sweeps[slotA].advance(to: alpha0)
                    } else if uikitContacts.sweeps[slotB].alpha0 < uikitContacts.sweeps[slotA].alpha0 {
                        alpha0 = uikitContacts.sweeps[slotA].alpha0
                        uikitContacts.sweeps[slotB].advance(to: alpha0)
                    }
                    let output = uikitTimeOfImpact(
                        uikitContacts.broadPhase[contact.proxyA].shape, uikitContacts.sweeps[slotA],
                        uikitContacts.broadPhase[contact.proxyB].shape, uikitContacts.sweeps[slotB])
                    alpha = output.state == .touching ? min(alpha0 + (1 - alpha0) * output.t, 1) : 1
                    uikitContacts.graph[c].toi = alpha
                    uikitContacts.graph[c].hasTOI = true
                }
                if alpha < minAlpha {
                    minContact = c
                    minAlpha = alpha
                }
            }
            if minContact < 0 || 1 - 10 * UIKitConstants.epsilon < minAlpha { break }

            // Both bodies back to the impact; the contact's points there.
            let contact = uikitContacts.graph[minContact]
            let slotA = uikitSlot(contact.bodyA), slotB = uikitSlot(contact.bodyB)
            let backupA = uikitContacts.sweeps[slotA], backupB = uikitContacts.sweeps[slotB]
            advanceUIKitBody(slotA, to: minAlpha)
            advanceUIKitBody(slotB, to: minAlpha)
            updateUIKitContact(minContact)
            uikitContacts.graph[minContact].hasTOI = false
            uikitContacts.graph[minContact].toiCount += 1
            if !uikitContacts.graph[minContact].isEnabled || !uikitContacts.graph[minContact].isTouching {
                uikitContacts.graph[minContact].isEnabled = false
                restoreUIKitBody(slotA, backupA)
                restoreUIKitBody(slotB, backupB)
                continue
            }

            // The TOI island: the pair, and each moving body's touching contacts with immovable bodies.
            var islandBodies = [slotA, slotB]
            var islandContacts = [minContact]
            inIsland[slotA] = true
            inIsland[slotB] = true
            uikitContacts.graph[minContact].inIsland = true
            for (slot, key) in [(slotA, contact.bodyA), (slotB, contact.bodyB)] where properties[slot].isMovable {
                var e = uikitContacts.graph.firstEdge(of: key)
                while e >= 0 {
                    defer { e = uikitContacts.graph.nextEdge(e) }
                    if islandBodies.count == 2 * UIKitConstants.maxTOIContacts { break }
                    if islandContacts.count == UIKitConstants.maxTOIContacts { break }
                    let other = uikitContacts.graph.contact(of: e)
                    if uikitContacts.graph[other].inIsland { continue }
                    let otherSlot = uikitSlot(uikitContacts.graph.other(of: e))
                    if properties[otherSlot].isMovable { continue }
                    let backup = uikitContacts.sweeps[otherSlot]
                    if !inIsland[otherSlot] { advanceUIKitBody(otherSlot, to: minAlpha) }
                    updateUIKitContact(other)
                    if !uikitContacts.graph[other].isEnabled || !uikitContacts.graph[other].isTouching {
                        restoreUIKitBody(otherSlot, backup)
                        continue
                    }
                    uikitContacts.graph[other].inIsland = true
                    islandContacts.append(other)
                    if inIsland[otherSlot] { continue }
                    inIsland[otherSlot] = true
                    islandBodies.append(otherSlot)
                }
            }

            solveUIKitTOIIsland(islandBodies, islandContacts, toi: (slotA, slotB), h: (1 - minAlpha) * h)

            for slot in islandBodies {
                inIsland[slot] = false
                if !properties[slot].isMovable { continue }
                synchronizeUIKitProxy(slot: slot)
                var e = uikitContacts.graph.firstEdge(of: slot == 0 ? 0 : Int(properties[slot].id.rawValue) + 1)
                while e >= 0 {
                    let other = uikitContacts.graph.contact(of: e)
                    uikitContacts.graph[other].hasTOI = false
                    uikitContacts.graph[other].inIsland = false
                    e = uikitContacts.graph.nextEdge(e)
                }
            }
            findNewUIKitContacts()
        }
    }

    /// b2Body::Advance: the body's sweep starts at step fraction alpha, and the body is there.
    private mutating func advanceUIKitBody(_ slot: Int, to alpha: Double) {
        uikitContacts.sweeps[slot].advance(to: alpha)
        let sweep = uikitContacts.sweeps[slot]
        uikitContacts.sweeps[slot].end(at: sweep.c0, sweep.q0)
        states[slot].position = sweep.c0
        states[slot].rotation = sweep.q0
    }

    /// Puts a sweep back and the body at its end pose.
    private mutating func restoreUIKitBody(_ slot: Int, _ sweep: UIKitSweep) {
        uikitContacts.sweeps[slot] = sweep
        states[slot].position = sweep.c
        states[slot].rotation = sweep.q
    }

    /// b2Island::SolveTOI over the rest of the step `h`: position iterations moving only the
    /// impact's two bodies, their new poses as the sweeps' start, velocity iterations, and the
    /// move to the end of the step.
    private mutating func solveUIKitTOIIsland(_ islandBodies: [Int], _ islandContacts: [Int], toi: (Int, Int), h: Double) {
        var constraints = makeUIKitConstraints(islandContacts, warmStarting: false)
        var taken = takeStates()
        defer { states = taken }
        taken.withUnsafeMutableBufferPointer { bodies in
            for _ in 0..<UIKitConstants.toiPositionIterations {
                var minSeparation = 0.0
                for c in constraints.indices { minSeparation = min(minSeparation, constraints[c].solvePosition(bodies, toi: toi)) }
                if minSeparation >= -1.5 * UIKitConstants.linearSlop { break }
            }
            for slot in [toi.0, toi.1] {
                uikitContacts.sweeps[slot].c0 = bodies[slot].position
                uikitContacts.sweeps[slot].q0 = bodies[slot].rotation
            }
            for c in constraints.indices { constraints[c].prepareVelocity(bodies) }
            for _ in 0..<UIKitConstants.velocityIterations {
                for c in constraints.indices { constraints[c].solveVelocity(bodies) }
            }
            let maxTranslation = UIKitConstants.maxTranslation, maxRotation = UIKitConstants.maxRotation
            for slot in islandBodies {
                var s = bodies[slot]
                let translation = h * s.velocity
                if translation.lengthSquared > maxTranslation * maxTranslation {
                    s.velocity = (maxTranslation / translation.length) * s.velocity
                }
                let rotation = h * s.angularVelocity
                if rotation * rotation > maxRotation * maxRotation {
                    s.angularVelocity = (maxRotation / abs(rotation)) * s.angularVelocity
                }
                s.position += h * s.velocity
                s.rotation = s.rotation.integrated(by: h * s.angularVelocity)
                bodies[slot] = s
                uikitContacts.sweeps[slot].end(at: s.position, s.rotation)
            }
        }
    }
}
