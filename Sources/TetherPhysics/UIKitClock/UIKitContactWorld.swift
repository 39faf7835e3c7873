/// The UIKit clock's persistent contact state, Box2D 2.3's: proxies in the broadphase, the
/// contact lists, and the bodies in creation order (2.3 seeds islands newest first).
struct UIKitContactWorld: Sendable {
    var broadPhase = UIKitBroadPhase()
    var graph = UIKitContactGraph()
    /// Proxy id of each body, by body id (−1: none).
    var bodyProxies: [Int] = []
    var boundaryProxies: [(id: BoundaryID, proxy: Int)] = []
    /// Bodies in the order this state first saw them.
    var bodyOrder: [BodyID] = []
    /// Each body's motion over the current step, by slot.
    var sweeps: [UIKitSweep] = []
    /// Scratch: the broadphase's new pairs.
    var newPairs: [(Int, Int)] = []
    /// This step's began/ended callbacks with their contact keys, in the order 2.3 reports them.
    var events: [(key: UInt64, event: ContactEvent)] = []

    func proxy(of body: BodyID) -> Int {
        let raw = Int(body.rawValue)
        return raw < bodyProxies.count ? bodyProxies[raw] : -1
    }

    /// Manifold points over every contact.
    var pointCount: Int {
        var sum = 0
        var c = graph.head
        while c >= 0 {
            sum += graph[c].manifold.pointCount
            c = graph.after(c)
        }
        return sum
    }
}
