/// Box2D 2.3's b2Manifold: contact points kept in the bodies' own frames, so the solver can
/// re-measure them as the bodies move within a step (the position iterations do).
///
/// - `circles`: `localPoint` is A's circle center, each point's `localPoint` B's.
/// - `faceA`: `localNormal` and `localPoint` (the face's middle) are on A's reference face,
///   each point's `localPoint` is B's clipped vertex in B's frame.
/// - `faceB`: the same with A and B exchanged.
///
/// Points carry their feature id (`ContactFeature`'s packing) and the impulses of the last step,
/// matched by id for warm starting.
struct UIKitManifold: Sendable {
    enum Kind: Sendable { case circles, faceA, faceB }

    struct Point: Sendable {
        var localPoint = Vec2.zero
        var id: UInt32 = 0
        var normalImpulse = 0.0
        var tangentImpulse = 0.0
    }

    var kind = Kind.circles
    var localNormal = Vec2.zero
    var localPoint = Vec2.zero
    var pointCount = 0
    var point0 = Point()
    var point1 = Point()

    subscript(i: Int) -> Point {
        get { i == 0 ? point0 : point1 }
        set { if i == 0 { point0 = newValue } else { point1 = newValue } }
    }

    mutating func append(_ p: Point) {
        self[pointCount] = p
        pointCount += 1
    }

    /// A point's lever arms: where it acts, measured from each body's center (world directions).
    struct Arms: Sendable {
        var rA = Vec2.zero
        var rB = Vec2.zero
    }

    /// b2WorldManifold::Initialize: the normal from A to B and each point midway between the two
    /// skins, for bodies at `xfA` and `xfB` with radii `radiusA` and `radiusB`, given as lever
    /// arms. 2.3 places the points in world coordinates and subtracts the centers again; here
    /// they are measured from the centers directly and the centers meet only through their
    /// difference `d`. Going through world coordinates rounds x + w/2 and x − w/2 differently,
    /// so the two points of a box centered on another had arms differing in the last bit, and
    /// elastic bounces amplified that into a topple. Measured this way, a mirror-symmetric pair
    /// gets mirror-equal arms.
    func arms(_ xfA: Transform, radiusA: Double, _ xfB: Transform, radiusB: Double) -> (normal: Vec2, points: (Arms, Arms)) {
        let d = xfB.position - xfA.position
        switch kind {
        case .circles:
            var normal = Vec2(1, 0)
            let centerA = xfA.rotation.rotate(localPoint)
            let centerB = xfB.rotation.rotate(point0.localPoint)
            let between = centerB + d - centerA
            if between.lengthSquared > UIKitConstants.lengthEpsilon * UIKitConstants.lengthEpsilon {
                normal = between.unitOrUnchanged
            }
            let cA = centerA + radiusA * normal
            let cB = centerB + d - radiusB * normal
            let rA = 0.5 * (cA + cB)
            return (normal, (Arms(rA: rA, rB: rA - d), Arms()))
        case .faceA:
            let normal = xfA.rotation.rotate(localNormal)
            let plane = xfA.rotation.rotate(localPoint)
            func arms(_ p: Point) -> Arms {
                let clip = xfB.rotation.rotate(p.localPoint)
                let cA = clip + (radiusA - (clip + d - plane).dot(normal)) * normal
                let cB = clip - radiusB * normal
                let rB = 0.5 * (cA + cB)
                return Arms(rA: rB + d, rB: rB)
            }
            return (normal, (arms(point0), pointCount > 1 ? arms(point1) : Arms()))
        case .faceB:
            let normal = xfB.rotation.rotate(localNormal)
            let plane = xfB.rotation.rotate(localPoint)
            func arms(_ p: Point) -> Arms {
                let clip = xfA.rotation.rotate(p.localPoint)
                let cB = clip + (radiusB - (clip - d - plane).dot(normal)) * normal
                let cA = clip - radiusA * normal
                let rA = 0.5 * (cA + cB)
                return Arms(rA: rA, rB: rA - d)
            }
            return (-normal, (arms(point0), pointCount > 1 ? arms(point1) : Arms()))
        }
    }

    /// The normal and the points in world coordinates (for the callbacks): B's center plus the arms.
    func world(_ xfA: Transform, radiusA: Double, _ xfB: Transform, radiusB: Double) -> (normal: Vec2, points: (Vec2, Vec2)) {
        let (normal, points) = arms(xfA, radiusA: radiusA, xfB, radiusB: radiusB)
        return (normal, (xfB.position + points.0.rB, pointCount > 1 ? xfB.position + points.1.rB : .zero))
    }

    /// b2PositionSolverManifold: point `index`'s normal (A to B), its lever arms and how far
    /// apart the skins are there, measured from the bodies' current transforms (relative to the
    /// centers, as in `arms`).
    func positionPoint(_ index: Int, _ xfA: Transform, radiusA: Double, _ xfB: Transform, radiusB: Double)
        -> (normal: Vec2, arms: Arms, separation: Double)
    {
        let d = xfB.position - xfA.position
        switch kind {
        case .circles:
            let centerA = xfA.rotation.rotate(localPoint)
            let centerB = xfB.rotation.rotate(point0.localPoint)
            let between = centerB + d - centerA
            let normal = between.unitOrUnchanged
            let rA = 0.5 * (centerA + centerB + d)
            return (normal, Arms(rA: rA, rB: rA - d), between.dot(normal) - radiusA - radiusB)
        case .faceA:
            let normal = xfA.rotation.rotate(localNormal)
            let plane = xfA.rotation.rotate(localPoint)
            let clip = xfB.rotation.rotate(self[index].localPoint)
            return (normal, Arms(rA: clip + d, rB: clip), (clip + d - plane).dot(normal) - radiusA - radiusB)
        case .faceB:
            let normal = xfB.rotation.rotate(localNormal)
            let plane = xfB.rotation.rotate(localPoint)
            let clip = xfA.rotation.rotate(self[index].localPoint)
            return (-normal, Arms(rA: clip, rB: clip - d), (clip - d - plane).dot(normal) - radiusA - radiusB)
        }
    }
}

extension Vec2 {
    /// b2Vec2::Normalize: the unit vector, or the vector unchanged when it is shorter than
    /// b2_epsilon (a length, here in points).
    var unitOrUnchanged: Vec2 {
        let l = length
        return l < UIKitConstants.lengthEpsilon ? self : Vec2(x / l, y / l)
    }
}
