import TetherLayout
import TetherPhysics
import TetherScenario

/// `--to-spring`: the springy list compared with a designer's spring, element by element, after
/// the release.
///
/// R is the release frame as `sweep` defines it (`MetricRecorder`): from R on the content is
/// still and the springs swing freely. The last content move was applied at the start of the
/// step that produced frame R, so an element released from rest would follow the spring's step
/// response from time t₀ = (R − 1)/hz. Each element e with a spring at R whose displacement
/// uₑ(R) along the scroll axis is at least the settle distance (0.5 pt) is compared at frames
/// f = R + 1 … F with
///
///   reference(f) = uₑ(R) · d((f − R + 1)/hz) / d(1/hz)
///
/// where d = 1 − x is the spring's remaining distance (`SpringStepResponse`): the designer's
/// curve from t₀, scaled to pass through the element's displacement at R. An element released
/// with no speed of its own, e.g. by a one-frame programmatic scroll, follows it exactly when the
/// springs are the same; after a drag the elements also carry the finger's speed at release,
/// which the step response does not, and the fit finds the attachment closest to the curve.
public struct SpringReference: Sendable {
    public var spec: SpringReferenceSpec
    public var selection: FitSelection

    public init(spec: SpringReferenceSpec, selection: FitSelection) {
        self.spec = spec
        self.selection = selection
    }

    /// The spring must still have a distance to go after one frame, or there is nothing to scale.
    public func check(hz: Int) throws(FitError) {
        let first = spec.response.remaining(at: 1 / Double(hz))
        guard first > 0.01 else {
            throw .usage("--to-spring \(spec.text): the spring covers \(FixedText.format(100 * (1 - first), decimals: 1)) % of its distance within one frame at \(hz) Hz; there is no motion to compare")
        }
    }

    public func compare(_ scenario: Scenario, criteria: SettleCriteria, overlay wantsOverlay: Bool = false) throws(ReplayError) -> FitComparison {
        var replay = Replay(scenario)
        var recorder = MetricRecorder(scenario: scenario, criteria: criteria)
        let axis = scenario.layoutScene?.layout.scrollDirection ?? .vertical
        /// Per frame, the selected sprung elements' displacement along the axis, in element order.
        var history: [[(key: FitElementKey, u: Double)]] = []
        func record() {
            recorder.record(replay)
            var frame: [(key: FitElementKey, u: Double)] = []
            if let springy = replay.dynamics as? SpringyDynamics {
                for i in springy.sprungIndices {
                    let key = FitElementKey(springy.layoutAttributes[i].key)
                    guard selection.contains(key), let body = springy.body(ofElement: i) else { continue }
                    frame.append((key, springy.world.position(of: body)[axis] - springy.layoutAttributes[i].center[axis]))
                }
            }
            history.append(frame)
        }
        record()
        while !replay.isFinished {
            try replay.advance()
            record()
        }
        let release = recorder.result.releaseFrame
        let hz = Double(scenario.clock.hz)
        let scale = spec.response.remaining(at: 1 / hz)
        var residual = FitResidual()
        var traces: [(key: FitElementKey, start: Double, trace: FitOverlay.Trace)] = []
        var framesCompared = Set<Int>()
        let released = history[release].filter { abs($0.u) >= criteria.distance }
        for (key, start) in released {
            var trace = FitOverlay.Trace(name: key.description, reference: [(Double(release) / hz, start)], replay: [(Double(release) / hz, start)])
            for f in (release + 1)..<history.count {
                guard let u = Self.find(key, in: history[f]) else { continue }
                let expected = start * spec.response.remaining(at: Double(f - release + 1) / hz) / scale
                residual.add(u - expected)
                framesCompared.insert(f)
                if wantsOverlay {
                    trace.reference.append((Double(f) / hz, expected))
                    trace.replay.append((Double(f) / hz, u))
                }
            }
            traces.append((key, start, trace))
        }
        residual.frames = framesCompared.count
        residual.elements = released.count
        var overlay: FitOverlay?
        if wantsOverlay {
            let chosen = FitOverlay.spread(traces.map { abs($0.start) }).map { traces[$0].trace }
            overlay = FitOverlay(quantity: "displacement of \(axis == .vertical ? "center_y" : "center_x")", traces: chosen)
        }
        return FitComparison(objective: residual.meanSquare, residual: residual, overlay: overlay)
    }

    static func find(_ key: FitElementKey, in frame: [(key: FitElementKey, u: Double)]) -> Double? {
        var (low, high) = (0, frame.count)
        while low < high {
            let mid = (low + high) / 2
            if frame[mid].key < key { low = mid + 1 } else { high = mid }
        }
        return low < frame.count && frame[low].key == key ? frame[low].u : nil
    }
}
