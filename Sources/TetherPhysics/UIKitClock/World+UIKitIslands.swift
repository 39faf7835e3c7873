/// Box2D 2.3's islands (b2World::Solve): a depth-first search over touching contacts and joints
/// from each moving body not yet in an island, seeds taken newest body first (2.3's body list),
/// each body's contacts newest first (its contact list), never crossing an immovable body. The
/// contacts come out in the order 2.3's island solver holds them, which is the order the
/// Gauss–Seidel rows run in.
struct UIKitIslands: Sendable {
    /// Contact slots, island after island.
    var contacts: [Int] = []
    /// Where each island's contacts start in `contacts`, plus the end.
    var starts: [Int] = [0]
    /// Whether each island holds a joint.
    var hasJoints: [Bool] = []

    var count: Int { hasJoints.count }
    func range(_ island: Int) -> Range<Int> { starts[island]..<starts[island + 1] }
}

extension World {
    /// Joint edges per body key, newest joint first (2.3 prepends a joint to both bodies' lists);
    /// newest is taken as the highest joint id.
    private func uikitJointEdges() -> [[Int]] {
        func key(_ body: BodyID?) -> Int { body.map { Int($0.rawValue) + 1 } ?? 0 }
        var pairs = joints.edges.map { (id: $0.id.rawValue, a: key($0.a), b: key($0.b)) }
        pairs.sort { $0.id > $1.id }
        var edges = Array(repeating: [Int](), count: bodySlots.count + 1)
        for pair in pairs {
            edges[pair.a].append(pair.b)
            edges[pair.b].append(pair.a)
        }
        return edges
    }

    /// The islands of the current step.
    func uikitIslands() -> UIKitIslands {
        var islands = UIKitIslands()
        let graph = uikitContacts.graph
        let jointEdges = uikitJointEdges()
        var inIsland = Array(repeating: false, count: bodySlots.count + 1)
        var contactInIsland = Array(repeating: false, count: graph.contacts.count)
        var stack: [Int] = []
        func isMovable(_ key: Int) -> Bool { key != 0 && properties[uikitSlot(key)].isMovable }
        for seed in uikitContacts.bodyOrder.reversed() {
            let seedKey = Int(seed.rawValue) + 1
            if inIsland[seedKey] || !isMovable(seedKey) { continue }
            inIsland[seedKey] = true
            stack.append(seedKey)
            var hasJoints = false
            while let key = stack.popLast() {
                var e = graph.firstEdge(of: key)
                while e >= 0 {
                    let c = graph.contact(of: e)
                    let other = graph.other(of: e)
                    e = graph.nextEdge(e)
                    if contactInIsland[c] || !graph[c].isEnabled || !graph[c].isTouching { continue }
                    islands.contacts.append(c)
                    contactInIsland[c] = true
                    if inIsland[other] || !isMovable(other) { continue }
                    inIsland[other] = true
                    stack.append(other)
                }
                for other in jointEdges[key] {
                    hasJoints = true
                    if inIsland[other] || !isMovable(other) { continue }
                    inIsland[other] = true
                    stack.append(other)
                }
            }
            islands.starts.append(islands.contacts.count)
            islands.hasJoints.append(hasJoints)
        }
        return islands
    }
}
