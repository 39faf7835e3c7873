/// Box2D 2.3's broadphase as far as it decides which contacts exist and in what order
/// (b2BroadPhase with b2DynamicTree): every fixture has a proxy with a fat box (its shape's box
/// grown by 10 pt); a proxy whose shape leaves its fat box gets a new one, grown by 10 pt and
/// stretched by twice the step's motion, and is buffered as moved; new pairs are the pairs of
/// overlapping fat boxes with a moved proxy, reported in order of (smaller, larger) proxy id.
///
/// Proxy ids are handed out in creation order and never reused, which is the order 2.3's tree
/// gives its leaves while no proxy is destroyed. The tree itself only speeds up queries, so a
/// plain scan over the proxies finds the same pairs.
struct UIKitBroadPhase: Sendable {
    enum Owner: Equatable, Sendable {
        case body(BodyID)
        case boundary(BoundaryID)
    }

    struct Proxy: Sendable {
        var owner: Owner
        var shape: UIKitShape
        var fatBox: AABB
        var isAlive = true
    }

    /// Indexed by proxy id.
    private(set) var proxies: [Proxy] = []
    private var moveBuffer: [Int] = []

    subscript(id: Int) -> Proxy { proxies[id] }

    /// b2BroadPhase::CreateProxy: a new proxy for `box`, buffered as moved.
    mutating func createProxy(_ owner: Owner, shape: UIKitShape, box: AABB) -> Int {
        proxies.append(Proxy(owner: owner, shape: shape, fatBox: box.fattened(by: UIKitConstants.aabbExtension)))
        moveBuffer.append(proxies.count - 1)
        return proxies.count - 1
    }

    mutating func destroyProxy(_ id: Int) {
        proxies[id].isAlive = false
        for k in moveBuffer.indices where moveBuffer[k] == id { moveBuffer[k] = -1 }
    }

    /// b2DynamicTree::MoveProxy: nothing while `box` stays inside the fat box; otherwise a new
    /// fat box, stretched along the motion `displacement`, and the proxy counts as moved.
    mutating func moveProxy(_ id: Int, box: AABB, displacement: Vec2) {
        let fat = proxies[id].fatBox
        if fat.lower.x <= box.lower.x && fat.lower.y <= box.lower.y
            && box.upper.x <= fat.upper.x && box.upper.y <= fat.upper.y
        {
            return
        }
        var b = box.fattened(by: UIKitConstants.aabbExtension)
        let d = UIKitConstants.aabbMultiplier * displacement
        if d.x < 0 { b.lower.x += d.x } else { b.upper.x += d.x }
        if d.y < 0 { b.lower.y += d.y } else { b.upper.y += d.y }
        proxies[id].fatBox = b
        moveBuffer.append(id)
    }

    /// Whether two proxies' fat boxes overlap (touching counts, as b2TestOverlap).
    func fatBoxesOverlap(_ a: Int, _ b: Int) -> Bool { proxies[a].fatBox.overlaps(proxies[b].fatBox) }

    /// b2BroadPhase::UpdatePairs: the pairs with a moved proxy whose fat boxes overlap, each
    /// once, sorted by (smaller id, larger id); empties the move buffer. Found by a sweep over
    /// the fat boxes sorted by their left edge (the set is what 2.3's tree queries find).
    mutating func takeNewPairs(into pairs: inout [(Int, Int)]) {
        pairs.removeAll(keepingCapacity: true)
        if moveBuffer.allSatisfy({ $0 < 0 }) {
            moveBuffer.removeAll(keepingCapacity: true)
            return
        }
        var moved = Array(repeating: false, count: proxies.count)
        for id in moveBuffer where id >= 0 { moved[id] = true }
        moveBuffer.removeAll(keepingCapacity: true)
        let order = proxies.indices.filter { proxies[$0].isAlive }.sorted {
            proxies[$0].fatBox.lower.x != proxies[$1].fatBox.lower.x
                ? proxies[$0].fatBox.lower.x < proxies[$1].fatBox.lower.x : $0 < $1
        }
        for (k, i) in order.enumerated() {
            let box = proxies[i].fatBox
            for j in order[(k + 1)...] {
                let other = proxies[j].fatBox
                if other.lower.x > box.upper.x { break }
                if (moved[i] || moved[j]) && other.overlaps(box) { pairs.append((min(i, j), max(i, j))) }
            }
        }
        pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    }
}
