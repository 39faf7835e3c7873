/// Every body's position and rotation, read in place: for code that reads many bodies each frame
/// (the output's rows read all of them). `World.withPlacements` opens the world's arrays once;
/// calling `World.placement(of:)` per body passed the whole world along with each call, and
/// copying it cost more than the rest of the row.
///
/// Valid only inside the `withPlacements` call that made it.
public struct BodyPlacements {
    @usableFromInline let slots: UnsafeBufferPointer<Int32>
    @usableFromInline let states: UnsafeBufferPointer<BodyState>

    @usableFromInline
    init(slots: UnsafeBufferPointer<Int32>, states: UnsafeBufferPointer<BodyState>) {
        self.slots = slots
        self.states = states
    }

    /// Where the body is and how it is turned (the body must exist, as for `World.position(of:)`).
    @inlinable
    public subscript(id: BodyID) -> (position: Vec2, rotation: Rotation) {
        let raw = Int(id.rawValue)
        precondition(raw >= 0 && raw < slots.count, "no body with this id")
        let slot = Int(slots[raw])
        precondition(slot > 0 && slot < states.count, "no body with this id")
        let state = states.baseAddress! + slot
        return (state.pointee.position, state.pointee.rotation)
    }
}

extension World {
    /// Calls `body` with read access to every body's position and rotation.
    @inlinable
    public func withPlacements<R>(_ body: (BodyPlacements) throws -> R) rethrows -> R {
        try bodySlots.withUnsafeBufferPointer { slots in
            try states.withUnsafeBufferPointer { states in
                try body(BodyPlacements(slots: slots, states: states))
            }
        }
    }
}
