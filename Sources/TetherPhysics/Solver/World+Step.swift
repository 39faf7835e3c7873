/// The stepping pipeline, Box2D v3's "soft step" with one change: smooth forces (gravity,
/// pushes, resistance, springs) are integrated with the trapezoidal rule instead of symplectic
/// Euler, which makes springs second-order accurate. Per substep of length h:
///
/// 1. integrate velocities (forces, resistance);
/// 2. warm start the joints (last substep's impulses);
/// 3. solve the joints, with position bias;
/// 4. integrate positions: `p += h·(v − ½·Δv_smooth)`;
/// 5. relax the joints (rigid rows without bias, springs unchanged).
extension World {
    /// Advances the world by `timeStep` seconds in `substeps` equal substeps.
    public mutating func step(timeStep: Double, substeps: Int) {
        precondition(timeStep > 0 && substeps > 0, "step needs a positive time step and substep count")
        let h = timeStep / Double(substeps)
        updateResistanceFactors(h: h)
        prepareJoints(h: h)
        let bodyCount = states.count
        states.withUnsafeMutableBufferPointer { bodies in
            properties.withUnsafeMutableBufferPointer { props in
                distanceJoints.withUnsafeMutableBufferPointer { joints in
                    for _ in 0..<substeps {
                        Self.integrateVelocities(bodies, props, count: bodyCount, h: h)
                        for j in joints.indices { joints[j].warmStart(bodies) }
                        for j in joints.indices { joints[j].solve(bodies, useBias: true) }
                        Self.integratePositions(bodies, count: bodyCount, h: h)
                        for j in joints.indices { joints[j].solve(bodies, useBias: false) }
                    }
                }
            }
        }
        stepCount += 1
    }

    /// Resolves joint bodies to slots and computes their coefficients for substep length h.
    private mutating func prepareJoints(h: Double) {
        let slots = bodySlots
        properties.withUnsafeMutableBufferPointer { props in
            for j in distanceJoints.indices {
                let a = distanceJoints[j].bodyA.map { Int(slots[Int($0.rawValue)]) } ?? 0
                let b = Int(slots[Int(distanceJoints[j].bodyB.rawValue)])
                distanceJoints[j].prepare(slotA: a, slotB: b, properties: props, h: h)
            }
        }
    }

    /// Resistance decays velocity exactly as e^(−c·h) per substep; the factors are computed when
    /// the substep length or a body changes, never inside the loops.
    private mutating func updateResistanceFactors(h: Double) {
        for slot in 1..<properties.count where properties[slot].factorsSubstep != h {
            properties[slot].updateResistanceFactors(h: h)
        }
    }

    @inline(__always)
    private static func integrateVelocities(
        _ bodies: UnsafeMutableBufferPointer<BodyState>, _ props: UnsafeMutableBufferPointer<BodyProperties>,
        count: Int, h: Double
    ) {
        for i in 1..<count {
            let p = props[i]
            var s = bodies[i]
            s.velocityAtSubstepStart = s.velocity
            s.angularVelocityAtSubstepStart = s.angularVelocity
            if p.inverseMass == 0 {
                s.smoothVelocityChange = .zero
                s.smoothAngularVelocityChange = 0
                bodies[i] = s
                continue
            }
            let v = (s.velocity + h * (p.acceleration + p.inverseMass * p.force)) * p.linearResistanceFactor
            let w = (s.angularVelocity + h * p.inverseInertia * p.torque) * p.angularResistanceFactor
            s.smoothVelocityChange = v - s.velocity
            s.smoothAngularVelocityChange = w - s.angularVelocity
            s.velocity = v
            s.angularVelocity = w
            bodies[i] = s
        }
    }

    @inline(__always)
    private static func integratePositions(_ bodies: UnsafeMutableBufferPointer<BodyState>, count: Int, h: Double) {
        for i in 1..<count {
            var s = bodies[i]
            s.position += h * (s.velocity - 0.5 * s.smoothVelocityChange)
            let dTheta = h * (s.angularVelocity - 0.5 * s.smoothAngularVelocityChange)
            if dTheta != 0 { s.rotation = s.rotation.integrated(by: dTheta) }
            bodies[i] = s
        }
    }
}
