import Testing

@testable import TetherPhysics

/// The contact solver reads a body's velocity and its angular velocity as 16-byte vectors
/// (`ContactRowPair.twoDoubles`); both loads must stay inside the body's own bytes.
struct BodyStateLayoutTests {
    @Test func theSolversTwoDoubleLoadsStayInsideABody() throws {
        let size = MemoryLayout<BodyState>.size
        let linear = try #require(MemoryLayout<BodyState>.offset(of: \.velocity))
        let angular = try #require(MemoryLayout<BodyState>.offset(of: \.angularVelocity))
        #expect(linear + 16 <= size)
        #expect(angular + 16 <= size)
    }

    @Test func theTwoDoubleLoadsReadTheVelocityAndTheAngularVelocity() {
        var bodies = [BodyState.ground, BodyState.ground]
        bodies[1].velocity = Vec2(3, -4)
        bodies[1].angularVelocity = 0.25
        bodies.withUnsafeMutableBufferPointer { buffer in
            let linear = ContactRowPair.twoDoubles(buffer, 1, at: MemoryLayout<BodyState>.offset(of: \.velocity)!)
            let angular = ContactRowPair.twoDoubles(buffer, 1, at: MemoryLayout<BodyState>.offset(of: \.angularVelocity)!)
            #expect(linear[0] == 3 && linear[1] == -4)
            #expect(angular[0] == 0.25)
        }
    }
}
