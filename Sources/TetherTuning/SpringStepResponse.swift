import TetherPhysics

/// The closed-form step response of a damped spring, as Core Animation and SwiftUI animate a
/// value from 0 to 1: x(0) = 0, ẋ(0) = v₀ (CASpringAnimation's `initialVelocity`, in distances
/// per second, positive toward the target), m·ẍ = −k·(x − 1) − c·ẋ.
///
/// With ω = √(k/m), ζ = c/(2√(km)), σ = ζω, the distance still to go d(t) = 1 − x(t) is
/// - underdamped (ζ < 1), ω_d = ω√(1 − ζ²): d = e^(−σt)·(cos ω_d t + (σ − v₀)/ω_d · sin ω_d t)
/// - critically damped (ζ = 1): d = e^(−ωt)·(1 + (ω − v₀)·t)
/// - overdamped (ζ > 1), β = ω√(ζ² − 1): d = e^(−σt)·(cosh βt + (σ − v₀)/β · sinh βt)
/// (each has d(0) = 1 and ḋ(0) = −v₀). Through `DeterministicMath`, so the same on every platform.
public struct SpringStepResponse: Sendable, Hashable {
    public var spring: SpringParameters
    public var initialVelocity: Double

    public init(spring: SpringParameters, initialVelocity: Double = 0) {
        self.spring = spring
        self.initialVelocity = initialVelocity
    }

    /// x(t): 0 at t = 0, 1 at rest.
    public func value(at t: Double) -> Double { 1 - remaining(at: t) }

    /// d(t) = 1 − x(t).
    public func remaining(at t: Double) -> Double {
        let omega = spring.naturalAngularFrequency
        let zeta = spring.dampingRatio
        let sigma = zeta * omega
        let v0 = initialVelocity
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let (sine, cosine) = DeterministicMath.sinCos(omegaD * t)
            return DeterministicMath.exp(-sigma * t) * (cosine + (sigma - v0) / omegaD * sine)
        }
        if zeta == 1 {
            return DeterministicMath.exp(-omega * t) * (1 + (omega - v0) * t)
        }
        let beta = omega * (zeta * zeta - 1).squareRoot()
        // e^(−σt)·cosh βt and e^(−σt)·sinh βt from the two decays σ ∓ β, which never overflow.
        let slow = DeterministicMath.exp(-(sigma - beta) * t)
        let fast = DeterministicMath.exp(-(sigma + beta) * t)
        return (slow + fast) / 2 + (sigma - v0) / beta * (slow - fast) / 2
    }
}
