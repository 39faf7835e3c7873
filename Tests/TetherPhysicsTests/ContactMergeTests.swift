import Testing
import TetherTestSupport
@testable import TetherPhysics

/// `ContactMerge` against a reference written from its definition, and fed in blocks of every
/// size the narrow phase may hand it.
@Suite struct ContactMergeTests {
    /// A contact between bodies `a` and `b` with points of the given separations and feature
    /// ids, and impulses that tell the points apart.
    static func contact(_ a: Int32, _ b: Int32, separations: [Double], ids: [UInt32], impulse: Double) -> Contact {
        var manifold = ContactManifold(normal: Vec2(0, 1))
        for (separation, id) in zip(separations, ids) {
            manifold.append(ManifoldPoint(point: Vec2(Double(a), Double(b)), separation: separation, anchorA: .zero, anchorB: .zero, id: id))
        }
        var contact = Contact(
            key: Contact.key(BodyID(rawValue: a), BodyID(rawValue: b)), bodyA: BodyID(rawValue: a), boundary: nil,
            bodyB: BodyID(rawValue: b), manifold: manifold, friction: 0, restitution: 0)
        contact.impulse0 = AccumulatedImpulse(normal: impulse, tangent: -impulse)
        contact.impulse1 = AccumulatedImpulse(normal: impulse + 0.5, tangent: -impulse - 0.5)
        contact.touching = contact.minimumSeparation <= ContactConstants.touchingDistance
        return contact
    }

    /// Contacts of random pairs among 12 bodies, sorted by key, with one or two points that
    /// touch or not and feature ids from a small set (so some are kept and some are not).
    static func contacts(_ random: inout SplitMix64, impulse: Double) -> [Contact] {
        var pairs: [(Int32, Int32)] = []
        for a in 1..<12 { for b in (a + 1)...12 where random.below(3) == 0 { pairs.append((Int32(a), Int32(b))) } }
        return pairs.enumerated().map { k, pair in
            let count = 1 + random.below(2)
            let separations = (0..<count).map { _ in random.below(2) == 0 ? -0.1 : 1.0 }
            let ids = (0..<count).map { _ in UInt32(random.below(3)) }
            return contact(pair.0, pair.1, separations: separations, ids: ids, impulse: impulse + Double(k))
        }
    }

    /// The merge by its definition: impulses carried by key and feature id, events by key.
    static func reference(built: [Contact], previous: [Contact]) -> (contacts: [Contact], events: [ContactEvent]) {
        var contacts = built
        var events: [(key: UInt64, event: ContactEvent)] = []
        for k in contacts.indices {
            let old = previous.first { $0.key == contacts[k].key }
            func carried(_ id: UInt32) -> AccumulatedImpulse {
                guard let old else { return AccumulatedImpulse() }
                let points = old.manifold.points
                if let i = points.firstIndex(where: { $0.id == id }) { return i == 0 ? old.impulse0 : old.impulse1 }
                return AccumulatedImpulse()
            }
            let points = contacts[k].manifold.points
            contacts[k].impulse0 = carried(points[0].id)
            if points.count > 1 { contacts[k].impulse1 = carried(points[1].id) }
            let touching = contacts[k].touching
            if touching && old?.touching != true {
                events.append((contacts[k].key, ContactEvent(phase: .began, partner: contacts[k].partnerA, body: contacts[k].bodyB, point: contacts[k].contactPoint)))
            }
            if !touching && old?.touching == true {
                events.append((old!.key, ContactEvent(phase: .ended, partner: old!.partnerA, body: old!.bodyB, point: nil)))
            }
        }
        for old in previous where old.touching && !built.contains(where: { $0.key == old.key }) {
            events.append((old.key, ContactEvent(phase: .ended, partner: old.partnerA, body: old.bodyB, point: nil)))
        }
        return (contacts, events.sorted { $0.key < $1.key }.map(\.event))
    }

    /// Merges `built` with `previous` in blocks of the given sizes (the last block takes the rest).
    static func merged(built: [Contact], previous: [Contact], blocks: [Int]) -> (contacts: [Contact], events: [ContactEvent]) {
        var contacts = built
        let events = previous.withUnsafeBufferPointer { previous in
            contacts.withUnsafeMutableBufferPointer { contacts in
                var merge = ContactMerge(previous: previous)
                var start = 0
                for size in blocks + [contacts.count] {
                    let count = min(size, contacts.count - start)
                    merge.add(contacts.baseAddress! + start, count: count)
                    start += count
                }
                merge.finish()
                return merge.events
            }
        }
        return (contacts, events)
    }

    static func impulses(_ contacts: [Contact]) -> [Double] {
        contacts.flatMap { [$0.impulse0.normal, $0.impulse0.tangent, $0.impulse1.normal, $0.impulse1.tangent] }
    }

    @Test(arguments: [71 as UInt64, 72, 73, 74])
    func blocksOfAnySizeMergeAsTheDefinitionSays(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let previous = Self.contacts(&random, impulse: 100)
        let built = Self.contacts(&random, impulse: 0).map { contact -> Contact in
            var contact = contact
            contact.impulse0 = AccumulatedImpulse()
            contact.impulse1 = AccumulatedImpulse()
            return contact
        }
        let expected = Self.reference(built: built, previous: previous)
        #expect(!expected.events.isEmpty, "the seed gives events to compare")
        for blocks in [[], [0, 0], [1, 1, 1], [3, 0, 5], [built.count / 2], [built.count + 4]] {
            let result = Self.merged(built: built, previous: previous, blocks: blocks)
            #expect(result.events == expected.events, "blocks \(blocks)")
            #expect(Self.impulses(result.contacts) == Self.impulses(expected.contacts), "blocks \(blocks)")
            #expect(result.contacts.map(\.touching) == expected.contacts.map(\.touching), "blocks \(blocks)")
        }
    }
}
