import Foundation
import Testing
@testable import TetherLayout
import TetherPhysics

/// The issue's list on either axis: 40 rows of 100 pt (content 4 000 pt) in a 568 × 320 pt
/// viewport whose long side lies along the scroll axis, so the largest offset is 3 432.
struct FlingLane: Sendable, CustomStringConvertible {
    static let extent = 568.0
    static let length = 4000.0
    static let maximum = length - extent
    /// How far the start offset lies from the edge the fling heads for.
    static let runUp = 432.0

    let axis: Axis
    /// True: flung toward the largest offset; false: toward 0.
    let towardEnd: Bool

    static let all = Axis.allCases.flatMap { axis in [true, false].map { FlingLane(axis: axis, towardEnd: $0) } }

    var description: String { "\(axis) toward \(towardEnd ? "end" : "start")" }
    var edge: Double { towardEnd ? Self.maximum : 0 }
    var start: Double { towardEnd ? Self.maximum - Self.runUp : Self.runUp }
    /// +1 toward the end, −1 toward the start.
    var sign: Double { towardEnd ? 1 : -1 }

    func model(hz: Double = 60, offset: Double? = nil) -> ScrollModel {
        var viewport = Size(width: 320, height: 320)
        viewport[axis] = Self.extent
        var content = viewport
        content[axis] = Self.length
        var origin = Vec2.zero
        origin[axis] = offset ?? start
        return ScrollModel(viewportSize: viewport, contentSize: content, axis: axis, contentOffset: origin, frameDuration: 1 / hz)
    }

    func velocity(_ speed: Double) -> Vec2 {
        var v = Vec2.zero
        v[axis] = sign * speed
        return v
    }

    /// How far past the edge `offset` lies (positive outside the range).
    func overscroll(_ offset: Vec2) -> Double { sign * (offset[axis] - edge) }
}

/// The offsets of a fling from `lane.start` at `speed` until the model stops (at most `limit` frames).
func flingPath(_ lane: FlingLane, speed: Double, hz: Double = 60, limit: Int = 2_000) throws -> [Vec2] {
    var model = lane.model(hz: hz)
    try model.fling(velocity: lane.velocity(speed), rate: Deceleration.normalRate)
    var path = [model.contentOffset]
    while model.isMoving && path.count <= limit {
        _ = model.advance()
        path.append(model.contentOffset)
    }
    return path
}

/// A deceleration that reaches an edge carries on past it into the bounce-back spring, as
/// UIScrollView bounces: checked against the closed form, on both axes and at both ends.
@Suite struct EdgeBounceTests {
    let omega = 2 * Double.pi / 0.4
    /// 1000·ln 0.998, s⁻¹.
    let decay = 1000 * Foundation.log(0.998)

    /// Deceleration to the edge, x(t) = v₀(e^(λt) − 1)/λ; then u(τ) = v_e·τ·e^(−ωτ) from the moment
    /// t_e it arrives, with v_e = v₀ + λ·D its speed there (λ = 1000·ln rate, D the run-up).
    func expectedOverscroll(speed v0: Double, time t: Double) -> Double {
        let arrivalSpeed = v0 + decay * FlingLane.runUp
        let arrival = Foundation.log(arrivalSpeed / v0) / decay
        if t <= arrival { return v0 * (Foundation.exp(decay * t) - 1) / decay - FlingLane.runUp }
        let tau = t - arrival
        return arrivalSpeed * tau * Foundation.exp(-omega * tau)
    }

    @Test(arguments: FlingLane.all)
    func followsTheClosedFormPastTheEdgeAndBack(lane: FlingLane) throws {
        let path = try flingPath(lane, speed: 3000)
        #expect(path.count > 20 && path.count < 100, "\(lane): \(path.count) frames")
        var wentPast = false
        for (n, offset) in path.enumerated() {
            let expected = expectedOverscroll(speed: 3000, time: Double(n) / 60)
            let actual = lane.overscroll(offset)
            #expect(offset[lane.axis.cross] == 0)
            if n == path.count - 1 {
                // At rest it snaps onto the edge, from within 0.01 pt.
                #expect(actual == 0 && abs(expected) < 0.01, "\(lane): \(expected)")
            } else {
                #expect(abs(actual - expected) < 1e-9, "\(lane) frame \(n): \(actual) vs \(expected)")
            }
            wentPast = wentPast || actual > 1
        }
        #expect(wentPast, "\(lane)")
    }

    @Test(arguments: FlingLane.all)
    func peakOverscrollGrowsWithTheImpactSpeed(lane: FlingLane) throws {
        var previous = 0.0
        for speed in stride(from: 1000.0, through: 10_000, by: 1000) {
            let peak = try flingPath(lane, speed: speed).map(lane.overscroll).max() ?? 0
            // The continuous peak is v_e/(e·ω) at τ = 1/ω; a 60 Hz frame samples it within 1 %.
            let impact = speed + decay * FlingLane.runUp
            let closedForm = impact / (Foundation.exp(1) * omega)
            #expect(peak > previous, "\(lane) \(speed): \(peak) after \(previous)")
            #expect(peak <= closedForm * (1 + 1e-12) && peak > 0.99 * closedForm, "\(lane) \(speed): \(peak) vs \(closedForm)")
            previous = peak
        }
    }

    @Test(arguments: FlingLane.all)
    func peakStaysBelowHalfTheViewport(lane: FlingLane) throws {
        for speed in stride(from: 250.0, through: 10_000, by: 250) {
            let peak = try flingPath(lane, speed: speed).map(lane.overscroll).max() ?? 0
            #expect(peak < FlingLane.extent / 2, "\(lane) \(speed): \(peak)")
        }
    }

    @Test(arguments: FlingLane.all)
    func returnsToTheEdgeAndStops(lane: FlingLane) throws {
        for speed in [900.0, 3000, 10_000] {
            var model = lane.model()
            try model.fling(velocity: lane.velocity(speed), rate: Deceleration.normalRate)
            var frames = 0, crossing: Int?
            while model.isMoving && frames < 1000 {
                _ = model.advance()
                frames += 1
                if crossing == nil && lane.overscroll(model.contentOffset) > 0 { crossing = frames }
            }
            #expect(model.contentOffset[lane.axis] == lane.edge, "\(lane) \(speed)")
            #expect(!model.isMoving)
            #expect(model.advance() == .zero)
            // Within a second of reaching the edge (the snap needs |u| < 0.01 pt, |u′| < 1 pt/s).
            let reached = try #require(crossing, "\(lane) \(speed)")
            #expect(frames - reached < 60, "\(lane) \(speed): at rest \(frames - reached) frames after the edge")
        }
    }

    /// No dead stop: at 600 Hz the offset's step changes from one frame to the next by at most
    /// the largest acceleration (2ω·v, the spring's at the edge) times dt², and the frame in
    /// which the edge is reached moves about as far as the one before.
    @Test(arguments: FlingLane.all)
    func velocityIsContinuousAtTheEdge(lane: FlingLane) throws {
        let hz = 600.0, speed = 3000.0, dt = 1 / hz
        let path = try flingPath(lane, speed: speed, hz: hz)
        let steps = zip(path.dropFirst(), path).map { lane.sign * ($0[lane.axis] - $1[lane.axis]) }
        let bound = 2 * omega * speed * dt * dt
        for (n, pair) in zip(steps.dropFirst(), steps).enumerated() {
            #expect(abs(pair.0 - pair.1) <= bound, "\(lane) step \(n + 1): \(pair.1) → \(pair.0)")
        }
        let crossing = try #require(path.firstIndex { lane.overscroll($0) > 0 })
        let before = steps[crossing - 2], across = steps[crossing - 1]
        let impact = speed + decay * FlingLane.runUp
        #expect(across > 0.9 * before && before > 0.99 * impact * dt, "\(lane): \(before) then \(across)")
    }

    @Test(arguments: FlingLane.all)
    func independentOfTheFrameRate(lane: FlingLane) throws {
        let slow = try flingPath(lane, speed: 5000, hz: 60)
        let fast = try flingPath(lane, speed: 5000, hz: 120)
        for n in 0..<(slow.count - 1) where 2 * n < fast.count - 1 {
            #expect(abs(slow[n][lane.axis] - fast[2 * n][lane.axis]) < 1e-9, "\(lane) frame \(n)")
        }
    }

    /// A fling outward from the edge itself bounces at once: from u = 0 at full speed.
    @Test(arguments: FlingLane.all)
    func aFlingOutwardFromTheEdgeBounces(lane: FlingLane) throws {
        var model = lane.model(offset: lane.edge)
        try model.fling(velocity: lane.velocity(2000), rate: Deceleration.normalRate)
        var peak = 0.0
        var n = 0
        while model.isMoving {
            _ = model.advance()
            n += 1
            let t = Double(n) / 60
            let u = lane.overscroll(model.contentOffset)
            if model.isMoving { #expect(abs(u - 2000 * t * Foundation.exp(-omega * t)) < 1e-9, "\(lane) frame \(n)") }
            peak = max(peak, u)
        }
        #expect(peak > 0.99 * 2000 / (Foundation.exp(1) * omega))
        #expect(model.contentOffset[lane.axis] == lane.edge)
    }

    /// A finger lifted with a velocity decelerates the same way: `touchUp` into the edge bounces too.
    @Test func aReleaseIntoTheEdgeBounces() throws {
        let lane = FlingLane(axis: .vertical, towardEnd: true)
        var model = lane.model()
        try model.touchDown(at: Vec2(160, 300))
        try model.touchUp(velocity: Vec2(0, -3000))  // the finger moves up: the content scrolls toward its end
        var peak = 0.0
        while model.isMoving {
            _ = model.advance()
            peak = max(peak, lane.overscroll(model.contentOffset))
        }
        let fling = try flingPath(lane, speed: 3000).map(lane.overscroll).max() ?? 0
        #expect(peak == fling && peak > 40)
        #expect(model.contentOffset.y == lane.edge)
    }

    /// Content that shrinks under a deceleration leaves it past the new end: it is clamped, as a
    /// resting offset is, rather than thrown into a bounce.
    @Test func contentShrinkingUnderADecelerationClamps() throws {
        var model = tallModel(offset: 1000, contentHeight: 3000)
        try model.fling(velocity: Vec2(0, 1000), rate: Deceleration.normalRate)
        _ = model.advance()
        model.contentSize = Size(width: 400, height: 1500)
        _ = model.advance()
        #expect(model.contentOffset.y == 700)
        #expect(!model.isMoving)
    }
}

@Suite struct DecelerationArrivalTests {
    @Test func arrivalMatchesTheClosedForm() {
        let deceleration = Deceleration(rate: 0.998, frameDuration: 1.0 / 60)
        let lambda = 1000 * Foundation.log(0.998)
        for (v0, distance) in [(3000.0, 432.0), (-3000, -432), (1200, 0), (800, 399)] {
            let arrival = deceleration.arrival(after: distance, from: v0)
            // x(t) = v₀(e^(λt) − 1)/λ reaches the distance at t, with velocity v₀·e^(λt).
            let reached = v0 * (Foundation.exp(lambda * arrival.time) - 1) / lambda
            #expect(abs(reached - distance) < 1e-9, "\(v0) \(distance): \(reached)")
            #expect(abs(arrival.velocity - v0 * Foundation.exp(lambda * arrival.time)) < 1e-9)
            #expect(arrival.time >= 0)
        }
        #expect(deceleration.arrival(after: 0, from: 500).time == 0)
        // Beyond the distance the motion covers (v/(−λ) ≈ 999 pt at 2000 pt/s): never.
        let never = deceleration.arrival(after: 1200, from: 2000)
        #expect(never.time == .infinity && never.velocity == 0)
    }
}
