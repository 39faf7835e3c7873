/// Box2D 2.3's b2TimeOfImpact: the first fraction of the step at which two swept shapes come
/// within `target` (the slop, for polygons: their cores are 0.5 pt apart, skins overlapping by
/// 1.5 pt) by conservative advancement, with GJK for the distance and a separating axis solved
/// for its root (bisection alternating with false position).
enum UIKitTOIState { case unknown, failed, overlapped, touching, separated }

func uikitTimeOfImpact(_ proxyA: UIKitShape, _ sweepA: UIKitSweep, _ proxyB: UIKitShape, _ sweepB: UIKitSweep)
    -> (state: UIKitTOIState, t: Double)
{
    let tMax = 1.0
    let totalRadius = proxyA.radius + proxyB.radius
    let slop = UIKitConstants.linearSlop
    let target = max(slop, totalRadius - 3 * slop)
    let tolerance = 0.25 * slop
    var t1 = 0.0
    var cache = UIKitSimplexCache()
    var iterations = 0
    while true {
        let distance = uikitDistance(proxyA, sweepA.transform(t1), proxyB, sweepB.transform(t1), cache: &cache)
        if distance <= 0 { return (.overlapped, 0) }
        if distance < target + tolerance { return (.touching, t1) }

        let fcn = SeparationFunction(cache: cache, proxyA, sweepA, proxyB, sweepB, t1)
        var t2 = tMax
        var pushBackIterations = 0
        while true {
            var (s2, indexA, indexB) = fcn.minSeparation(t2)
            if s2 > target + tolerance { return (.separated, tMax) }
            if s2 > target - tolerance {
                t1 = t2
                break
            }
            var s1 = fcn.evaluate(indexA, indexB, t1)
            if s1 < target - tolerance { return (.failed, t1) }
            if s1 <= target + tolerance { return (.touching, t1) }
            var rootIterations = 0
            var a1 = t1, a2 = t2
            while true {
                let t = rootIterations & 1 != 0 ? a1 + (target - s1) * (a2 - a1) / (s2 - s1) : 0.5 * (a1 + a2)
                rootIterations += 1
                let s = fcn.evaluate(indexA, indexB, t)
                if abs(s - target) < tolerance {
                    t2 = t
                    break
                }
                if s > target {
                    a1 = t
                    s1 = s
                } else {
                    a2 = t
                    s2 = s
                }
                if rootIterations == 50 { break }
            }
            _ = (indexA, indexB)
            pushBackIterations += 1
            if pushBackIterations == 16 { break }  // b2_maxPolygonVertices
        }
        iterations += 1
        if iterations == 20 { return (.failed, t1) }
    }
}

/// b2SeparationFunction: the separation along the axis GJK's last simplex found (two points,
/// or a face of A or of B), as a function of the step fraction.
private struct SeparationFunction {
    enum Kind { case points, faceA, faceB }
    let proxyA: UIKitShape, proxyB: UIKitShape
    let sweepA: UIKitSweep, sweepB: UIKitSweep
    var kind = Kind.points
    var localPoint = Vec2.zero
    var axis = Vec2.zero

    init(cache: UIKitSimplexCache, _ proxyA: UIKitShape, _ sweepA: UIKitSweep, _ proxyB: UIKitShape,
         _ sweepB: UIKitSweep, _ t1: Double) {
        self.proxyA = proxyA
        self.proxyB = proxyB
        self.sweepA = sweepA
        self.sweepB = sweepB
        let xfA = sweepA.transform(t1), xfB = sweepB.transform(t1)
        if cache.count == 1 {
            kind = .points
            axis = (xfB.apply(proxyB.vertex(cache.b(0))) - xfA.apply(proxyA.vertex(cache.a(0)))).unitOrUnchanged
        } else if cache.a(0) == cache.a(1) {
            kind = .faceB
            let b1 = proxyB.vertex(cache.b(0)), b2 = proxyB.vertex(cache.b(1))
            let edge = b2 - b1
            axis = Vec2(edge.y, -edge.x).unitOrUnchanged
            let normal = xfB.rotation.rotate(axis)
            localPoint = 0.5 * (b1 + b2)
            if (xfA.apply(proxyA.vertex(cache.a(0))) - xfB.apply(localPoint)).dot(normal) < 0 { axis = -axis }
        } else {
            kind = .faceA
            let a1 = proxyA.vertex(cache.a(0)), a2 = proxyA.vertex(cache.a(1))
            let edge = a2 - a1
            axis = Vec2(edge.y, -edge.x).unitOrUnchanged
            let normal = xfA.rotation.rotate(axis)
            localPoint = 0.5 * (a1 + a2)
            if (xfB.apply(proxyB.vertex(cache.b(0))) - xfA.apply(localPoint)).dot(normal) < 0 { axis = -axis }
        }
    }

    /// The deepest points along the axis at fraction t, and their separation.
    func minSeparation(_ t: Double) -> (Double, Int, Int) {
        let xfA = sweepA.transform(t), xfB = sweepB.transform(t)
        switch kind {
        case .points:
            let ia = proxyA.support(xfA.rotation.inverseRotate(axis))
            let ib = proxyB.support(xfB.rotation.inverseRotate(-axis))
            return ((xfB.apply(proxyB.vertex(ib)) - xfA.apply(proxyA.vertex(ia))).dot(axis), ia, ib)
        case .faceA:
            let normal = xfA.rotation.rotate(axis)
            let ib = proxyB.support(xfB.rotation.inverseRotate(-normal))
            return ((xfB.apply(proxyB.vertex(ib)) - xfA.apply(localPoint)).dot(normal), -1, ib)
        case .faceB:
            let normal = xfB.rotation.rotate(axis)
            let ia = proxyA.support(xfA.rotation.inverseRotate(-normal))
            return ((xfA.apply(proxyA.vertex(ia)) - xfB.apply(localPoint)).dot(normal), ia, -1)
        }
    }

    /// The separation of the given points along the axis at fraction t.
    func evaluate(_ ia: Int, _ ib: Int, _ t: Double) -> Double {
        let xfA = sweepA.transform(t), xfB = sweepB.transform(t)
        switch kind {
        case .points:
            return (xfB.apply(proxyB.vertex(ib)) - xfA.apply(proxyA.vertex(ia))).dot(axis)
        case .faceA:
            return (xfB.apply(proxyB.vertex(ib)) - xfA.apply(localPoint)).dot(xfA.rotation.rotate(axis))
        case .faceB:
            return (xfA.apply(proxyA.vertex(ia)) - xfB.apply(localPoint)).dot(xfB.rotation.rotate(axis))
        }
    }
}
