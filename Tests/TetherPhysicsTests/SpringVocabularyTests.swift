import Foundation
import Testing
@testable import TetherPhysics

/// `x` rounded to `places` decimals, for comparing with numbers quoted "to the shown precision".
private func rounded(_ x: Double, _ places: Int) -> Double {
    let scale = Foundation.pow(10, Double(places))
    return (x * scale).rounded() / scale
}

/// |a − b| ≤ tolerance·max(|a|, |b|, 1e-300), or both exactly 0.
private func close(_ a: Double, _ b: Double, relative tolerance: Double = 1e-9) -> Bool {
    if a == b { return true }
    return abs(a - b) <= tolerance * max(abs(a), abs(b))
}

/// Springs spanning undamped, under-, critically and overdamped, with several masses.
private let sampleSprings: [SpringParameters] = [
    (1.0, 100.0, 10.0), (1, 157.91367041742973, 17.59291886010284), (2.5, 39.47841760435743, 0),
    (0.5, 9.869604401089358, 3.141592653589793), (3, 300, 60), (1, 230.2, 22), (1, 342.1, 24.7),
    (0.25, 1000, 80), (1, 4, 12),
].map { try! SpringParameters(mass: $0.0, stiffness: $0.1, damping: $0.2) }

@Suite struct SpringVocabularyTests {
    // MARK: Apple's and the reference's worked examples

    /// Apple's `Spring` doc: `Spring(duration: 0.5, bounce: 0.3)` = (mass 1, stiffness 157.9, damping 17.6).
    @Test func swiftUIDurationBounceExample() throws {
        let spring = try SpringParameters(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(rounded(spring.stiffness, 1) == 157.9)
        #expect(rounded(spring.damping, 1) == 17.6)
        #expect(close(spring.dampingRatio, 0.7, relative: 1e-12))
    }

    /// Apple's `Spring` doc: `Spring(mass: 1, stiffness: 100, damping: 10)` = (duration 0.63, bounce 0.5).
    @Test func swiftUIMassStiffnessDampingExample() throws {
        let spring = try SpringParameters(mass: 1, stiffness: 100, damping: 10)
        #expect(rounded(spring.duration, 2) == 0.63)
        #expect(rounded(spring.bounce, 2) == 0.5)
        #expect(close(spring.frequency, 10 / (2 * Double.pi), relative: 1e-14))
        #expect(spring == SpringParameters.coreAnimationDefault)
    }

    /// Reference §6: per-unit-mass (k', c') of the UIKit attachments the peers use.
    @Test(arguments: [
        (1.0, 0.8, 39.48, 10.05), (0.8, 0.5, 25.27, 5.03), (1, 0.6, 39.48, 7.54), (1, 0.4, 39.48, 5.03), (0.5, 1, 9.87, 6.28),
    ])
    func uikitAttachmentPerUnitMass(frequency: Double, zeta: Double, k: Double, c: Double) throws {
        let spring = try SpringParameters(frequency: frequency, dampingRatio: zeta)
        #expect(rounded(spring.stiffnessPerUnitMass, 2) == k)
        #expect(rounded(spring.dampingPerUnitMass, 2) == c)
        // With a mass the coefficients scale, the per-unit-mass values do not.
        let heavy = try SpringParameters(frequency: frequency, dampingRatio: zeta, mass: 4)
        #expect(close(heavy.stiffness, 4 * spring.stiffness, relative: 1e-15))
        #expect(close(heavy.dampingPerUnitMass, spring.dampingPerUnitMass, relative: 1e-15))
        #expect(close(heavy.frequency, frequency) && close(heavy.dampingRatio, zeta))
    }

    /// React Native's Origami default (tension 40, friction 7) → Rebound 230.2 / 22 → ≈ 2.41 Hz, ζ ≈ 0.725.
    @Test func origamiDefault() throws {
        let spring = try SpringParameters(origamiTension: 40, origamiFriction: 7)
        #expect(spring.mass == 1)
        #expect(close(spring.stiffness, 230.2, relative: 1e-14))
        #expect(close(spring.damping, 22, relative: 1e-14))
        #expect(rounded(spring.frequency, 2) == 2.41)
        #expect(rounded(spring.dampingRatio, 3) == 0.725)
        #expect(close(spring.origamiTension, 40, relative: 1e-14) && close(spring.origamiFriction, 7, relative: 1e-14))
    }

    /// React Native's bounciness/speed default (8, 12), worked by hand from the formulas:
    /// b = 0.18824, s = 0.35294, Origami tension 70.912, b3Nobounce 11.975, Origami friction 7.8945
    /// → Rebound tension 342.10, friction 24.68.
    @Test func bouncinessSpeedDefault() throws {
        let spring = try SpringParameters(bounciness: 8, speed: 12)
        #expect(rounded(spring.stiffness, 1) == 342.1)
        #expect(rounded(spring.damping, 2) == 24.68)
        #expect(rounded(spring.origamiTension, 3) == 70.912)
        let back = try #require(spring.bouncinessAndSpeed)
        #expect(close(back.bounciness, 8) && close(back.speed, 12))
        // b3Nobounce's three pieces and their breakpoints.
        #expect(SpringParameters.noBounceFriction(origamiTension: 10) == 0.0007 * 1000 - 0.031 * 100 + 0.64 * 10 + 1.28)
        #expect(SpringParameters.noBounceFriction(origamiTension: 18) == 0.0007 * 5832 - 0.031 * 324 + 0.64 * 18 + 1.28)
        #expect(close(SpringParameters.noBounceFriction(origamiTension: 44), 0.000044 * 85184 - 0.006 * 1936 + 0.36 * 44 + 2, relative: 1e-15))
        // Bounciness 0 sits on the no-bounce curve: close to critical damping.
        let calm = try SpringParameters(bounciness: 0, speed: 12)
        #expect(calm.dampingRatio > 0.9 && calm.dampingRatio < 1.1, "\(calm.dampingRatio)")
    }

    // MARK: Round trips (1e-9 relative)

    @Test func uikitRoundTrip() throws {
        for spring in sampleSprings {
            let back = try SpringParameters(frequency: spring.frequency, dampingRatio: spring.dampingRatio, mass: spring.mass)
            #expect(close(back.stiffness, spring.stiffness) && close(back.damping, spring.damping), "\(spring)")
        }
        for (f, z) in [(0.5, 0.0), (1, 0.8), (2.41, 0.725), (7, 3)] {
            let spring = try SpringParameters(frequency: f, dampingRatio: z, mass: 1.7)
            #expect(close(spring.frequency, f) && close(spring.dampingRatio, z))
        }
    }

    @Test func swiftUIResponseRoundTrip() throws {
        for spring in sampleSprings {
            let back = try SpringParameters(response: spring.response, dampingRatio: spring.dampingFraction, mass: spring.mass)
            #expect(close(back.stiffness, spring.stiffness) && close(back.damping, spring.damping), "\(spring)")
            #expect(close(spring.response, 1 / spring.frequency))
        }
        for (r, z) in [(0.55, 0.825), (0.15, 0.86), (0.5, 1), (1.2, 0)] {
            let spring = try SpringParameters(response: r, dampingRatio: z)
            #expect(close(spring.response, r) && close(spring.dampingFraction, z))
        }
    }

    @Test func swiftUIDurationBounceRoundTrip() throws {
        for spring in sampleSprings {
            let back = try SpringParameters(duration: spring.duration, bounce: spring.bounce, mass: spring.mass)
            #expect(close(back.stiffness, spring.stiffness) && close(back.damping, spring.damping), "\(spring)")
        }
        for (d, b) in [(0.5, 0.0), (0.5, 0.15), (0.5, 0.3), (0.3, -0.5), (2, 1), (0.8, -0.99)] {
            let spring = try SpringParameters(duration: d, bounce: b)
            #expect(close(spring.duration, d) && abs(spring.bounce - b) <= 1e-9 * max(abs(b), 1), "\(d) \(b) → \(spring.bounce)")
        }
        // The bounce ↔ ζ mapping is continuous at 0 and inverts on both sides.
        for b in [-0.9, -0.3, 0, 0.4, 1] {
            #expect(close(SpringParameters.bounce(dampingRatio: SpringParameters.dampingRatio(bounce: b)), b) || b == 0)
        }
        #expect(SpringParameters.dampingRatio(bounce: 0) == 1 && SpringParameters.dampingRatio(bounce: -0.5) == 2)
    }

    @Test func coreAnimationRoundTrip() throws {
        for spring in sampleSprings {
            let back = try SpringParameters(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
            #expect(back == spring)
        }
    }

    @Test func origamiAndReboundRoundTrip() throws {
        for spring in sampleSprings {
            let origami = try SpringParameters(origamiTension: spring.origamiTension, origamiFriction: spring.origamiFriction)
            #expect(close(origami.stiffness, spring.stiffnessPerUnitMass) && close(origami.damping, spring.dampingPerUnitMass), "\(spring)")
            let rebound = try SpringParameters(reboundTension: spring.reboundTension, reboundFriction: spring.reboundFriction)
            #expect(close(rebound.stiffness, spring.stiffnessPerUnitMass) && close(rebound.damping, spring.dampingPerUnitMass))
        }
        for (t, f) in [(40.0, 7.0), (-20, -0.3), (100, 0), (3, 12)] {
            let spring = try SpringParameters(origamiTension: t, origamiFriction: f)
            #expect(close(spring.origamiTension, t) && abs(spring.origamiFriction - f) <= 1e-12 * max(abs(f), 10))
        }
    }

    @Test func bouncinessSpeedRoundTrip() throws {
        for (b, s) in [(8.0, 12.0), (0, 12), (4, 12), (20, 20), (40, 3), (10, 0), (-5, 30), (1, 0.3)] {
            let spring = try SpringParameters(bounciness: b, speed: s)
            let back = try #require(spring.bouncinessAndSpeed, "\(b) \(s)")
            #expect(abs(back.bounciness - b) <= 1e-9 * max(abs(b), 1), "bounciness \(b) → \(back.bounciness)")
            #expect(abs(back.speed - s) <= 1e-9 * max(abs(s), 1), "speed \(s) → \(back.speed)")
        }
        // Spring → (bounciness, speed) → spring, where a representation exists.
        for spring in sampleSprings {
            guard let view = spring.bouncinessAndSpeed else { continue }
            let back = try SpringParameters(bounciness: view.bounciness, speed: view.speed)
            #expect(close(back.stiffness, spring.stiffnessPerUnitMass) && close(back.damping, spring.dampingPerUnitMass), "\(spring)")
        }
        // Bouncier than bounciness 42.5 can say (Origami friction < 0.01): no representation.
        #expect(try SpringParameters(origamiTension: 40, origamiFriction: 0).bouncinessAndSpeed == nil)
        // Above 42.5 the friction curve folds back: the view reports the equivalent value below it.
        let folded = try #require(try SpringParameters(bounciness: 50, speed: 12).bouncinessAndSpeed)
        #expect(close(folded.bounciness, 35))
    }

    // MARK: settlingDuration

    /// The remaining distance 1 − x(t) of a unit step from rest, in closed form (Foundation math).
    private func remaining(_ spring: SpringParameters, _ t: Double) -> Double {
        let w0 = spring.naturalAngularFrequency
        let z = spring.dampingRatio
        let sigma = z * w0
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return Foundation.exp(-sigma * t) * (Foundation.cos(wd * t) + sigma / wd * Foundation.sin(wd * t))
        }
        if z == 1 { return (1 + w0 * t) * Foundation.exp(-w0 * t) }
        // ζ > 1: the two real exponentials (cosh/sinh would overflow for large ζ).
        let root = (z * z - 1).squareRoot()
        let slow = w0 / (z + root)
        let fast = w0 * (z + root)
        return (fast * Foundation.exp(-slow * t) - slow * Foundation.exp(-fast * t)) / (fast - slow)
    }

    /// The last time |remaining| > ε, by scanning back from `limit` in steps of `step` (a check that
    /// shares nothing with the model's search).
    private func lastTimeOutside(_ spring: SpringParameters, limit: Double, step: Double) -> Double {
        var k = (limit / step).rounded(.up)
        while k > 0 && abs(remaining(spring, k * step)) <= 0.001 { k -= 1 }
        return k * step
    }

    /// CASpringAnimation's defaults (1, 100, 10): ζ = 0.5, ω_d = √75, σ = 5. The extrema of
    /// d = 1 − x lie at t_n = nπ/√75 with |d| = e^(−5t_n): the 3rd (1.088 s, d = −0.00434) is the
    /// last outside the 0.1 % band, the 4th (1.451 s, +0.00071) inside; d climbs through −0.001
    /// between them, at 1.2702 s.
    @Test func settlingDurationOfTheDefaults() {
        let spring = SpringParameters.coreAnimationDefault
        let t = spring.settlingDuration
        let halfPeriod = Double.pi / 75.0.squareRoot()
        #expect(t > 3 * halfPeriod && t < 4 * halfPeriod, "\(t)")
        #expect(Foundation.exp(-5 * 3 * halfPeriod) > 0.001 && Foundation.exp(-5 * 4 * halfPeriod) < 0.001)
        #expect(abs(remaining(spring, t) + 0.001) < 1e-15, "on the lower edge of the band: \(remaining(spring, t))")
        #expect(rounded(t, 4) == 1.2702)
    }

    /// Apple's CASpringAnimation example (mass 1, stiffness 100, damping 5, 0 → 640): "approximately
    /// 2.85 seconds". On the exact curve the last exit from the 0.1 % band is at 2.688 s, 5.7 %
    /// sooner; the envelope estimate Tether used before gave 2.776 s. Damping 15 ("just over 1
    /// second" in the same doc) settles at 0.800 s.
    @Test func settlingDurationAgainstApplesExample() throws {
        let loose = try SpringParameters(mass: 1, stiffness: 100, damping: 5)
        let firm = try SpringParameters(mass: 1, stiffness: 100, damping: 15)
        #expect(rounded(loose.settlingDuration, 3) == 2.688, "\(loose.settlingDuration)")
        #expect(abs((loose.settlingDuration - 2.85) / 2.85 + 0.057) < 0.001)
        #expect(rounded(firm.settlingDuration, 3) == 0.800, "\(firm.settlingDuration)")
        // An independent scan at 1 µs finds the same instants.
        #expect(abs(lastTimeOutside(loose, limit: 4, step: 1e-6) - loose.settlingDuration) <= 1e-6)
        #expect(abs(lastTimeOutside(firm, limit: 2, step: 1e-6) - firm.settlingDuration) <= 1e-6)
    }

    /// Critical damping: (1 + u)·e^(−u) = 0.001 at u ≈ 9.2334; the function is continuous across ζ = 1.
    @Test func settlingDurationIsContinuousThroughCriticalDamping() throws {
        let u = SpringParameters.criticalSettlingParameter(epsilon: 0.001)
        #expect(abs((1 + u) * Foundation.exp(-u) - 0.001) < 1e-15)
        #expect(rounded(u, 4) == 9.2334)
        let critical = try SpringParameters(frequency: 1, dampingRatio: 1).settlingDuration
        #expect(close(critical, u / (2 * Double.pi), relative: 1e-13))
        for delta in [1e-12, 1e-9, 1e-6] {
            let below = try SpringParameters(frequency: 1, dampingRatio: 1 - delta).settlingDuration
            let above = try SpringParameters(frequency: 1, dampingRatio: 1 + delta).settlingDuration
            #expect(abs(below - critical) < 1e-4 && abs(above - critical) < 1e-4, "\(delta): \(below) \(critical) \(above)")
        }
        #expect(try SpringParameters(frequency: 1, dampingRatio: 0).settlingDuration == .infinity)
    }

    /// T is the last crossing of the band: |d(T)| = ε, |d| > ε just before, |d| ≤ ε at every
    /// sampled time after (to 5·T), under-, critically and overdamped; and a 10⁻⁵·T scan agrees.
    @Test(arguments: [0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.999, 1, 1.001, 1.5, 4, 30])
    func settlingDurationIsTheLastCrossingOfTheBand(zeta: Double) throws {
        let spring = try SpringParameters(frequency: 1.3, dampingRatio: zeta, mass: 2)
        let t = spring.settlingDuration
        #expect(t.isFinite && t > 0)
        #expect(abs(abs(remaining(spring, t)) - 0.001) < 1e-12, "ζ \(zeta): \(remaining(spring, t))")
        #expect(abs(remaining(spring, t * (1 - 1e-6))) > 0.001, "ζ \(zeta): still outside just before")
        for i in 1...4000 {
            let time = t + Double(i) * t / 1000
            #expect(abs(remaining(spring, time)) <= 0.001 * (1 + 1e-9), "ζ \(zeta) at \(time)")
        }
        let step = t * 1e-5
        #expect(abs(lastTimeOutside(spring, limit: 2 * t, step: step) - t) <= step * (1 + 1e-9), "ζ \(zeta)")
    }

    /// Barely damped springs swing through hundreds of extrema (ζ = 10⁻⁴: ~11 000) before they
    /// settle; the last crossing still lies on the band, just below the envelope time −ln ε/σ.
    @Test(arguments: [1e-3, 1e-4])
    func settlingDurationOfABarelyDampedSpring(zeta: Double) throws {
        let spring = try SpringParameters(frequency: 2, dampingRatio: zeta)
        let t = spring.settlingDuration
        let sigma = zeta * 4 * Double.pi
        let envelope = Foundation.log(1000 / (1 - zeta * zeta).squareRoot()) / sigma
        #expect(t < envelope && envelope - t < 0.5, "ζ \(zeta): \(t) vs envelope \(envelope)")
        #expect(abs(abs(remaining(spring, t)) - 0.001) < 1e-9, "ζ \(zeta): \(remaining(spring, t))")
    }

    // MARK: SwiftUI's overdamping switch

    /// SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping:)`: overdamped and not allowed, the
    /// spring becomes critical with the same mass and stiffness (c = 2√(km)); allowed, it is kept.
    @Test func overdampedSpringsBecomeCriticalUnlessAllowed() throws {
        let clamped = try SpringParameters(mass: 2, stiffness: 200, damping: 100, allowOverDamping: false)
        #expect(clamped.mass == 2 && clamped.stiffness == 200 && clamped.damping == 40)
        #expect(clamped.dampingRatio == 1)
        #expect(close(clamped.settlingDuration, SpringParameters.criticalSettlingParameter(epsilon: 0.001) / 10, relative: 1e-13))
        let kept = try SpringParameters(mass: 2, stiffness: 200, damping: 100, allowOverDamping: true)
        #expect(kept.damping == 100 && kept.dampingRatio == 2.5)
        // Under- and critically damped springs are the same either way.
        for damping in [0.0, 10, 40] {
            let allowed = try SpringParameters(mass: 2, stiffness: 200, damping: damping, allowOverDamping: true)
            let refused = try SpringParameters(mass: 2, stiffness: 200, damping: damping, allowOverDamping: false)
            #expect(allowed == refused && refused.damping == damping)
        }
        #expect(throws: SpringParameterError.self) { try SpringParameters(stiffness: -1, damping: 5, allowOverDamping: false) }
    }

    /// SwiftUI's `Spring.stiffness` is m·(ω² + λ²) from its stored angular frequency ω (ω² = |k/m − λ²|)
    /// and decay λ = c/(2m): k up to critical damping, c²/(2m) − k beyond.
    @Test func swiftUIReportsAnotherStiffnessForOverdampedSprings() throws {
        for (m, k, c) in [(1.0, 100.0, 30.0), (2, 200, 100), (1, 100, 10), (0.5, 50, 10), (1, 157.91367041742973, 0)] {
            let spring = try SpringParameters(mass: m, stiffness: k, damping: c, allowOverDamping: true)
            let lambda = c / (2 * m)
            let omegaSquared = abs(k / m - lambda * lambda)
            #expect(close(spring.swiftUIStiffness, m * (omegaSquared + lambda * lambda), relative: 1e-12), "\(m) \(k) \(c)")
        }
        #expect(try SpringParameters(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true).swiftUIStiffness == 350)
        #expect(try SpringParameters(mass: 1, stiffness: 100, damping: 30, allowOverDamping: false).swiftUIStiffness == 100)
        // Spring(duration: 0.5, bounce: −0.5): ζ = 2, so SwiftUI reports (2ζ² − 1)·k = 7·(4π)².
        let negative = try SpringParameters(duration: 0.5, bounce: -0.5)
        #expect(close(negative.swiftUIStiffness, 7 * negative.stiffness, relative: 1e-12))
    }

    // MARK: Errors

    @Test func invalidParametersThrowClearErrors() {
        func message(_ body: () throws -> SpringParameters) -> String {
            do {
                _ = try body()
                return "no error"
            } catch let error as SpringParameterError {
                return error.description
            } catch {
                return "untyped error \(error)"
            }
        }
        #expect(message { try SpringParameters(mass: 0, stiffness: 1, damping: 1) } == "mass must be greater than 0 (got 0)")
        #expect(message { try SpringParameters(mass: 1, stiffness: -1, damping: 1) } == "stiffness must be greater than 0 (got -1)")
        #expect(message { try SpringParameters(mass: 1, stiffness: 1, damping: -0.5) } == "damping must be 0 or more (got -0.5)")
        #expect(message { try SpringParameters(mass: 1, stiffness: .nan, damping: 1) } == "stiffness must be a finite number (got nan)")
        #expect(message { try SpringParameters(mass: .infinity, stiffness: 1, damping: 1) } == "mass must be a finite number (got inf)")
        #expect(message { try SpringParameters(frequency: 0, dampingRatio: 0.5) } == "frequency must be greater than 0 (got 0)")
        #expect(message { try SpringParameters(frequency: 1, dampingRatio: -1) } == "damping ratio must be 0 or more (got -1)")
        #expect(message { try SpringParameters(frequency: 1, dampingRatio: 0.5, mass: -2) } == "mass must be greater than 0 (got -2)")
        #expect(message { try SpringParameters(response: -0.5, dampingRatio: 0.5) } == "response must be greater than 0 (got -0.5)")
        #expect(message { try SpringParameters(response: 0.5, dampingRatio: .nan) } == "damping fraction must be a finite number (got nan)")
        #expect(message { try SpringParameters(duration: 0, bounce: 0.3) } == "duration must be greater than 0 (got 0)")
        #expect(message { try SpringParameters(duration: 0.5, bounce: -1) } == "bounce must be greater than -1 and at most 1 (got -1)")
        #expect(message { try SpringParameters(duration: 0.5, bounce: 1.5) } == "bounce must be greater than -1 and at most 1 (got 1.5)")
        #expect(message { try SpringParameters(reboundTension: 0, reboundFriction: 1) } == "tension must be greater than 0 (got 0)")
        #expect(message { try SpringParameters(origamiTension: -30, origamiFriction: 7) } == "Origami tension -30 and friction 7 give stiffness -23.2 and damping 22: stiffness must be greater than 0 and damping 0 or more")
        #expect(message { try SpringParameters(origamiTension: 40, origamiFriction: -1) }.contains("damping -2"))
        #expect(message { try SpringParameters(bounciness: .nan, speed: 12) } == "bounciness must be a finite number (got nan)")
        #expect(message { try SpringParameters(bounciness: 8, speed: -20) }.hasPrefix("bounciness 8 and speed -20 give stiffness -"))
        // A tiny duration overflows k to infinity: reported, not stored.
        #expect(message { try SpringParameters(duration: 1e-200, bounce: 0) }.contains("stiffness inf"))
        // Typed: the case carries the parameter.
        #expect(throws: SpringParameterError.notPositive(parameter: "duration", value: -1)) {
            try SpringParameters(duration: -1, bounce: 0)
        }
    }
}
