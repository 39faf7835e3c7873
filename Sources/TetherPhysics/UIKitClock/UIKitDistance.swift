/// Box2D 2.3's b2Distance (GJK) between two convex vertex sets (skins ignored), with its
/// simplex cache, as the time of impact uses it.
struct UIKitSimplexCache: Sendable {
    var metric = 0.0
    var count = 0
    var indexA = (0, 0, 0)
    var indexB = (0, 0, 0)

    func a(_ i: Int) -> Int { i == 0 ? indexA.0 : i == 1 ? indexA.1 : indexA.2 }
    func b(_ i: Int) -> Int { i == 0 ? indexB.0 : i == 1 ? indexB.1 : indexB.2 }
}

private struct SimplexVertex {
    var wA = Vec2.zero
    var wB = Vec2.zero
    var w = Vec2.zero
    var a = 0.0
    var indexA = 0
    var indexB = 0
}

private struct Simplex {
    var v1 = SimplexVertex()
    var v2 = SimplexVertex()
    var v3 = SimplexVertex()
    var count = 0

    subscript(i: Int) -> SimplexVertex {
        get { i == 0 ? v1 : i == 1 ? v2 : v3 }
        set {
            if i == 0 { v1 = newValue } else if i == 1 { v2 = newValue } else { v3 = newValue }
        }
    }

    static func vertex(_ proxyA: UIKitShape, _ xfA: Transform, _ ia: Int, _ proxyB: UIKitShape, _ xfB: Transform, _ ib: Int)
        -> SimplexVertex
    {
        var v = SimplexVertex()
        v.indexA = ia
        v.indexB = ib
        v.wA = xfA.apply(proxyA.vertex(ia))
        v.wB = xfB.apply(proxyB.vertex(ib))
        v.w = v.wB - v.wA
        return v
    }

    init(cache: UIKitSimplexCache, _ proxyA: UIKitShape, _ xfA: Transform, _ proxyB: UIKitShape, _ xfB: Transform) {
        count = cache.count
        for i in 0..<count { self[i] = Self.vertex(proxyA, xfA, cache.a(i), proxyB, xfB, cache.b(i)) }
        if count > 1 {
            let metric1 = cache.metric
            let metric2 = metric
            if metric2 < 0.5 * metric1 || 2 * metric1 < metric2 || metric2 < UIKitConstants.lengthEpsilon {
                count = 0
            }
        }
        if count == 0 {
            v1 = Self.vertex(proxyA, xfA, 0, proxyB, xfB, 0)
            v1.a = 1
            count = 1
        }
    }

    func write(to cache: inout UIKitSimplexCache) {
        cache.metric = metric
        cache.count = count
        cache.indexA = (v1.indexA, v2.indexA, v3.indexA)
        cache.indexB = (v1.indexB, v2.indexB, v3.indexB)
    }

    var searchDirection: Vec2 {
        switch count {
        case 1: return -v1.w
        case 2:
            let e12 = v2.w - v1.w
            return e12.cross(-v1.w) > 0 ? Vec2(-e12.y, e12.x) : Vec2(e12.y, -e12.x)
        default: return .zero
        }
    }

    var closestPoint: Vec2 {
        switch count {
        case 1: return v1.w
        case 2: return v1.a * v1.w + v2.a * v2.w
        default: return .zero
        }
    }

    var witnessPoints: (Vec2, Vec2) {
        switch count {
        case 1: return (v1.wA, v1.wB)
        case 2: return (v1.a * v1.wA + v2.a * v2.wA, v1.a * v1.wB + v2.a * v2.wB)
        case 3:
            let p = v1.a * v1.wA + v2.a * v2.wA + v3.a * v3.wA
            return (p, p)
        default: return (.zero, .zero)
        }
    }

    /// A length for two vertices, an area for three (b2Simplex::GetMetric).
    var metric: Double {
        switch count {
        case 2: return (v2.w - v1.w).length
        case 3: return (v2.w - v1.w).cross(v3.w - v1.w)
        default: return 0
        }
    }

    /// The closest point of a segment to the origin, by barycentric coordinates.
    mutating func solve2() {
        let w1 = v1.w, w2 = v2.w
        let e12 = w2 - w1
        let d12_2 = -w1.dot(e12)
        if d12_2 <= 0 {
            v1.a = 1
            count = 1
            return
        }
        let d12_1 = w2.dot(e12)
        if d12_1 <= 0 {
            v2.a = 1
            count = 1
            v1 = v2
            return
        }
        let inv = 1 / (d12_1 + d12_2)
        v1.a = d12_1 * inv
        v2.a = d12_2 * inv
        count = 2
    }

    /// The closest feature of a triangle to the origin (Voronoi regions).
    mutating func solve3() {
        let w1 = v1.w, w2 = v2.w, w3 = v3.w
        let e12 = w2 - w1
        let d12_1 = w2.dot(e12)
        let d12_2 = -w1.dot(e12)
        let e13 = w3 - w1
        let d13_1 = w3.dot(e13)
        let d13_2 = -w1.dot(e13)
        let e23 = w3 - w2
        let d23_1 = w3.dot(e23)
        let d23_2 = -w2.dot(e23)
        let n123 = e12.cross(e13)
        let d123_1 = n123 * w2.cross(w3)
        let d123_2 = n123 * w3.cross(w1)
        let d123_3 = n123 * w1.cross(w2)
        if d12_2 <= 0 && d13_2 <= 0 {
            v1.a = 1
            count = 1
            return
        }
        if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 {
            let inv = 1 / (d12_1 + d12_2)
            v1.a = d12_1 * inv
            v2.a = d12_2 * inv
            count = 2
            return
        }
        if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 {
            let inv = 1 / (d13_1 + d13_2)
            v1.a = d13_1 * inv
            v3.a = d13_2 * inv
            count = 2
            v2 = v3
            return
        }
        if d12_1 <= 0 && d23_2 <= 0 {
            v2.a = 1
            count = 1
            v1 = v2
            return
        }
        if d13_1 <= 0 && d23_1 <= 0 {
            v3.a = 1
            count = 1
            v1 = v3
            return
        }
        if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 {
            let inv = 1 / (d23_1 + d23_2)
            v2.a = d23_1 * inv
            v3.a = d23_2 * inv
            count = 2
            v1 = v3
            return
        }
        let inv = 1 / (d123_1 + d123_2 + d123_3)
        v1.a = d123_1 * inv
        v2.a = d123_2 * inv
        v3.a = d123_3 * inv
        count = 3
    }
}

/// The distance between the cores of two shapes at `xfA` and `xfB` (0 when they overlap),
/// starting from and updating `cache`.
func uikitDistance(
    _ proxyA: UIKitShape, _ xfA: Transform, _ proxyB: UIKitShape, _ xfB: Transform, cache: inout UIKitSimplexCache
) -> Double {
    var simplex = Simplex(cache: cache, proxyA, xfA, proxyB, xfB)
    var saveA = (0, 0, 0), saveB = (0, 0, 0)
    var iterations = 0
    while iterations < 20 {
        let saveCount = simplex.count
        saveA = (simplex.v1.indexA, simplex.v2.indexA, simplex.v3.indexA)
        saveB = (simplex.v1.indexB, simplex.v2.indexB, simplex.v3.indexB)
        switch simplex.count {
        case 2: simplex.solve2()
        case 3: simplex.solve3()
        default: break
        }
        if simplex.count == 3 { break }
        let d = simplex.searchDirection
        if d.lengthSquared < UIKitConstants.lengthEpsilon * UIKitConstants.lengthEpsilon { break }
        let ia = proxyA.support(xfA.rotation.inverseRotate(-d))
        let ib = proxyB.support(xfB.rotation.inverseRotate(d))
        simplex[simplex.count] = Simplex.vertex(proxyA, xfA, ia, proxyB, xfB, ib)
        iterations += 1
        var duplicate = false
        for i in 0..<saveCount {
            let (sa, sb) = i == 0 ? (saveA.0, saveB.0) : i == 1 ? (saveA.1, saveB.1) : (saveA.2, saveB.2)
            if ia == sa && ib == sb {
                duplicate = true
                break
            }
        }
        if duplicate { break }
        simplex.count += 1
    }
    let (pointA, pointB) = simplex.witnessPoints
    simplex.write(to: &cache)
    return (pointB - pointA).length
}
