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

    /// b2WorldManifold::Initialize: the normal from A to B and each point midway between the two
    /// skins, for bodies at `xfA` and `xfB` with radii `radiusA` and `radiusB`.
    func world(_ xfA: Transform, radiusA: Double, _ xfB: Transform, radiusB: Double) -> (normal: Vec2, points: (Vec2, Vec2)) {
        switch kind {
        case .circles:
            var normal = Vec2(1, 0)
            let pointA = xfA.apply(localPoint)
            let pointB = xfB.apply(point0.localPoint)
            let d = pointB - pointA
            if d.lengthSquared > UIKitConstants.lengthEpsilon * UIKitConstants.lengthEpsilon {
                normal = d.unitOrUnchanged
            }
            let cA = pointA + radiusA * normal
            let cB = pointB - radiusB * normal
            return (normal, (0.5 * (cA + cB), .zero))
        case .faceA:
            let normal = xfA.rotation.rotate(localNormal)
            let planePoint = xfA.apply(localPoint)
            func point(_ p: Point) -> Vec2 {
                let clip = xfB.apply(p.localPoint)
                let cA = clip + (radiusA - (clip - planePoint).dot(normal)) * normal
                let cB = clip - radiusB * normal
                return 0.5 * (cA + cB)
            }
            return (normal, (point(point0), pointCount > 1 ? point(point1) : .zero))
        case .faceB:
            let normal = xfB.rotation.rotate(localNormal)
            let planePoint = xfB.apply(localPoint)
            func point(_ p: Point) -> Vec2 {
                let clip = xfA.apply(p.localPoint)
                let cB = clip + (radiusB - (clip - planePoint).dot(normal)) * normal
                let cA = clip - radiusA * normal
                return 0.5 * (cA + cB)
            }
            return (-normal, (point(point0), pointCount > 1 ? point(point1) : .zero))
        }
    }

    /// b2PositionSolverManifold: point `index`'s normal (A to B), where it is and how far apart
    /// the skins are there, measured from the bodies' current transforms.
    func positionPoint(_ index: Int, _ xfA: Transform, radiusA: Double, _ xfB: Transform, radiusB: Double)
        -> (normal: Vec2, point: Vec2, separation: Double)
    {
        switch kind {
        case .circles:
            let pointA = xfA.apply(localPoint)
            let pointB = xfB.apply(point0.localPoint)
            let normal = (pointB - pointA).unitOrUnchanged
            return (normal, 0.5 * (pointA + pointB), (pointB - pointA).dot(normal) - radiusA - radiusB)
        case .faceA:
            let normal = xfA.rotation.rotate(localNormal)
            let planePoint = xfA.apply(localPoint)
            let clip = xfB.apply(self[index].localPoint)
            return (normal, clip, (clip - planePoint).dot(normal) - radiusA - radiusB)
        case .faceB:
            let normal = xfB.rotation.rotate(localNormal)
            let planePoint = xfB.apply(localPoint)
            let clip = xfA.apply(self[index].localPoint)
            return (-normal, clip, (clip - planePoint).dot(normal) - radiusA - radiusB)
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
