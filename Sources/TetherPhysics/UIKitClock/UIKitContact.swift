/// One Box2D 2.3 contact (b2Contact): a pair of proxies whose fat boxes overlap, with its
/// manifold (points only while the skins overlap), mixed material, and 2.3's flags.
struct UIKitContact: Sendable {
    /// Proxy ids, in the order 2.3's contact factory puts the shapes (an edge before a polygon
    /// before a circle; otherwise the smaller proxy id first).
    var proxyA: Int
    var proxyB: Int
    /// Body keys (`UIKitContactGraph.key`) of the two fixtures' bodies.
    var bodyA: Int
    var bodyB: Int
    var manifold = UIKitManifold()
    var friction = 0.0
    var restitution = 0.0
    var isTouching = false
    var isEnabled = true
    var inIsland = false
    /// The cached time of impact of this step (valid while `hasTOI`), and how many TOI events
    /// it took part in.
    var hasTOI = false
    var toi = 1.0
    var toiCount = 0
}

/// 2.3's contact lists, kept as its linked lists are so that orders match: the world's list
/// (a new contact goes first) and each body's list of contact edges (a new contact goes first in
/// both bodies' lists). Contacts live in slots reused after destruction; links are slot indices.
struct UIKitContactGraph: Sendable {
    /// A body's key: 0 for the ground (boundaries), id + 1 for a body.
    static func key(_ owner: UIKitBroadPhase.Owner) -> Int {
        switch owner {
        case .body(let id): return Int(id.rawValue) + 1
        case .boundary: return 0
        }
    }

    private(set) var contacts: [UIKitContact] = []
    private var next: [Int] = []
    private var previous: [Int] = []
    /// Edge e = 2·slot + side (0: the contact's body A, 1: its body B).
    private var edgeNext: [Int] = []
    private var edgePrevious: [Int] = []
    private var edgeHeads: [Int] = []
    private var freeSlots: [Int] = []
    private(set) var head = -1
    private(set) var count = 0

    subscript(slot: Int) -> UIKitContact {
        get { contacts[slot] }
        set { contacts[slot] = newValue }
    }

    /// The world list's successor of `slot` (−1 at the end).
    func after(_ slot: Int) -> Int { next[slot] }

    /// The first contact edge of body `key` (−1 when none).
    func firstEdge(of key: Int) -> Int { key < edgeHeads.count ? edgeHeads[key] : -1 }
    func nextEdge(_ edge: Int) -> Int { edgeNext[edge] }
    /// The contact slot of an edge and the body at its other end.
    func contact(of edge: Int) -> Int { edge >> 1 }
    func other(of edge: Int) -> Int { edge & 1 == 0 ? contacts[edge >> 1].bodyB : contacts[edge >> 1].bodyA }

    /// Whether bodies `keyA` and `keyB` already have a contact between these two proxies.
    func hasContact(_ proxyA: Int, _ proxyB: Int, bodyB keyB: Int) -> Bool {
        var e = firstEdge(of: keyB)
        while e >= 0 {
            let c = contacts[e >> 1]
            if (c.proxyA == proxyA && c.proxyB == proxyB) || (c.proxyA == proxyB && c.proxyB == proxyA) { return true }
            e = edgeNext[e]
        }
        return false
    }

    /// b2ContactManager::AddPair's insertion: first in the world list and in both bodies' lists.
    mutating func insert(_ contact: UIKitContact) -> Int {
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            contacts[slot] = contact
        } else {
            slot = contacts.count
            contacts.append(contact)
            next.append(-1)
            previous.append(-1)
            edgeNext.append(contentsOf: [-1, -1])
            edgePrevious.append(contentsOf: [-1, -1])
        }
        previous[slot] = -1
        next[slot] = head
        if head >= 0 { previous[head] = slot }
        head = slot
        for side in 0..<2 {
            let key = side == 0 ? contact.bodyA : contact.bodyB
            if key >= edgeHeads.count { edgeHeads.append(contentsOf: repeatElement(-1, count: key + 1 - edgeHeads.count)) }
            let e = 2 * slot + side
            edgePrevious[e] = -1
            edgeNext[e] = edgeHeads[key]
            if edgeHeads[key] >= 0 { edgePrevious[edgeHeads[key]] = e }
            edgeHeads[key] = e
        }
        count += 1
        return slot
    }

    /// b2ContactManager::Destroy's unlinking.
    mutating func remove(_ slot: Int) {
        if previous[slot] >= 0 { next[previous[slot]] = next[slot] }
        if next[slot] >= 0 { previous[next[slot]] = previous[slot] }
        if head == slot { head = next[slot] }
        for side in 0..<2 {
            let key = side == 0 ? contacts[slot].bodyA : contacts[slot].bodyB
            let e = 2 * slot + side
            if edgePrevious[e] >= 0 { edgeNext[edgePrevious[e]] = edgeNext[e] }
            if edgeNext[e] >= 0 { edgePrevious[edgeNext[e]] = edgePrevious[e] }
            if edgeHeads[key] == e { edgeHeads[key] = edgeNext[e] }
        }
        freeSlots.append(slot)
        count -= 1
    }
}
