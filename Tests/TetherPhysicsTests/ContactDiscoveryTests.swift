import Testing
@testable import TetherPhysics

/// Contact discovery's bookkeeping: contacts in key order with the right slots, whether or not
/// the bodies' ids follow their order in the world.
@Suite struct ContactDiscoveryTests {
    /// A pile of 40 boxes on a boundary, optionally with bodies removed early (the last bodies
    /// move into their slots) and added again (reusing their ids), so that ids no longer grow
    /// with the slots and the broadphase's pairs are not in key order. Every step the contacts
    /// are strictly in key order, body and boundary pairs mixed, and each names its bodies' slots.
    @Test(arguments: [false, true])
    func contactsStayInKeyOrderWithTheirSlots(shuffleIDs: Bool) {
        var world = World()
        world.createBoundary(from: Vec2(-100, 300), to: Vec2(300, 300), group: 0)
        var ids: [BodyID] = []
        for k in 0..<40 {
            let p = Vec2(Double(k % 8) * 22, 280 - Double(k / 8) * 22)
            ids.append(ContactTests.body(&world, at: p, size: Vec2(20, 20)))
        }
        if shuffleIDs {
            for k in [0, 3, 9] { world.destroyBody(ids[k]) }
            for k in 0..<3 { _ = ContactTests.body(&world, at: Vec2(Double(k) * 22, 150), size: Vec2(20, 20)) }
        }
        let slotIDs = world.properties.dropFirst().map(\.id.rawValue)
        #expect((slotIDs == slotIDs.sorted()) != shuffleIDs, "ids follow the slots only when no body was removed")

        var boundaryContacts = 0
        for step in 0..<90 {
            world.step(timeStep: ContactTests.dt, substeps: 4)
            let keys = world.contacts.map(\.key)
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "step \(step): contacts out of key order")
            for contact in world.contacts {
                #expect(world.properties[Int(contact.slotB)].id == contact.bodyB)
                if let bodyA = contact.bodyA {
                    #expect(world.properties[Int(contact.slotA)].id == bodyA)
                    #expect(contact.key == Contact.key(min(bodyA, contact.bodyB), max(bodyA, contact.bodyB)))
                } else {
                    #expect(contact.slotA == 0 && contact.boundary != nil)
                    boundaryContacts += 1
                }
            }
        }
        // The bottom row rests on the boundary and the rows on each other.
        #expect(boundaryContacts > 0)
        #expect(world.contacts.count >= 40)
    }
}
