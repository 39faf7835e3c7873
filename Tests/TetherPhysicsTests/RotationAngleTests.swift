import Testing
@testable import TetherPhysics

/// `Rotation.angle` skips the arctangent for unturned rotations; it must answer exactly what
/// `DeterministicMath.atan2` answers, bit for bit, for every rotation, upright or not.
@Suite struct RotationAngleTests {
    static let components: [Double] = [
        0, -0.0, 1, -1, 0.5, -0.5, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .infinity, -.infinity, .nan, 0.8660254037844386, -0.8660254037844386,
    ]

    @Test func angleIsTheArctangentBitForBit() {
        for c in Self.components {
            for s in Self.components {
                let fast = Rotation(c: c, s: s).angle
                let slow = DeterministicMath.atan2(s, c)
                #expect(
                    fast.bitPattern == slow.bitPattern || (fast.isNaN && slow.isNaN),
                    "c \(c), s \(s): \(fast) against \(slow)")
            }
        }
    }

    @Test func turnedRotationsAndTheirAnglesAgree() {
        for step in -40...40 {
            let rotation = Rotation(angle: Double(step) * 0.0785)
            #expect(rotation.angle.bitPattern == DeterministicMath.atan2(rotation.s, rotation.c).bitPattern)
        }
    }
}
