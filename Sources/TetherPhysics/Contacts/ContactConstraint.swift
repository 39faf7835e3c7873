/// One contact point's solver state for the current step.
struct ContactPointState: Sendable {
    /// Lever arms from the bodies' centers at the start of the step (world orientation).
    var anchorA = Vec2.zero
    var anchorB = Vec2.zero
    /// The rows' angular parts: `anchor × normal` and `anchor × tangent` for each body, so a row's
    /// velocity is `n·(v_B − v_A) + ω_B·rn_B − ω_A·rn_A` without forming the lever-arm velocities.
    var normalArmA = 0.0
    var normalArmB = 0.0
    var tangentArmA = 0.0
    var tangentArmB = 0.0
    /// Separation at the start of the step, corrected for the anchors' positions.
    var baseSeparation = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    /// The largest normal impulse of the step (restitution applies only to points that pushed).
    var maxNormalImpulse = 0.0
    /// Normal relative velocity before the step, for restitution.
    var relativeVelocity = 0.0
}

/// The contact rows' softness for substep length h (Box2D v3's contact hertz, at most a quarter
/// of the substep rate, doubled against immovable partners), computed once per step rather than
/// once per contact, with the block solver's diagonal softening ratio `impulseScale/massScale`.
struct ContactSoftness: Sendable {
    var movable: Softness
    var immovable: Softness
    var movableBlockRatio: Double
    var immovableBlockRatio: Double

    init(h: Double) {
        let hertz = min(ContactConstants.hertz, 0.125 / h)
        movable = Softness(hertz: hertz, zeta: ContactConstants.dampingRatio, h: h)
        immovable = Softness(hertz: 2 * hertz, zeta: ContactConstants.dampingRatio, h: h)
        func ratio(_ s: Softness) -> Double { s.massScale > 0 ? s.impulseScale / s.massScale : 0 }
        movableBlockRatio = ratio(movable)
        immovableBlockRatio = ratio(immovable)
    }
}

/// The solver's view of one contact for one step (Box2D v3's `b2ContactConstraint`): body
/// slots, masses, lever arms and effective masses, rebuilt every step from the persistent
/// `Contact` in a dense array of its own, so the rows stream through memory that holds nothing
/// else; the impulses go back to the contact at the end of the step for warm starting. A row's
/// contact is the coloring's `order` at the row's index, kept out of the row so that storing the
/// impulses need not read it.
struct ContactConstraint: Sendable {
    var slotA = 0
    var slotB = 0
    var pointCount = 0
    var normal = Vec2.zero
    var friction = 0.0
    var restitution = 0.0
    var inverseMassA = 0.0
    var inverseMassB = 0.0
    var inverseInertiaA = 0.0
    var inverseInertiaB = 0.0
    /// Whether the bodies can move: an immovable partner's velocity is never written, so rows
    /// that share only a boundary or an anchored item do not wait on each other.
    var movesA = false
    var movesB = false
    var softness = Softness.rigid
    /// The bodies' poses at the start of the step, from which the current separation follows.
    var positionA = Vec2.zero
    var positionB = Vec2.zero
    var rotationA = Rotation.identity
    var rotationB = Rotation.identity
    var point0 = ContactPointState()
    var point1 = ContactPointState()
    /// The 2×2 normal mass matrix of a two-point manifold, and whether it is well enough
    /// conditioned for the block solver (Box2D's condition-number test).
    var k11 = 0.0
    var k12 = 0.0
    var k22 = 0.0
    var blockConditioned = false
    /// The block solver's diagonal softening `k·impulseScale/massScale` of each point's soft row.
    var blockSoftening0 = 0.0
    var blockSoftening1 = 0.0
    /// `1/det K` of the block with both rows rigid, and with both rows soft.
    var inverseDeterminantRigid = 0.0
    var inverseDeterminantSoft = 0.0

    /// Once per step: body slots and masses, lever arms, effective masses, restitution speeds,
    /// and last step's impulses for warm starting, from `contacts[index]`. Fills the row in place
    /// (the rows of a pile are rebuilt every step; constructing and copying them cost more than
    /// the fill itself).
    mutating func prepare(
        _ contacts: UnsafeBufferPointer<Contact>, index: Int, slotA: Int, slotB: Int,
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ properties: UnsafeMutableBufferPointer<BodyProperties>,
        softnesses: ContactSoftness
    ) {
        self.slotA = slotA
        self.slotB = slotB
        let contact = contacts.baseAddress! + index
        let manifold = contact.pointee.manifold
        pointCount = manifold.pointCount
        normal = manifold.normal
        friction = contact.pointee.friction
        restitution = contact.pointee.restitution
        let a = bodies[slotA]
        let b = bodies[slotB]
        inverseMassA = properties[slotA].inverseMass
        inverseMassB = properties[slotB].inverseMass
        inverseInertiaA = properties[slotA].inverseInertia
        inverseInertiaB = properties[slotB].inverseInertia
        movesA = properties[slotA].isMovable
        movesB = properties[slotB].isMovable
        positionA = a.position
        positionB = b.position
        rotationA = a.rotation
        rotationB = b.rotation
        let immovable = inverseMassA == 0 || inverseMassB == 0
        softness = immovable ? softnesses.immovable : softnesses.movable
        let tangent = Vec2(normal.y, -normal.x)
        let (mA, mB, iA, iB) = (inverseMassA, inverseMassB, inverseInertiaA, inverseInertiaB)
        let normal = self.normal
        func makePoint(_ point: ManifoldPoint, _ impulse: AccumulatedImpulse) -> ContactPointState {
            var state = ContactPointState()
            state.anchorA = point.anchorA
            state.anchorB = point.anchorB
            // Separation less the anchors' part: adding the anchors' current offset gives the
            // separation after the bodies have moved (Box2D v3's adjusted separation).
            state.baseSeparation = point.separation - normal.dot(point.anchorB - point.anchorA)
            let rnA = point.anchorA.cross(normal)
            let rnB = point.anchorB.cross(normal)
            state.normalArmA = rnA
            state.normalArmB = rnB
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            state.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = point.anchorA.cross(tangent)
            let rtB = point.anchorB.cross(tangent)
            state.tangentArmA = rtA
            state.tangentArmB = rtB
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            state.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            let relative =
                (b.velocity + point.anchorB.crossed(byScalar: b.angularVelocity))
                - (a.velocity + point.anchorA.crossed(byScalar: a.angularVelocity))
            state.relativeVelocity = normal.dot(relative)
            state.normalImpulse = impulse.normal
            state.tangentImpulse = impulse.tangent
            return state
        }
        if pointCount > 0 { point0 = makePoint(manifold.point0, contact.pointee.impulse0) }
        blockConditioned = false
        blockSoftening0 = 0
        blockSoftening1 = 0
        if pointCount < 2 {
            point1 = ContactPointState()
        } else {
            point1 = makePoint(manifold.point1, contact.pointee.impulse1)
            // The points' normal arms, computed once by `makePoint` (the same products).
            let (rn0A, rn0B) = (point0.normalArmA, point0.normalArmB)
            let (rn1A, rn1B) = (point1.normalArmA, point1.normalArmB)
            let mass = mA + mB
            k11 = mass + iA * rn0A * rn0A + iB * rn0B * rn0B
            k22 = mass + iA * rn1A * rn1A + iB * rn1B * rn1B
            k12 = mass + iA * rn0A * rn1A + iB * rn0B * rn1B
            blockConditioned = k11 * k11 < 1000 * (k11 * k22 - k12 * k12)
            let ratio = immovable ? softnesses.immovableBlockRatio : softnesses.movableBlockRatio
            blockSoftening0 = k11 * ratio
            blockSoftening1 = k22 * ratio
            inverseDeterminantRigid = 1 / (k11 * k22 - k12 * k12)
            inverseDeterminantSoft = 1 / ((k11 + blockSoftening0) * (k22 + blockSoftening1) - k12 * k12)
        }
    }

    /// Which rows a `ContactRowQuad` can hold together: rows of the same kind.
    enum Grouping: UInt8 {
        /// Two points solved as a block (a face on a face).
        case twoPoints
        /// Two points whose 2×2 block is too badly conditioned for the block solver (points
        /// close together, say): each point's normal row solved after the other's.
        case twoPointsInOrder
        /// One point (a corner, a circle).
        case onePoint
        /// No point: always solved on its own.
        case alone
    }

    var grouping: Grouping {
        switch pointCount {
        case 1: return .onePoint
        case 2: return blockConditioned ? .twoPoints : .twoPointsInOrder
        default: return .alone
        }
    }

    /// Whether `applyRestitution` can do anything: some point approached faster than the
    /// restitution threshold and the materials bounce. Known once prepared.
    var mayBounce: Bool {
        restitution != 0
            && (point0.relativeVelocity < -ContactConstants.restitutionThreshold
                || (pointCount > 1 && point1.relativeVelocity < -ContactConstants.restitutionThreshold))
    }

    /// The impulses to carry into the next step.
    var impulse0: AccumulatedImpulse { AccumulatedImpulse(normal: point0.normalImpulse, tangent: point0.tangentImpulse) }
    var impulse1: AccumulatedImpulse { AccumulatedImpulse(normal: point1.normalImpulse, tangent: point1.tangentImpulse) }
}
