import TetherJSON
import TetherLayout
import TetherPhysics
import TetherScenario
import TetherTuning

/// `tether tune`: one self-contained page holding a replay for every point of a one- or
/// two-parameter grid, to pick a spring by eye.
///
/// The page carries its data as JSON in `<script type="application/json" id="tune-data">`:
/// the element table (as the HTML player's), per grid point its `--set` flags, scenario
/// snippet and spring vocabularies, per metric the printed values and heatmap colours, and per
/// point its replay as `CompactSeries` text (`TuneTracks.encode`), decoded by the page only
/// when the point is first shown. The script (`TunePageScript`) draws the chosen point, and a
/// pinned point beside it or as a ghost, at one clock.
public enum TunePage {
    /// At most two `--vary` parameters of at most 12 values: a grid small enough to hold every
    /// replay in one page and to pick from at a glance.
    public static let maximumAxes = 2
    public static let maximumValuesPerAxis = 12

    /// Whether `grid` fits on a page; the message names what to change.
    public static func check(_ grid: SweepGrid) throws(TunePageError) {
        guard grid.axes.count <= maximumAxes else {
            throw TunePageError("a tuning page takes one or two --vary parameters, got \(grid.axes.count) (sweep more with 'tether sweep')")
        }
        if let axis = grid.axes.first(where: { $0.values.count > maximumValuesPerAxis }) {
            throw TunePageError("--vary \(axis.name) has \(axis.values.count) values; a tuning page takes at most \(maximumValuesPerAxis) per parameter")
        }
    }

    /// The page for `plan`'s grid, `runs[k]` being combination k.
    public static func document(plan: SweepPlan, runs: [TuneRun]) throws(TunePageError) -> [UInt8] {
        precondition(runs.count == plan.grid.count, "one run per combination")
        let tracks = try TuneTracks(runs.map(\.recording), describe: plan.grid.describe)
        let recording = runs[0].recording
        var m = Markup(capacity: 1 << 20)
        HTMLPlayer.open(title: "tune \(recording.name)", style: TunePageScript.style, into: &m)
        m.text(TunePageScript.body(title: recording.name, description: recording.description ?? ""))
        m.text("<script type=\"application/json\" id=\"tune-data\">")
        appendData(plan: plan, runs: runs, tracks: tracks, to: &m)
        m.line("</script>")
        HTMLPlayer.close(scripts: [PageScripts.drawing, PageScripts.tune], into: &m)
        return m.bytes
    }

    private static func appendData(plan: SweepPlan, runs: [TuneRun], tracks: TuneTracks, to m: inout Markup) {
        let r = runs[0].recording
        let grid = plan.grid
        m.line("{")
        m.line("\"name\": \(jsonString(r.name)),")
        m.text("\"hz\": "); m.integer(r.hz); m.line(",")
        m.text("\"frameCount\": "); m.integer(tracks.frameCount); m.line(",")
        m.text("\"viewport\": ["); m.number(r.viewport.width, 2); m.text(", "); m.number(r.viewport.height, 2); m.line("],")
        m.text("\"content\": ["); m.number(r.contentSize.width, 2); m.text(", "); m.number(r.contentSize.height, 2); m.line("],")
        let base = plan.baseOverrides.map(setFlag).joined(separator: " ")
        m.line("\"runCommand\": \(jsonString("tether run " + ShellWord.quoted(plan.file) + (base.isEmpty ? "" : " " + base))),")
        m.line("\"axes\": [")
        for (a, axis) in grid.axes.enumerated() {
            let labels = axis.values.map { jsonString(SweepAxis.label($0)) }.joined(separator: ", ")
            m.line("{\"path\": \(jsonString(axis.name)), \"labels\": [\(labels)]}" + (a == grid.axes.count - 1 ? "" : ","))
        }
        m.line("],")
        PlayerScene.appendEvents(r.events, to: &m)
        appendMetrics(plan: plan, runs: runs, to: &m)
        appendSprings(runs, to: &m)
        m.line("\"points\": [")
        for k in 0..<grid.count {
            let flags = grid.overrides(at: k).map(setFlag).joined(separator: " ")
            m.line("{\"set\": \(jsonString(flags)), \"snippet\": \(jsonString(snippet(plan, at: k)))}" + (k == grid.count - 1 ? "" : ","))
        }
        m.line("],")
        PlayerScene.appendElements(tracks.elements, to: &m)
        m.line("\"runs\": [")
        for (k, run) in tracks.runs.enumerated() {
            m.text("\"")
            m.append(run)
            m.line(k == tracks.runs.count - 1 ? "\"" : "\",")
        }
        m.line("]")
        m.text("}")
    }

    /// Per metric, as `tether sweep` prints it: the value of every point and its heatmap colour
    /// (viridis from the smallest printed value to the largest, grey when missing).
    private static func appendMetrics(plan: SweepPlan, runs: [TuneRun], to m: inout Markup) {
        let table = SweepTable(grid: plan.grid, metrics: SweepMetric.allCases, indices: Array(0..<plan.grid.count), results: runs.map(\.metrics))
        // The heatmap opens on the first metric that tells the points apart.
        let telling = table.metrics.indices.first { c in table.rows.contains { $0.cells[c] != table.rows[0].cells[c] } }
        m.text("\"firstMetric\": "); m.integer(telling ?? 0); m.line(",")
        m.line("\"metrics\": [")
        for (c, metric) in table.metrics.enumerated() {
            let values = table.rows.indices.map { table.value($0, metric) }
            let present = values.compactMap { $0 }
            let low = present.min() ?? 0
            let high = present.max() ?? 0
            var texts: [String] = []
            var fills: [String] = []
            for (row, value) in zip(table.rows, values) {
                if let value {
                    let t = high > low ? (value - low) / (high - low) : 0.5
                    texts.append(jsonString(row.cells[c]))
                    fills.append(jsonString(Heatmap.color(t) + (t < 0.6 ? " #fff" : " #000")))
                } else {
                    texts.append(jsonString(metric == .settle ? "never" : "n/a"))
                    fills.append(jsonString("#c8c8c8 #000"))
                }
            }
            m.line("{\"name\": \(jsonString(metric.rawValue)), \"unit\": \(jsonString(metric.unit)),")
            m.line(" \"texts\": [\(texts.joined(separator: ","))],")
            m.line(" \"fills\": [\(fills.joined(separator: ","))]}" + (c == table.metrics.count - 1 ? "" : ","))
        }
        m.line("],")
    }

    /// The spring vocabularies of every point (`tether spring`'s table, 4 decimals): the rows'
    /// names once, then per point the values (null for a point without a spring).
    private static func appendSprings(_ runs: [TuneRun], to m: inout Markup) {
        let names = SpringParameters.coreAnimationDefault.vocabularyEntries
        let header = names.map { e in
            "[\(jsonString(SpringVocabularyEntry.title(of: e.group))), \(jsonString(e.name)), \(jsonString(e.unit))]"
        }
        m.line("\"springRows\": [\(header.joined(separator: ", "))],")
        m.line("\"springs\": [")
        for (k, run) in runs.enumerated() {
            if let spring = run.spring {
                let values = spring.vocabularyEntries.map { e in jsonString(e.value.map { FixedDecimal.text($0, decimals: 4) } ?? e.missingText) }
                m.text("[\(values.joined(separator: ","))]")
            } else {
                m.text("null")
            }
            m.line(k == runs.count - 1 ? "" : ",")
        }
        m.line("],")
    }

    /// `--set PATH=VALUE`, quoted for a POSIX shell when it needs to be.
    static func setFlag(_ override: ScenarioOverride) -> String {
        "--set " + ShellWord.quoted("\(override.path)=\(SweepAxis.label(override.value))")
    }

    /// The scenario's top-level members that the overrides touch, as they read with the
    /// overrides of combination `k` applied: what to paste into the file.
    static func snippet(_ plan: SweepPlan, at k: Int) -> String {
        let overrides = plan.baseOverrides + plan.grid.overrides(at: k)
        var document = plan.document
        for o in overrides { document = (try? document.setting(o.value, at: o.path)) ?? document }
        var keys: [String] = []
        for o in overrides {
            if case .key(let key) = o.path.components.first, !keys.contains(key) { keys.append(key) }
        }
        return keys.compactMap { key in
            document.value(at: JSONPath([.key(key)])).map { "\(JSONValue.string(key).serialized()): \($0.serialized())" }
        }.joined(separator: ",\n")
    }
}
