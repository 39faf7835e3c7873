import TetherScenario

/// What `tether fit` makes the replay move like.
public enum FitReference: Sendable {
    /// A CSV written by `tether run`.
    case trajectory(TrajectoryReference)
    /// A `time` + value curve of one element.
    case curve(CurveReference)
    /// A designer's spring's step response (`--to-spring`).
    case spring(SpringReference)
    /// Sweep metrics to reach (`--target`), scored as `sweep` ranks runs.
    case targets(Ranking)

    /// One line for the output: what the replays are compared with.
    public var summary: String {
        switch self {
        case .trajectory(let r):
            "\(r.file), a Tether CSV: \(r.elementCount) element\(r.elementCount == 1 ? "" : "s") over \(r.frames.count) frame\(r.frames.count == 1 ? "" : "s")"
                + (r.selection.describe.isEmpty ? "" : " (\(r.selection.describe))")
        case .curve(let r):
            "\(r.file), a curve of \(r.times.count) samples: \(r.column) as the \(r.value.rawValue) of \(r.element)"
                + (r.shift == 0 ? "" : ", shifted \(FitParameter.number(r.shift)) s")
        case .spring(let r):
            "the step response of \(r.spec.text)" + (r.selection.describe.isEmpty ? "" : " (\(r.selection.describe))")
        case .targets(let ranking):
            "targets " + ranking.terms.map { "\($0.metric.rawValue)=\(FitParameter.number($0.target))" }.joined(separator: ", ")
        }
    }

    /// Everything but a Tether CSV reads the layout (rest positions, the scroll axis, springs).
    var needsLayout: Bool {
        if case .trajectory = self { return false }
        return true
    }

    /// Checks the reference against the scenario as loaded (its clock).
    func check(_ scenario: Scenario) throws(FitError) {
        switch self {
        case .trajectory(let r): try r.check(hz: scenario.clock.hz)
        case .spring(let r): try r.check(hz: scenario.clock.hz)
        case .curve, .targets: break
        }
    }

    /// Replays `scenario` and measures it against the reference.
    func compare(_ scenario: Scenario, criteria: SettleCriteria, overlay: Bool) throws(ReplayError) -> FitComparison {
        switch self {
        case .trajectory(let r): return try r.compare(scenario, overlay: overlay)
        case .curve(let r): return try r.compare(scenario, overlay: overlay)
        case .spring(let r): return try r.compare(scenario, criteria: criteria, overlay: overlay)
        case .targets(let ranking):
            let metrics = try MetricRecorder.measure(scenario, criteria: criteria)
            return FitComparison(objective: ranking.score { metrics.value(of: $0) } ?? .infinity, metrics: metrics)
        }
    }

    /// Why nothing was compared (the comparison had no points).
    func nothingToCompare(_ scenario: Scenario) -> String {
        switch self {
        case .trajectory(let r):
            "\(r.file): no frame and element in common with the replay (the reference has frames \(r.frames.first!.index)…\(r.frames.last!.index) and \(r.elementCount) element\(r.elementCount == 1 ? "" : "s"); the scenario runs frames 0…\(scenario.frames))"
        case .curve(let r):
            "\(r.file): no frame of the scenario (0…\(FitParameter.number(Double(scenario.frames) / Double(scenario.clock.hz))) s) falls within the curve's times \(FitParameter.number(r.times.first! + r.shift))…\(FitParameter.number(r.times.last! + r.shift)) s, or the layout has no \(r.element)"
        case .spring(let r):
            "--to-spring: no \(r.selection.describe.isEmpty ? "" : "selected ")element has a spring and is displaced by \(FitParameter.number(SettleCriteria().distance)) pt or more at the release frame, so nothing follows the step response"
        case .targets:
            "nothing to compare"
        }
    }
}
