import TetherPhysics

/// UIScrollView's deceleration: the velocity is multiplied by `rate` every millisecond.
///
/// Stepped with the exact integral of v(t) = v₀·rate^(1000·t) over each frame, so the offsets
/// don't depend on the frame rate. The two per-frame factors are computed once, here.
public struct Deceleration: Sendable, Hashable {
    /// UIScrollView.DecelerationRate.normal, used when a finger lifts.
    public static let normalRate = 0.998
    /// Below this speed (pt/s) the content counts as stopped: a quarter point per second is
    /// far under a pixel per frame.
    public static let stopSpeed = 0.25

    public let rate: Double
    /// 1000·ln rate (< 0): the velocity's decay constant per second.
    public let logPerSecond: Double
    /// r = rate^(1000·T): the velocity factor of one frame.
    public let velocityFactor: Double
    /// (r − 1)/(1000·ln rate): the distance covered in one frame per unit of velocity.
    public let distanceFactor: Double

    /// `rate` in (0, 1), `frameDuration` T > 0 in seconds.
    public init(rate: Double, frameDuration: Double) {
        self.rate = rate
        let perSecondLog = 1000 * DeterministicMath.log(rate)
        logPerSecond = perSecondLog
        velocityFactor = DeterministicMath.exp(perSecondLog * frameDuration)
        distanceFactor = (velocityFactor - 1) / perSecondLog
    }

    /// One frame from (offset, velocity): the new offset and velocity.
    public func step(offset: Double, velocity: Double) -> (offset: Double, velocity: Double) {
        (offset + velocity * distanceFactor, velocity * velocityFactor)
    }

    /// The distance still to travel from `velocity`: v/(−1000·ln rate).
    public func remainingDistance(velocity: Double) -> Double {
        -velocity / logPerSecond
    }

    /// When a deceleration from `velocity` has covered `distance` (same sign, not beyond
    /// ``remainingDistance(velocity:)``), and how fast it still moves then.
    ///
    /// The velocity falls linearly with the distance covered, v = v₀ + 1000·ln(rate)·x, and
    /// rate^(1000·t) = v/v₀ gives the time. A distance at or past the end of the motion gives
    /// velocity 0 and an infinite time.
    public func arrival(after distance: Double, from velocity: Double) -> (time: Double, velocity: Double) {
        let arrivalVelocity = velocity + logPerSecond * distance
        let fraction = arrivalVelocity / velocity
        guard fraction > 0 else { return (.infinity, 0) }
        return (max(0, DeterministicMath.log(fraction) / logPerSecond), arrivalVelocity)
    }
}
