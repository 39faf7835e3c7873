import TetherLayout
import TetherPhysics
import TetherScenario
import TetherTuning

/// One grid point of a tuning page: the replay as drawn, its sweep metrics and its spring,
/// all from a single replay.
public struct TuneRun: Sendable {
    public var recording: RenderRecording
    public var metrics: RunMetrics
    /// The springy list's spring at the start (mass 1, as `tether spring` prints it); nil
    /// without springy dynamics or when the spring is not a valid one (frequency 0).
    public var spring: SpringParameters?

    public init(recording: RenderRecording, metrics: RunMetrics, spring: SpringParameters?) {
        self.recording = recording
        self.metrics = metrics
        self.spring = spring
    }

    /// Replays a layout scene once, recording the cells in view and measuring it as `sweep` does.
    public static func record(_ scenario: Scenario, criteria: SettleCriteria) throws(ReplayError) -> TuneRun {
        var recorder = MetricRecorder(scenario: scenario, criteria: criteria)
        let recording = try RenderRecording.record(scenario, items: .visible) { recorder.record($0) }
        var spring: SpringParameters?
        if case .springy(let configuration) = scenario.layoutScene?.dynamics {
            spring = try? SpringParameters(frequency: configuration.frequency, dampingRatio: configuration.dampingRatio)
        }
        return TuneRun(recording: recording, metrics: recorder.result, spring: spring)
    }

    /// Combination `index` of a sweep plan, replayed and measured; errors name the combination
    /// as `tether sweep` does.
    public static func record(_ plan: SweepPlan, at index: Int) throws(SweepError) -> TuneRun {
        let scenario = try plan.scenario(at: index)
        do {
            return try record(scenario, criteria: plan.criteria)
        } catch {
            throw .replay(index: index, combination: plan.grid.describe(index), file: plan.file, error)
        }
    }
}
