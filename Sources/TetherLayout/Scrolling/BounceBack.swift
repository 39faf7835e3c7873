import TetherPhysics

/// The spring that returns the content to an edge it went past: released by a finger in the
/// rubber band, or carried there by a deceleration (then from u₀ = 0 with the velocity it had).
///
/// Critically damped, so it never overshoots when released at rest: the overscroll is
/// u(t) = (u₀ + (v₀ + ω·u₀)·t)·e^(−ωt) with ω = 2π/response. Each frame applies the exact
/// 2×2 transition matrix of that solution, computed once, so the result matches the closed form
/// at every frame and doesn't depend on the frame rate. Thrown past the edge at v₀, the content
/// peaks at t = 1/ω, v₀/(e·ω) ≈ 0.0234 s·v₀ beyond it.
public struct BounceBack: Sendable, Hashable {
    /// Response (the period of the undamped spring) of 0.4 s: close to UIScrollView's bounce.
    public static let response = 0.4
    /// The bounce ends, snapped to the edge, when |u| and |u'| are both below these.
    public static let restDistance = 0.01
    public static let restSpeed = 1.0

    /// ω = 2π/response, in s⁻¹.
    public let omega: Double
    // Transition matrix: (u, v) ← (uu·u + uv·v, vu·u + vv·v).
    let uu: Double
    let uv: Double
    let vu: Double
    let vv: Double

    /// The transition over `frameDuration` ≥ 0 seconds: a display frame, or the part of one left
    /// after a deceleration reached the edge.
    public init(frameDuration t: Double, response: Double = BounceBack.response) {
        let w = 2 * DeterministicMath.pi / response
        let decay = DeterministicMath.exp(-w * t)
        omega = w
        uu = decay * (1 + w * t)
        uv = decay * t
        vu = -decay * w * w * t
        vv = decay * (1 - w * t)
    }

    /// One frame from overscroll `u` (pt) and its velocity `v` (pt/s).
    public func step(overscroll u: Double, velocity v: Double) -> (overscroll: Double, velocity: Double) {
        (uu * u + uv * v, vu * u + vv * v)
    }

    /// True once the content is close enough to the edge, and slow enough, to snap to it.
    public static func isAtRest(overscroll u: Double, velocity v: Double) -> Bool {
        abs(u) < restDistance && abs(v) < restSpeed
    }
}
