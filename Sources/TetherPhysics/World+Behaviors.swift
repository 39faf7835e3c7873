/// The per-body controls behaviors use: forces, impulses, materials, collision groups.
extension World {
    /// A continuous force (mass·pt/s²) and torque acting on the body until changed.
    public mutating func setForce(_ force: Vec2, torque: Double = 0, of id: BodyID) {
        let slot = requireSlot(id)
        if properties[slot].force == force && properties[slot].torque == torque { return }
        properties[slot].force = force
        properties[slot].torque = torque
        preparedSubstep = 0
        wake()
    }

    /// An instantaneous impulse (mass·pt/s) applied at `offset` from the center (world orientation).
    public mutating func applyImpulse(_ impulse: Vec2, at offset: Vec2 = .zero, to id: BodyID) {
        let slot = requireSlot(id)
        let p = properties[slot]
        states[slot].velocity += p.inverseMass * impulse
        states[slot].angularVelocity += p.inverseInertia * offset.cross(impulse)
        wake()
    }

    /// Changes the body's definition in place (density, resistance, materials, `anchored`,
    /// `allowsRotation`); its position and velocity stay, except that an anchored body or a body
    /// that may not rotate loses the corresponding velocity.
    public mutating func updateDefinition(of id: BodyID, _ change: (inout BodyDefinition) -> Void) {
        let slot = requireSlot(id)
        change(&properties[slot].definition)
        properties[slot].updateMass()
        if properties[slot].inverseMass == 0 { states[slot].velocity = .zero }
        if properties[slot].inverseInertia == 0 { states[slot].angularVelocity = 0 }
        preparedSubstep = 0
        wake()
    }

    /// The collision groups of the body (see `BodyProperties.itemGroups`).
    public mutating func setCollisionGroups(items: UInt64, boundaries: UInt64, of id: BodyID) {
        let slot = requireSlot(id)
        let before = properties[slot].itemGroups | properties[slot].boundaryGroups
        if before == 0 && items | boundaries != 0 { collidingBodyCount += 1 }
        if before != 0 && items | boundaries == 0 { collidingBodyCount -= 1 }
        if properties[slot].itemGroups == items && properties[slot].boundaryGroups == boundaries { return }
        properties[slot].itemGroups = items
        properties[slot].boundaryGroups = boundaries
        wake()
    }

    func requireSlot(_ id: BodyID) -> Int {
        guard let slot = slot(of: id) else { preconditionFailure("no body with id \(id.rawValue)") }
        return slot
    }
}
