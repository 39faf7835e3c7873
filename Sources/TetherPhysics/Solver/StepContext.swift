/// What one step's stages work on (Box2D v3's `b2StepContext`): the bodies' dense arrays,
/// opened once for the stages that solve, the step's time constants, and what the step found
/// out about the world before it began. Nothing in it outlives the step.
struct StepContext {
    /// The bodies' states and properties, slot 0 being the immovable ground.
    let bodies: UnsafeMutableBufferPointer<BodyState>
    let properties: UnsafeMutableBufferPointer<BodyProperties>
    /// The substep length (the step's on the UIKit clock, which has no substeps) and its inverse.
    let h: Double
    let inverseH: Double
    /// Whether any movable body feels a force (otherwise velocities are not integrated).
    let hasForces: Bool
    /// Whether anything ties bodies together: a contact, or a joint of a kind that can
    /// (`JointKind.couplesBodies`). When nothing does, the kinds that cannot skip their relax
    /// pass.
    let isCoupled: Bool
    /// The threads stages whose items are independent may be split across (`StepWorkers`).
    let workers: StepWorkers

    /// Runs `stages` with the body arrays opened as buffers.
    static func open<Result>(
        _ states: inout [BodyState], _ properties: inout [BodyProperties], h: Double, hasForces: Bool, isCoupled: Bool,
        workers: StepWorkers = .serial, _ stages: (StepContext) -> Result
    ) -> Result {
        states.withUnsafeMutableBufferPointer { bodies in
            properties.withUnsafeMutableBufferPointer { properties in
                stages(
                    StepContext(
                        bodies: bodies, properties: properties, h: h, inverseH: 1 / h, hasForces: hasForces,
                        isCoupled: isCoupled, workers: workers))
            }
        }
    }
}

/// The scaffolding both clocks share around their stages.
extension World {
    /// Counts the step and tells whether it runs (a paused world does nothing); when the
    /// (sub)step length `h` or the world changed since the last step, refreshes the bodies'
    /// resistance factors and the joints' coefficients for it.
    mutating func beginStep(h: Double) -> Bool {
        stepCount += 1
        if isPaused { return false }
        bodyStepCount += bodyCount
        if preparedSubstep != h {
            hasForces = prepareBodies(h: h)
            prepareJoints(h: h)
            springBySlot = joints.anchorSpringBySlot(bodyCount: states.count)
            pointSpringRuns = joints.pointSpringRuns(springBySlot)
            preparedSubstep = h
        }
        return true
    }

    /// Refreshes resistance factors for substep length h and tells whether any movable body
    /// feels a force (otherwise velocity integration is skipped).
    private mutating func prepareBodies(h: Double) -> Bool {
        var hasForces = false
        for slot in 1..<properties.count {
            if properties[slot].factorsSubstep != h { properties[slot].updateResistanceFactors(h: h) }
            let p = properties[slot]
            if p.inverseMass > 0
                && (p.acceleration != .zero || p.force != .zero || p.torque != 0
                    || p.linearResistanceFactor != 1 || p.angularResistanceFactor != 1)
            {
                hasForces = true
            }
        }
        return hasForces
    }

    /// Resolves the joints' bodies to slots and computes their coefficients for length h.
    private mutating func prepareJoints(h: Double) {
        let slots = bodySlots
        properties.withUnsafeMutableBufferPointer { properties in
            joints.prepare(bodySlots: slots, properties: properties, h: h)
        }
    }

}
