import Testing
@testable import TetherLayout
import TetherPhysics

/// `Rotation.readAngle` skips the arctangent for unturned bodies; it must answer exactly what
/// `angle` answers, bit for bit, for every rotation, upright or not.
@Suite struct RotationReadAngleTests {
    static let components: [Double] = [
        0, -0.0, 1, -1, 0.5, -0.5, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .infinity, -.infinity, .nan, 0.8660254037844386, -0.8660254037844386,
    ]

    @Test func readAngleIsAngleBitForBit() {
        for c in Self.components {
            for s in Self.components {
                let rotation = Rotation(c: c, s: s)
                let fast = rotation.readAngle
                let slow = rotation.angle
                #expect(
                    fast.bitPattern == slow.bitPattern || (fast.isNaN && slow.isNaN),
                    "c \(c), s \(s): \(fast) against \(slow)")
            }
        }
    }

    @Test func turnedRotationsAndTheirAnglesAgree() {
        for step in -40...40 {
            let rotation = Rotation(angle: Double(step) * 0.0785)
            #expect(rotation.readAngle.bitPattern == rotation.angle.bitPattern)
        }
    }
}
