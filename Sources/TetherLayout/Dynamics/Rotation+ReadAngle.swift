import TetherPhysics

extension Rotation {
    /// `angle`, without the arctangent for an unturned body: when the sine is exactly zero and
    /// the cosine not negative, `DeterministicMath.atan2` answers 0 itself. Most bodies of a
    /// list never turn, and the output reads every body's angle every frame, where the call
    /// cost a sixth of building the row.
    @inline(__always)
    var readAngle: Double { s == 0 && c >= 0 ? 0 : angle }
}
