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
    /// r = rate^(1000·T): the velocity factor of one frame.
    public let velocityFactor: Double
    /// (r − 1)/(1000·ln rate): the distance covered in one frame per unit of velocity.
    public let distanceFactor: Double

    /// `rate` in (0, 1), `frameDuration` T > 0 in seconds.
    public init(rate: Double, frameDuration: Double) {
        self.rate = rate
        let perSecondLog = 1000 * DeterministicMath.log(rate)
        velocityFactor = DeterministicMath.exp(perSecondLog * frameDuration)
        distanceFactor = (velocityFactor - 1) / perSecondLog
    }

    /// One frame from (offset, velocity): the new offset and velocity.
    public func step(offset: Double, velocity: Double) -> (offset: Double, velocity: Double) {
        (offset + velocity * distanceFactor, velocity * velocityFactor)
    }

    /// The distance still to travel from `velocity`: v/(−1000·ln rate).
    public func remainingDistance(velocity: Double) -> Double {
        -velocity / (1000 * DeterministicMath.log(rate))
    }
}
