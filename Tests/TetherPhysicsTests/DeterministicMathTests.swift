import Foundation
import Testing
@testable import TetherPhysics

/// The hand-written transcendental functions agree with the platform's libm to within a few ulps.
@Suite struct DeterministicMathTests {
    static let samples: [Double] = (0..<2001).map { -50 + Double($0) * 0.05 }

    @Test func expMatchesLibm() {
        for x in Self.samples + [-700, 700, 1e-10, -1e-10] {
            let ours = DeterministicMath.exp(x)
            let libm = Foundation.exp(x)
            #expect(abs(ours - libm) <= 4 * libm.ulp, "exp(\(x)) = \(ours), libm \(libm)")
        }
    }

    /// e^0 is exactly 1, for both zeros (the function answers them without the series), and
    /// the smallest arguments around zero still go through the series to within an ulp of 1.
    @Test func expOfZeroIsExactlyOne() {
        #expect(DeterministicMath.exp(0) == 1)
        #expect(DeterministicMath.exp(-0.0) == 1)
        for x in [Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 1e-300, -1e-300] {
            #expect(abs(DeterministicMath.exp(x) - 1) <= Double.ulpOfOne, "exp(\(x))")
        }
    }

    @Test func logMatchesLibm() {
        for x in Self.samples.map({ Foundation.exp($0) }) + [0.998, 0.99, 1, 2, 1e300, 1e-300] {
            let ours = DeterministicMath.log(x)
            let libm = Foundation.log(x)
            #expect(abs(ours - libm) <= 4 * max(libm.ulp, Double.ulpOfOne), "log(\(x))")
        }
    }

    @Test func sinCosMatchLibm() {
        for x in Self.samples + [1000, -1000, 1e5] {
            let (s, c) = DeterministicMath.sinCos(x)
            #expect(abs(s - Foundation.sin(x)) < 1e-14 * max(1, abs(x)), "sin(\(x))")
            #expect(abs(c - Foundation.cos(x)) < 1e-14 * max(1, abs(x)), "cos(\(x))")
        }
    }

    @Test func atan2MatchesLibm() {
        for a in stride(from: -3.14, through: 3.14, by: 0.01) {
            for r in [1e-3, 1.0, 250.0] {
                let (s, c) = (r * Foundation.sin(a), r * Foundation.cos(a))
                #expect(abs(DeterministicMath.atan2(s, c) - Foundation.atan2(s, c)) < 1e-14, "atan2 at \(a)")
            }
        }
        #expect(DeterministicMath.atan2(0, -1) == Double.pi)
        #expect(DeterministicMath.atan2(0, 0) == 0)
    }

    @Test func rotationIntegrationStaysUnitAndAccurate() {
        var q = Rotation.identity
        for _ in 0..<10_000 { q = q.integrated(by: 0.001) }
        #expect(abs(q.c * q.c + q.s * q.s - 1) < 1e-15)
        // Cayley steps lose dθ³/12 each: 10 000 · 1e-9/12 ≈ 8e-7 rad.
        #expect(abs(q.angle - (10 - 4 * Double.pi)) < 2e-6, "angle \(q.angle)")
    }
}
