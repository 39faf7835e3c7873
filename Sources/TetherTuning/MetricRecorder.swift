import TetherLayout
import TetherPhysics
import TetherScenario

/// Measures one replay, frame by frame, into `RunMetrics`.
///
/// Words used below (a is the layout's scroll axis, F the last frame, h = 1/clock.hz):
/// - **sprung elements** at a frame: `SpringyDynamics.sprungIndices` (cells with a spring).
/// - **displacement** u of an element: its body's center minus its layout center; uₐ its
///   component along a. **Distance from rest**: max(0, |u| − L), L the springs' rest length
///   (0 for every preset but `teehanlax` and `jsq`), i.e. the distance from the layout center.
///   **Speed**: |v| of the body.
/// - **release frame R** = max(E + 1, M): E is the frame of the last event that moves the content
///   (`touchDown`, `drag`, `touchUp`, `scroll`, `scrollTo`, `fling`; −1 if none), so E + 1 is
///   the first frame it shows in; M is the last frame whose content offset differs from the
///   frame before (0 if it never moves). From R on the content is still, so the springs swing
///   freely.
///
/// Metrics (frames R…F unless stated):
/// - `settle` = (S − R)·h where S is the first frame from which every sprung element, at every
///   frame up to F, is within `criteria.distance` of rest and slower than `criteria.speed`.
///   nil when the last frame itself is not settled (the run ends before the scene settles).
/// - `displacement` = max |uₐ(R)| over the sprung elements.
/// - `overshoot` = max over sprung elements with uₐ(R) ≠ 0 and frames of −sign(uₐ(R))·uₐ, or 0:
///   how far an element swings past its rest place to the side opposite its initial displacement.
/// - `overshootPercent` = 100·overshoot/displacement; nil when displacement is 0.
/// - `lag` = max |uₐ| over sprung elements and *every* frame at which a finger is down.
/// - `peakSpeed` = max speed.
/// - `oscillations`: the lead element is the one with the largest |uₐ(R)| (lowest index on
///   ties). Its uₐ counts a sign change each time it goes beyond −d after having been beyond +d,
///   or beyond +d after −d (d = `criteria.distance`, so wiggles inside the settle band do not
///   count); oscillations = ⌊changes / 2⌋ (full swings there and back).
/// - `finalError` = max distance from rest at frame F.
///
/// With no sprung elements (`"dynamics": {"type": "none"}`) every metric is 0, `settle` 0 and
/// `overshootPercent` nil.
public struct MetricRecorder {
    public let criteria: SettleCriteria
    let axis: Axis
    let hz: Double
    /// E: frame of the last content-moving event, −1 if none.
    let lastScrollEvent: Int

    private var previousOffset: Double?
    private var releaseFrame: Int?
    private var lastFrame = 0
    /// uₐ(R) per element; NaN for elements without a spring at R.
    private var initial: [Double] = []
    private var initialized: [Int] = []
    private var lead: Int?
    private var leadSide = 0
    private var signChanges = 0
    private var displacement = 0.0
    private var overshoot = 0.0
    private var peakSpeed = 0.0
    private var lastUnsettledFrame: Int?
    private var finalError = 0.0
    private var lag = 0.0

    public init(scenario: Scenario, criteria: SettleCriteria = SettleCriteria()) {
        self.criteria = criteria
        axis = scenario.layoutScene?.layout.scrollDirection ?? .vertical
        hz = Double(scenario.clock.hz)
        lastScrollEvent = scenario.events.last { event in
            switch event.action {
            // Data-source updates and reordering move cells too.
            case .touchDown, .drag, .touchUp, .scroll, .scrollTo, .fling, .update, .beginMove, .updateMove, .endMove, .cancelMove: true
            case .set, .addBehavior, .removeBehavior, .replaceBehavior: false
            }
        }?.frame ?? -1
    }

    /// Replays `scenario` to its last frame and measures it.
    public static func measure(_ scenario: Scenario, criteria: SettleCriteria = SettleCriteria()) throws(ReplayError) -> RunMetrics {
        var replay = Replay(scenario)
        var recorder = MetricRecorder(scenario: scenario, criteria: criteria)
        recorder.record(replay)
        while !replay.isFinished {
            try replay.advance()
            recorder.record(replay)
        }
        return recorder.result
    }

    /// Records the replay's current frame; call it for frame 0 and after every `advance()`.
    public mutating func record(_ replay: Replay) {
        let frame = replay.frame
        lastFrame = frame
        let offset = replay.scroll.contentOffset[axis]
        let moved = previousOffset.map { $0 != offset } ?? false
        previousOffset = offset
        let springy = replay.dynamics
        guard springy.hasCellSprings else {
            if frame > lastScrollEvent && (releaseFrame == nil || moved) { restart(at: frame, springy: nil) }
            if releaseFrame != nil {
                finalError = 0
            }
            return
        }
        let world = springy.world
        let sprung = springy.sprungIndices
        let centers = springy.layoutAttributes
        if replay.scroll.isTouching {
            for i in sprung {
                guard let body = springy.springBody(ofElement: i) else { continue }
                lag = max(lag, abs(world.position(of: body)[axis] - centers[i].center[axis]))
            }
        }
        guard frame > lastScrollEvent else { return }
        if releaseFrame == nil || moved { restart(at: frame, springy: springy) }

        let length = springy.springRestLength
        var worst = 0.0
        var unsettled = false
        for i in sprung {
            guard let body = springy.springBody(ofElement: i) else { continue }
            let u = world.position(of: body) - centers[i].center
            let along = u[axis]
            let distance = max(0, u.length - length)
            let speed = world.velocity(of: body).length
            worst = max(worst, distance)
            if distance > criteria.distance || speed >= criteria.speed { unsettled = true }
            peakSpeed = max(peakSpeed, speed)
            if i < initial.count {
                let start = initial[i]
                if start > 0 {
                    overshoot = max(overshoot, -along)
                } else if start < 0 {
                    overshoot = max(overshoot, along)
                }
            }
            if i == lead {
                if along > criteria.distance {
                    if leadSide < 0 { signChanges += 1 }
                    leadSide = 1
                } else if along < -criteria.distance {
                    if leadSide > 0 { signChanges += 1 }
                    leadSide = -1
                }
            }
        }
        if unsettled { lastUnsettledFrame = frame }
        finalError = worst
    }

    /// Starts the post-release metrics over at `frame` (the content moved again).
    private mutating func restart(at frame: Int, springy: (any LayoutDynamics)?) {
        releaseFrame = frame
        for i in initialized { initial[i] = .nan }
        initialized.removeAll(keepingCapacity: true)
        lead = nil
        leadSide = 0
        signChanges = 0
        displacement = 0
        overshoot = 0
        peakSpeed = 0
        lastUnsettledFrame = nil
        finalError = 0
        guard let springy else { return }
        if initial.count != springy.layoutAttributes.count {
            initial = Array(repeating: .nan, count: springy.layoutAttributes.count)
        }
        for i in springy.sprungIndices {
            guard let body = springy.springBody(ofElement: i) else { continue }
            let along = springy.world.position(of: body)[axis] - springy.layoutAttributes[i].center[axis]
            initial[i] = along
            initialized.append(i)
            if abs(along) > displacement {
                displacement = abs(along)
                lead = i
            }
        }
    }

    /// The metrics of the frames recorded so far.
    public var result: RunMetrics {
        guard let release = releaseFrame else {
            return RunMetrics(
                settle: nil, overshoot: 0, overshootPercent: nil, lag: lag, peakSpeed: 0, oscillations: 0,
                finalError: 0, displacement: 0, releaseFrame: lastFrame, leadElement: nil, lastFrame: lastFrame)
        }
        let settle: Double?
        if let unsettled = lastUnsettledFrame {
            settle = unsettled == lastFrame ? nil : Double(unsettled + 1 - release) / hz
        } else {
            settle = 0
        }
        return RunMetrics(
            settle: settle, overshoot: overshoot,
            overshootPercent: displacement > 0 ? 100 * overshoot / displacement : nil,
            lag: lag, peakSpeed: peakSpeed, oscillations: signChanges / 2, finalError: finalError,
            displacement: displacement, releaseFrame: release, leadElement: lead, lastFrame: lastFrame)
    }
}
