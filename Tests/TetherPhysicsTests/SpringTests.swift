import Foundation
import Testing
@testable import TetherPhysics

/// The closed-form damped oscillator x(t) for x(0) = x0, ẋ(0) = 0, ζ < 1.
func dampedOscillator(x0: Double, frequency: Double, zeta: Double, t: Double) -> Double {
    let omega = 2 * Double.pi * frequency
    let omegaD = omega * (1 - zeta * zeta).squareRoot()
    return x0 * Foundation.exp(-zeta * omega * t)
        * (Foundation.cos(omegaD * t) + zeta * omega / omegaD * Foundation.sin(omegaD * t))
}

@Suite struct SpringTests {
    /// The acceptance scene: f = 1 Hz, ζ = 0.5, released 100 pt from the anchor.
    @Test func zeroLengthSpringFollowsTheClosedForm() {
        var world = World()
        let item = world.createBody(BodyDefinition(position: Vec2(200, 300), size: Vec2(100, 100)))
        world.createDistanceJoint(.anchor(Vec2(200, 200), to: item, length: 0, frequency: 1, dampingRatio: 0.5))
        var maxError = 0.0
        for frame in 1...180 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            let exact = 200 + dampedOscillator(x0: 100, frequency: 1, zeta: 0.5, t: Double(frame) / 60)
            maxError = max(maxError, abs(world.position(of: item).y - exact))
            #expect(world.position(of: item).x == 200)
        }
        #expect(maxError < 0.5, "max error \(maxError) pt")
        #expect(maxError < 0.02, "trapezoidal rule should be far inside the 0.5 pt budget: \(maxError)")
    }
}
