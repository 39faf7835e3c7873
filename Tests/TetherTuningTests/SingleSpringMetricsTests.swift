import Foundation
import Testing
import TetherJSON
import TetherScenario
@testable import TetherTuning

/// The metrics of one spring released from a known displacement, against the damped oscillator.
///
/// The scene: a one-item list (item 100 × 100, center y = 50) in a 100 × 50 viewport, so the
/// content can scroll 50 pt. One programmatic `scroll` of 50 pt in one frame, with no finger:
/// the touch location is (0, 0), the axis distance to the anchor is d = 50, and with resistance
/// 250 the item moves Δ·min(d/resistance, 1) = 50 · 0.2 = 10 pt. It is then a free spring
/// released from x₀ = 10 pt at rest, at the start of the step that produces frame 1 (time 0).
/// The release frame R is 1 (event at frame 0, shown from frame 1), at time h = 1/60 s.
@Suite struct SingleSpringMetricsTests {
    static let x0 = 10.0
    static let h = 1.0 / 60

    static func scenario(damping: Double, frequency: Double, frames: Int) throws -> Scenario {
        let text = """
            {"name": "single-spring", "frames": \(frames), "viewport": {"width": 100, "height": 50},
             "layout": {"type": "flow", "sections": [1], "itemSize": {"width": 100, "height": 100}},
             "dynamics": {"type": "springy", "spring": {"length": 0, "damping": \(damping), "frequency": \(frequency)},
                          "resistance": 250, "distance": "axis", "tilePadding": null},
             "events": [{"frame": 0, "type": "scroll", "by": {"x": 0, "y": 50}, "frames": 1}]}
            """
        return try ScenarioLoader.decode(try JSONParser.parse(text), file: "single.json")
    }

    /// x(t), v(t) of the underdamped oscillator released from x₀ at rest.
    static func exact(_ t: Double, zeta: Double, omega: Double) -> (x: Double, v: Double) {
        let root = (1 - zeta * zeta).squareRoot()
        let wd = omega * root
        let decay = exp(-zeta * omega * t)
        let x = x0 * decay * (cos(wd * t) + zeta / root * sin(wd * t))
        let v = -x0 * omega / root * decay * sin(wd * t)
        return (x, v)
    }

    @Test func overshootOfHalfDampedSpringIs16Point3Percent() throws {
        let metrics = try MetricRecorder.measure(try Self.scenario(damping: 0.5, frequency: 0.5, frames: 360))
        #expect(metrics.releaseFrame == 1)
        // One step has passed at R: x(h) = x₀(1 − (ωh)²/2 + …) is 0.14 % below x₀ at ω = π.
        #expect(abs(metrics.displacement - Self.x0) < 0.02, "\(metrics.displacement)")
        let expected = 100 * exp(-Double.pi * 0.5 / (1 - 0.25).squareRoot())  // 16.303 %
        let percent = try #require(metrics.overshootPercent)
        #expect(abs(percent / expected - 1) < 0.005, "overshoot \(percent) %, expected \(expected) %")
        #expect(abs(metrics.overshoot - Self.x0 * expected / 100) < 0.005 * Self.x0 * expected / 100)
        #expect(metrics.lag == 0)  // no finger ever
        #expect(metrics.oscillations == 0)  // +10 → −1.63 → +0.27: one sign change beyond ±0.5
        // Peak speed: v is largest where tan(ω_d t) = √(1−ζ²)/ζ.
        let omega = Double.pi
        let tPeak = atan((1 - 0.25).squareRoot() / 0.5) / (omega * (1 - 0.25).squareRoot())
        let vPeak = abs(Self.exact(tPeak, zeta: 0.5, omega: omega).v)
        #expect(abs(metrics.peakSpeed / vPeak - 1) < 0.01, "\(metrics.peakSpeed) vs \(vPeak)")
        // The world pauses once every body is slower than 0.5 pt/s for 0.5 s (as UIDynamicAnimator
        // does), so the item may freeze a little off its anchor, but inside the settle band.
        #expect(metrics.finalError <= SettleCriteria().distance)
    }

    /// The envelope bound: |x| ≤ x₀e^(−ζωt)/√(1−ζ²) and |v| ≤ x₀ω e^(−ζωt)/√(1−ζ²), and the
    /// oscillator touches each envelope once every half damped period π/ω_d. So the last moment
    /// the state leaves the settle band lies in (t_est − π/ω_d, t_est], where t_est is when both
    /// envelopes are inside (|x| ≤ 0.5 pt, |v| ≤ 1 pt/s). settle counts whole frames from R (time
    /// h): settle = S·h − h with S the first settled frame, and S·h ≤ (last violation) + h.
    /// Hence t_est − π/ω_d − h < settle ≤ t_est; a second check samples the exact solution at the
    /// frame times and must agree within one frame.
    @Test(arguments: [(0.5, 0.5), (0.3, 1.0), (0.7, 2.0)])
    func settleTimeMatchesTheEnvelopeEstimate(zeta: Double, frequency: Double) throws {
        let frames = 600
        let metrics = try MetricRecorder.measure(try Self.scenario(damping: zeta, frequency: frequency, frames: frames))
        let settle = try #require(metrics.settle)
        let omega = 2 * Double.pi * frequency
        let root = (1 - zeta * zeta).squareRoot()
        let criteria = SettleCriteria()
        let tx = log(Self.x0 / (criteria.distance * root)) / (zeta * omega)
        let tv = log(Self.x0 * omega / (criteria.speed * root)) / (zeta * omega)
        let estimate = max(tx, tv)
        let slack = Double.pi / (omega * root)
        #expect(settle <= estimate + 1e-9, "settle \(settle) s, envelope estimate \(estimate) s")
        #expect(settle > estimate - slack - Self.h, "settle \(settle) s, envelope estimate \(estimate) s − \(slack) s")

        var lastViolation = 0
        for g in 1...frames {
            let (x, v) = Self.exact(Double(g) * Self.h, zeta: zeta, omega: omega)
            if abs(x) > criteria.distance || abs(v) >= criteria.speed { lastViolation = g }
        }
        // First settled frame S = lastViolation + 1, counted from R = 1.
        let sampled = Double(lastViolation) * Self.h
        #expect(abs(settle - sampled) <= Self.h + 1e-9, "settle \(settle) s, sampled closed form \(sampled) s")
    }

    /// ζ = 0.1: successive extremes shrink by e^(−πζ/√(1−ζ²)) = 0.729: 10, −7.29, 5.32, …, −0.58,
    /// 0.43. Nine sign changes swing beyond ±0.5 pt → 4 oscillations.
    @Test func oscillationsCountSwingsBeyondTheSettleBand() throws {
        let metrics = try MetricRecorder.measure(try Self.scenario(damping: 0.1, frequency: 0.5, frames: 1200))
        #expect(metrics.oscillations == 4)
        let wider = try MetricRecorder.measure(
            try Self.scenario(damping: 0.1, frequency: 0.5, frames: 1200), criteria: SettleCriteria(distance: 3))
        // Beyond ±3 pt: 10, −7.29, 5.32, −3.88 → 3 changes → 1.
        #expect(wider.oscillations == 1)
    }

    @Test func aRunThatEndsBeforeSettlingHasNoSettleTime() throws {
        let metrics = try MetricRecorder.measure(try Self.scenario(damping: 0.1, frequency: 0.5, frames: 120))
        #expect(metrics.settle == nil)
        #expect(metrics.finalError > 0.5)
        #expect(metrics.text(of: .settle) == "")
    }

    /// A finger drag: lag is the largest axial displacement while the finger is down, and the
    /// release frame follows the last content move (the touchUp here, no fling).
    @Test func lagIsMeasuredWhileTheFingerIsDown() throws {
        let text = """
            {"name": "lag", "frames": 300, "viewport": {"width": 320, "height": 568},
             "layout": {"type": "flow", "sections": [50], "itemSize": {"width": 320, "height": 44}},
             "dynamics": {"type": "springy", "preset": "vv"},
             "events": [{"frame": 5, "type": "touchDown", "point": {"x": 160, "y": 100}},
                        {"frame": 5, "type": "drag", "by": {"x": 0, "y": -200}, "frames": 15},
                        {"frame": 20, "type": "touchUp"}]}
            """
        let scenario = try ScenarioLoader.decode(try JSONParser.parse(text), file: "lag.json")
        let metrics = try MetricRecorder.measure(scenario)
        #expect(metrics.releaseFrame == 21)
        #expect(metrics.lag > 0)
        #expect(metrics.lag <= 200 + 1e-9)  // nothing lags more than the whole drag
        #expect(metrics.displacement > 0)
    }
}
