/// Box2D 2.3's b2ContactSolver for one contact: velocity constraints (friction, then the
/// normal rows with the two-point block solver; restitution as a velocity bias fixed when the
/// step begins) and position constraints (nonlinear Gauss–Seidel on the skins' overlap).
///
/// Stages, as `b2Island::Solve` runs them: `init` (the constructor: masses, manifold, warm-start
/// impulses), `prepareVelocity` (InitializeVelocityConstraints), `warmStart`, `solveVelocity`
/// (each velocity iteration), `storeImpulses`, `solvePosition` (each position iteration).
struct UIKitContactConstraint: Sendable {
    struct Point: Sendable {
        var rA = Vec2.zero
        var rB = Vec2.zero
        var normalImpulse = 0.0
        var tangentImpulse = 0.0
        var normalMass = 0.0
        var tangentMass = 0.0
        var velocityBias = 0.0
    }

    /// The contact's slot in `UIKitContactGraph`.
    var contact: Int
    var slotA: Int
    var slotB: Int
    var inverseMassA: Double
    var inverseMassB: Double
    var inverseInertiaA: Double
    var inverseInertiaB: Double
    var radiusA: Double
    var radiusB: Double
    var friction: Double
    var restitution: Double
    var manifold: UIKitManifold
    /// Points of the velocity rows: the manifold's, or 1 when its two points are too badly
    /// conditioned for the block solver.
    var velocityPointCount: Int
    var normal = Vec2.zero
    var point0 = Point()
    var point1 = Point()
    var k11 = 0.0, k12 = 0.0, k22 = 0.0
    /// K⁻¹ (b2Mat22::GetInverse), for the block solver.
    var inverse11 = 0.0, inverse12 = 0.0, inverse21 = 0.0, inverse22 = 0.0

    /// The constructor: the contact's data, and last step's impulses as the warm start
    /// (`warmStarting` false, as in a TOI sub-step, starts from zero).
    init(
        contact: Int, _ c: UIKitContact, slotA: Int, slotB: Int, _ propsA: BodyProperties, _ propsB: BodyProperties,
        radiusA: Double, radiusB: Double, warmStarting: Bool
    ) {
        self.contact = contact
        self.slotA = slotA
        self.slotB = slotB
        inverseMassA = propsA.inverseMass
        inverseMassB = propsB.inverseMass
        inverseInertiaA = propsA.inverseInertia
        inverseInertiaB = propsB.inverseInertia
        self.radiusA = radiusA
        self.radiusB = radiusB
        friction = c.friction
        restitution = c.restitution
        manifold = c.manifold
        velocityPointCount = c.manifold.pointCount
        if warmStarting {
            point0.normalImpulse = manifold.point0.normalImpulse
            point0.tangentImpulse = manifold.point0.tangentImpulse
            if manifold.pointCount > 1 {
                point1.normalImpulse = manifold.point1.normalImpulse
                point1.tangentImpulse = manifold.point1.tangentImpulse
            }
        }
    }

    /// InitializeVelocityConstraints: the world manifold's lever arms from the bodies' poses,
    /// effective masses, the restitution bias `−e·v_n` of points approaching faster than
    /// b2_velocityThreshold, and the block solver's K (dropping to one point when K's condition
    /// number exceeds 1000).
    mutating func prepareVelocity(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let a = bodies[slotA], b = bodies[slotB]
        let xfA = Transform(position: a.position, rotation: a.rotation)
        let xfB = Transform(position: b.position, rotation: b.rotation)
        let world = manifold.arms(xfA, radiusA: radiusA, xfB, radiusB: radiusB)
        normal = world.normal
        let (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)
        let tangent = Vec2(normal.y, -normal.x)
        func make(_ p: inout Point, _ arms: UIKitManifold.Arms) {
            p.rA = arms.rA
            p.rB = arms.rB
            let rnA = p.rA.cross(normal), rnB = p.rB.cross(normal)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            p.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = p.rA.cross(tangent), rtB = p.rB.cross(tangent)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            p.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            p.velocityBias = 0
            let vRel = normal.dot(
                b.velocity + p.rB.crossed(byScalar: b.angularVelocity) - a.velocity - p.rA.crossed(byScalar: a.angularVelocity))
            if vRel < -UIKitConstants.velocityThreshold { p.velocityBias = -restitution * vRel }
        }
        make(&point0, world.points.0)
        if velocityPointCount == 2 {
            make(&point1, world.points.1)
            let rn1A = point0.rA.cross(normal), rn1B = point0.rB.cross(normal)
            let rn2A = point1.rA.cross(normal), rn2B = point1.rB.cross(normal)
            k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
            k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
            k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
            if k11 * k11 < 1000 * (k11 * k22 - k12 * k12) {
                var det = k11 * k22 - k12 * k12
                if det != 0 { det = 1 / det }
                inverse11 = det * k22
                inverse12 = -det * k12
                inverse21 = -det * k12
                inverse22 = det * k11
            } else {
                velocityPointCount = 1
            }
        }
    }

    /// Applies the warm-start impulses.
    func warmStart(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let tangent = Vec2(normal.y, -normal.x)
        var (vA, wA, vB, wB) = (bodies[slotA].velocity, bodies[slotA].angularVelocity, bodies[slotB].velocity, bodies[slotB].angularVelocity)
        for k in 0..<velocityPointCount {
            let p = k == 0 ? point0 : point1
            let impulse = p.normalImpulse * normal + p.tangentImpulse * tangent
            wA -= inverseInertiaA * p.rA.cross(impulse)
            vA -= inverseMassA * impulse
            wB += inverseInertiaB * p.rB.cross(impulse)
            vB += inverseMassB * impulse
        }
        store(vA, wA, vB, wB, bodies)
    }

    private func store(_ vA: Vec2, _ wA: Double, _ vB: Vec2, _ wB: Double, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        bodies[slotA].velocity = vA
        bodies[slotA].angularVelocity = wA
        bodies[slotB].velocity = vB
        bodies[slotB].angularVelocity = wB
    }

    /// One velocity iteration: friction rows clamped by the normal impulses, then the normal
    /// rows — one point alone, or two together by trying the block LCP's four cases in 2.3's order.
    mutating func solveVelocity(_ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)
        var (vA, wA, vB, wB) = (bodies[slotA].velocity, bodies[slotA].angularVelocity, bodies[slotB].velocity, bodies[slotB].angularVelocity)
        let normal = self.normal
        let tangent = Vec2(normal.y, -normal.x)
        func relativeVelocity(_ p: Point) -> Vec2 {
            vB + p.rB.crossed(byScalar: wB) - vA - p.rA.crossed(byScalar: wA)
        }
        func friction(_ p: inout Point) {
            let vt = relativeVelocity(p).dot(tangent)
            let maxFriction = self.friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse + p.tangentMass * -vt, -maxFriction), maxFriction)
            let impulse = (newImpulse - p.tangentImpulse) * tangent
            p.tangentImpulse = newImpulse
            vA -= mA * impulse
            wA -= iA * p.rA.cross(impulse)
            vB += mB * impulse
            wB += iB * p.rB.cross(impulse)
        }
        friction(&point0)
        if velocityPointCount == 2 { friction(&point1) }

        if velocityPointCount == 1 {
            let vn = relativeVelocity(point0).dot(normal)
            let newImpulse = max(point0.normalImpulse - point0.normalMass * (vn - point0.velocityBias), 0)
            let impulse = (newImpulse - point0.normalImpulse) * normal
            point0.normalImpulse = newImpulse
            vA -= mA * impulse
            wA -= iA * point0.rA.cross(impulse)
            vB += mB * impulse
            wB += iB * point0.rB.cross(impulse)
        } else {
            let a = (point0.normalImpulse, point1.normalImpulse)
            let vn1 = relativeVelocity(point0).dot(normal)
            let vn2 = relativeVelocity(point1).dot(normal)
            let b = (vn1 - point0.velocityBias - (k11 * a.0 + k12 * a.1),
                     vn2 - point1.velocityBias - (k12 * a.0 + k22 * a.1))
            var x: (Double, Double)?
            let both = (-(inverse11 * b.0 + inverse12 * b.1), -(inverse21 * b.0 + inverse22 * b.1))
            if both.0 >= 0 && both.1 >= 0 {
                x = both
            } else {
                let first = -point0.normalMass * b.0
                if first >= 0 && k12 * first + b.1 >= 0 {
                    x = (first, 0)
                } else {
                    let second = -point1.normalMass * b.1
                    if second >= 0 && k12 * second + b.0 >= 0 {
                        x = (0, second)
                    } else if b.0 >= 0 && b.1 >= 0 {
                        x = (0, 0)
                    }
                }
            }
            if let x {
                let p1 = (x.0 - a.0) * normal
                let p2 = (x.1 - a.1) * normal
                vA -= mA * (p1 + p2)
                wA -= iA * (point0.rA.cross(p1) + point1.rA.cross(p2))
                vB += mB * (p1 + p2)
                wB += iB * (point0.rB.cross(p1) + point1.rB.cross(p2))
                point0.normalImpulse = x.0
                point1.normalImpulse = x.1
            }
        }
        store(vA, wA, vB, wB, bodies)
    }

    /// The impulses go back to the contact's manifold for the next step's warm start.
    func storeImpulses(_ graph: inout UIKitContactGraph) {
        graph[contact].manifold.point0.normalImpulse = point0.normalImpulse
        graph[contact].manifold.point0.tangentImpulse = point0.tangentImpulse
        if velocityPointCount == 2 {
            graph[contact].manifold.point1.normalImpulse = point1.normalImpulse
            graph[contact].manifold.point1.tangentImpulse = point1.tangentImpulse
        }
    }

    /// One position iteration over the manifold's points (all of them, even when the velocity
    /// rows kept one): `C = clamp(β·(s + slop), −maxCorrection, 0)` moves the bodies apart by
    /// `−C/K` along the normal. `toi` is a TOI island's pair: β is then b2_toiBaugarte and only
    /// those two bodies move. Returns the smallest separation seen.
    func solvePosition(_ bodies: UnsafeMutableBufferPointer<BodyState>, toi: (Int, Int)? = nil) -> Double {
        var (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)
        var baumgarte = UIKitConstants.baumgarte
        if let toi {
            baumgarte = UIKitConstants.toiBaumgarte
            if slotA != toi.0 && slotA != toi.1 { (mA, iA) = (0, 0) }
            if slotB != toi.0 && slotB != toi.1 { (mB, iB) = (0, 0) }
        }
        var minSeparation = 0.0
        if manifold.pointCount == 2, let separation = solvePositionBlock(bodies, baumgarte, mA, mB, iA, iB) {
            return separation
        }
        for j in 0..<manifold.pointCount {
            let a = bodies[slotA], b = bodies[slotB]
            let xfA = Transform(position: a.position, rotation: a.rotation)
            let xfB = Transform(position: b.position, rotation: b.rotation)
            let psm = manifold.positionPoint(j, xfA, radiusA: radiusA, xfB, radiusB: radiusB)
            let (rA, rB) = (psm.arms.rA, psm.arms.rB)
            minSeparation = min(minSeparation, psm.separation)
            let c = min(max(baumgarte * (psm.separation + UIKitConstants.linearSlop), -UIKitConstants.maxLinearCorrection), 0)
            let rnA = rA.cross(psm.normal), rnB = rB.cross(psm.normal)
            let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let impulse = (k > 0 ? -c / k : 0) * psm.normal
            bodies[slotA].correct(by: -mA * impulse, turn: -iA * rA.cross(impulse))
            bodies[slotB].correct(by: mB * impulse, turn: iB * rB.cross(impulse))
        }
        return minSeparation
    }

    /// Both points of a two-point manifold corrected at once: the 2×2 system `K·λ = −C` of the
    /// linearized separations, when both points are beyond the slop and the answer pushes at
    /// both. A face lying flat on a face is then pushed out without a turn, where correcting
    /// the points one after the other turns it a little each time. Nil (nothing moved) otherwise.
    private func solvePositionBlock(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ baumgarte: Double,
        _ mA: Double, _ mB: Double, _ iA: Double, _ iB: Double
    ) -> Double? {
        let a = bodies[slotA], b = bodies[slotB]
        let xfA = Transform(position: a.position, rotation: a.rotation)
        let xfB = Transform(position: b.position, rotation: b.rotation)
        let p0 = manifold.positionPoint(0, xfA, radiusA: radiusA, xfB, radiusB: radiusB)
        let p1 = manifold.positionPoint(1, xfA, radiusA: radiusA, xfB, radiusB: radiusB)
        func correction(_ s: Double) -> Double {
            min(max(baumgarte * (s + UIKitConstants.linearSlop), -UIKitConstants.maxLinearCorrection), 0)
        }
        let (c0, c1) = (correction(p0.separation), correction(p1.separation))
        guard c0 < 0 && c1 < 0 else { return nil }
        let normal = p0.normal
        let (rA0, rB0, rA1, rB1) = (p0.arms.rA, p0.arms.rB, p1.arms.rA, p1.arms.rB)
        let (rn0A, rn0B, rn1A, rn1B) = (rA0.cross(normal), rB0.cross(normal), rA1.cross(normal), rB1.cross(normal))
        let k11 = mA + mB + iA * rn0A * rn0A + iB * rn0B * rn0B
        let k22 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k12 = mA + mB + iA * rn0A * rn1A + iB * rn0B * rn1B
        let det = k11 * k22 - k12 * k12
        guard k11 * k11 < 1000 * det else { return nil }
        let x0 = (-k22 * c0 + k12 * c1) / det
        let x1 = (k12 * c0 - k11 * c1) / det
        guard x0 >= 0 && x1 >= 0 else { return nil }
        let (q0, q1) = (x0 * normal, x1 * normal)
        bodies[slotA].correct(by: -mA * (q0 + q1), turn: -iA * (rA0.cross(q0) + rA1.cross(q1)))
        bodies[slotB].correct(by: mB * (q0 + q1), turn: iB * (rB0.cross(q0) + rB1.cross(q1)))
        return min(p0.separation, p1.separation)
    }
}
