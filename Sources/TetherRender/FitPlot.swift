import TetherScenario
import TetherTuning

/// `tether fit --plot`: the reference (dashed) and the fitted replay (solid, same colour) of a
/// few elements over time, in the `plot` command's chart.
public enum FitPlot {
    public static func plot(_ overlay: FitOverlay, scenario: Scenario, title: String) -> Plot {
        var series: [Plot.Series] = []
        for (i, trace) in overlay.traces.enumerated() {
            series.append(Plot.Series(name: "\(trace.name) reference", points: trace.reference.map { ($0.time, $0.value) }, dashed: true, color: i))
            series.append(Plot.Series(name: "\(trace.name) fitted", points: trace.replay.map { ($0.time, $0.value) }, color: i))
        }
        let hz = Double(scenario.clock.hz)
        let unit = "pt"
        return Plot(
            title: title, yLabel: overlay.quantity, unit: unit, series: series,
            events: scenario.events.map { (Double($0.frame) / hz, $0.action.label) },
            timeRange: 0...(Double(scenario.frames) / hz))
    }
}
