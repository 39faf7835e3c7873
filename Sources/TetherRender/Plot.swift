import TetherLayout
import TetherPhysics
import TetherScenario

/// A line chart over time: series of (seconds, value) points, axes with ticks and units, a
/// legend, and the scenario's events as marks on the time axis.
public struct Plot: Sendable {
    public struct Series: Sendable {
        public var name: String
        /// x: seconds, y: the value; in time order.
        public var points: [(x: Double, y: Double)]
        /// Drawn dashed (a reference beside the replay that should match it).
        public var dashed: Bool
        /// The palette colour; nil for the series' position, so a reference and its replay can share one.
        public var color: Int?

        public init(name: String, points: [(x: Double, y: Double)], dashed: Bool = false, color: Int? = nil) {
            self.name = name
            self.points = points
            self.dashed = dashed
            self.color = color
        }
    }

    public var title: String
    public var yLabel: String
    /// Written after the y label and on nothing else: "pt", "°".
    public var unit: String
    public var series: [Series]
    /// Marks on the time axis: seconds and a label.
    public var events: [(x: Double, label: String)]
    /// The time axis covers at least this range.
    public var timeRange: ClosedRange<Double>

    public init(
        title: String, yLabel: String, unit: String, series: [Series], events: [(x: Double, label: String)] = [],
        timeRange: ClosedRange<Double>
    ) {
        self.title = title
        self.yLabel = yLabel
        self.unit = unit
        self.series = series
        self.events = events
        self.timeRange = timeRange
    }

    /// An axis: nice bounds that contain the data and ticks in between.
    public struct Axis: Sendable, Hashable {
        public var lower: Double
        public var upper: Double
        public var step: Double

        /// Bounds at multiples of a 1-2-2.5-5 step giving about `ticks` intervals, always
        /// containing `lower…upper` (a zero range is widened to ±1).
        public init(covering lower: Double, _ upper: Double, ticks: Int = 5) {
            var lo = lower, hi = upper
            if !(hi > lo) {
                lo -= 1
                hi += 1
            }
            let raw = (hi - lo) / Double(ticks)
            var power = 1.0
            while power * 10 <= raw { power *= 10 }
            while power > raw { power /= 10 }
            var step = power * 10
            for factor in [1.0, 2.0, 2.5, 5.0] where power * factor >= raw {
                step = power * factor
                break
            }
            self.step = step
            self.lower = (lo / step).rounded(.down) * step
            self.upper = (hi / step).rounded(.up) * step
        }

        public var ticks: [Double] {
            let n = Int(((upper - lower) / step).rounded())
            return (0...n).map { lower + Double($0) * step }
        }
    }

    public var xAxis: Axis { Axis(covering: min(timeRange.lowerBound, dataRange(\.x).lower), max(timeRange.upperBound, dataRange(\.x).upper)) }
    public var yAxis: Axis {
        let r = dataRange(\.y)
        return Axis(covering: min(r.lower, 0), max(r.upper, 0))
    }

    private func dataRange(_ coordinate: KeyPath<(x: Double, y: Double), Double>) -> (lower: Double, upper: Double) {
        var lower = Double.infinity, upper = -Double.infinity
        for s in series {
            for p in s.points {
                lower = min(lower, p[keyPath: coordinate])
                upper = max(upper, p[keyPath: coordinate])
            }
        }
        return lower <= upper ? (lower, upper) : (0, 0)
    }

    /// The chart as a standalone SVG document (or, with `standalone: false`, an inline `<svg>`).
    public func svg(width: Double = 720, height: Double = 360, standalone: Bool = true) -> [UInt8] {
        let left = 64.0, right = 150.0, top = 34.0, bottom = 84.0
        let plotW = width - left - right, plotH = height - top - bottom
        let xa = xAxis, ya = yAxis
        func px(_ x: Double) -> Double { left + (x - xa.lower) / (xa.upper - xa.lower) * plotW }
        func py(_ y: Double) -> Double { top + (ya.upper - y) / (ya.upper - ya.lower) * plotH }

        var m = Markup()
        if standalone { m.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") }
        m.text("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" viewBox=\"0 0 ")
        m.number(width, 2); m.text(" "); m.number(height, 2)
        m.text("\" width=\""); m.number(width, 2); m.text("\" height=\""); m.number(height, 2)
        m.text("\" font-family=\"sans-serif\" font-size=\"11\"")
        m.text(" data-x-min=\""); m.number(xa.lower, 6); m.text("\" data-x-max=\""); m.number(xa.upper, 6)
        m.text("\" data-y-min=\""); m.number(ya.lower, 6); m.text("\" data-y-max=\""); m.number(ya.upper, 6)
        m.line("\">")
        m.line("<title>\(escapeXML(title))</title>")
        m.text("<rect width=\""); m.number(width, 2); m.text("\" height=\""); m.number(height, 2); m.line("\" fill=\"#fff\"/>")
        m.text("<text x=\""); m.number(left, 2); m.line("\" y=\"20\" font-size=\"14\">\(escapeXML(title))</text>")

        // Grid and ticks.
        m.line("<g class=\"y-axis\" stroke=\"#e3e3e3\">")
        for t in ya.ticks {
            let y = py(t)
            m.text("<line x1=\""); m.number(left, 2); m.text("\" x2=\""); m.number(left + plotW, 2)
            m.text("\" y1=\""); m.number(y, 2); m.text("\" y2=\""); m.number(y, 2)
            m.line(t == 0 ? "\" stroke=\"#999\"/>" : "\"/>")
            m.text("<text class=\"tick\" x=\""); m.number(left - 6, 2); m.text("\" y=\""); m.number(y + 4, 2)
            m.text("\" text-anchor=\"end\" stroke=\"none\" fill=\"#333\" data-value=\""); m.number(t, 6); m.text("\">")
            m.number(t, 6); m.line("</text>")
        }
        m.line("</g>")
        m.line("<g class=\"x-axis\" stroke=\"#e3e3e3\">")
        for t in xa.ticks {
            let x = px(t)
            m.text("<line x1=\""); m.number(x, 2); m.text("\" x2=\""); m.number(x, 2)
            m.text("\" y1=\""); m.number(top, 2); m.text("\" y2=\""); m.number(top + plotH, 2); m.line("\"/>")
            m.text("<text class=\"tick\" x=\""); m.number(x, 2); m.text("\" y=\""); m.number(top + plotH + 16, 2)
            m.text("\" text-anchor=\"middle\" stroke=\"none\" fill=\"#333\" data-value=\""); m.number(t, 6); m.text("\">")
            m.number(t, 6); m.line("</text>")
        }
        m.line("</g>")
        m.text("<rect x=\""); m.number(left, 2); m.text("\" y=\""); m.number(top, 2)
        m.text("\" width=\""); m.number(plotW, 2); m.text("\" height=\""); m.number(plotH, 2)
        m.line("\" fill=\"none\" stroke=\"#666\"/>")
        m.text("<text x=\""); m.number(left + plotW / 2, 2); m.text("\" y=\""); m.number(height - 8, 2)
        m.line("\" text-anchor=\"middle\">time (s)</text>")
        m.text("<text transform=\"translate(16 "); m.number(top + plotH / 2, 2)
        m.line(") rotate(-90)\" text-anchor=\"middle\">\(escapeXML(yLabel)) (\(escapeXML(unit)))</text>")

        // Events: a tick under the time axis, a dashed line across, the label on hover (title).
        m.line("<g class=\"events\">")
        // Events at the same time share one mark; labels alternate between two rows.
        var marks: [(x: Double, label: String)] = []
        for e in events {
            if let last = marks.last, last.x == e.x {
                marks[marks.count - 1].label += ", " + e.label
            } else {
                marks.append(e)
            }
        }
        for (i, e) in marks.enumerated() {
            let x = px(e.x)
            m.text("<g data-frame-time=\""); m.number(e.x, 6); m.text("\"><title>\(escapeXML(e.label)) at ")
            m.number(e.x, 3); m.line(" s</title>")
            m.text("<line x1=\""); m.number(x, 2); m.text("\" x2=\""); m.number(x, 2)
            m.text("\" y1=\""); m.number(top, 2); m.text("\" y2=\""); m.number(top + plotH + 22, 2)
            m.line("\" stroke=\"#c33\" stroke-dasharray=\"3 3\"/>")
            m.text("<text x=\""); m.number(x + 2, 2); m.text("\" y=\""); m.number(top + plotH + 30 + Double(i % 3) * 10, 2)
            m.line("\" fill=\"#c33\" font-size=\"9\">\(escapeXML(e.label))</text>")
            m.line("</g>")
        }
        m.line("</g>")

        // Series and legend.
        for (i, s) in series.enumerated() {
            let color = Palette.series[(s.color ?? i) % Palette.series.count]
            let dash = s.dashed ? " stroke-dasharray=\"5 3\"" : ""
            m.text("<polyline class=\"series\" data-key=\"\(escapeXML(s.name))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"\(dash) points=\"")
            for (j, p) in s.points.enumerated() {
                if j > 0 { m.text(" ") }
                m.number(px(p.x), 2); m.text(","); m.number(py(p.y), 2)
            }
            m.line("\"/>")
            let ly = top + 8 + Double(i) * 16
            m.text("<line x1=\""); m.number(left + plotW + 12, 2); m.text("\" x2=\""); m.number(left + plotW + 32, 2)
            m.text("\" y1=\""); m.number(ly, 2); m.text("\" y2=\""); m.number(ly, 2)
            m.line("\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>")
            m.text("<text class=\"legend\" x=\""); m.number(left + plotW + 36, 2); m.text("\" y=\""); m.number(ly + 4, 2)
            m.line("\">\(escapeXML(s.name))</text>")
        }
        m.line("</svg>")
        return m.bytes
    }
}

/// `tether plot`: elements' displacement from their layout position over a replay.
public enum DisplacementPlot {
    /// A CSV column that has a resting value.
    public enum Column: String, Sendable, CaseIterable {
        case centerX = "center_x"
        case centerY = "center_y"
        case angle

        var unit: String { self == .angle ? "°" : "pt" }
    }

    public enum SelectionError: Error, Sendable, Hashable {
        /// No element has this key ("cell 0.12").
        case noSuchElement(String)
    }

    /// Default elements: up to four cells spread over the ones visible at frame 0.
    public static func defaultSelection(_ scenario: Scenario) -> [ElementKey] {
        let replay = Replay(scenario)
        let visible = replay.dynamics.indices(intersecting: replay.visibleRect)
            .map { replay.dynamics.layoutAttributes[$0].key }.filter { $0.kind == .cell }
        guard visible.count > 4 else { return visible }
        return (0..<4).map { visible[$0 * (visible.count - 1) / 3] }
    }

    /// Replays `scenario` and plots `column` − its layout value for each element of `keys`
    /// (every element at every frame, whether on screen or not).
    public static func plot(_ scenario: Scenario, keys: [ElementKey], column: Column) throws -> Plot {
        var replay = Replay(scenario)
        let layout = replay.dynamics.layoutAttributes
        var indices: [Int] = []
        for key in keys {
            // layoutAttributes is sorted by key.
            var lo = 0, hi = layout.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if layout[mid].key < key { lo = mid + 1 } else { hi = mid }
            }
            guard lo < layout.count, layout[lo].key == key else {
                throw SelectionError.noSuchElement("\(RowKind(key.kind).rawValue) \(key.section).\(key.item)")
            }
            indices.append(lo)
        }
        let hz = Double(scenario.clock.hz)
        var series = keys.map { Plot.Series(name: "\(RowKind($0.kind).rawValue) \($0.section).\($0.item)", points: []) }
        func sample() {
            let t = Double(replay.frame) / hz
            for (s, key) in keys.enumerated() {
                // Data-source updates change the layout: find the element by key every frame.
                let current = replay.dynamics.layoutAttributes
                guard let i = current.index(of: key) else { continue }
                let now = replay.dynamics.currentAttributes(at: i), rest = current[i]
                let value: Double = switch column {
                case .centerX: now.center.x - rest.center.x
                case .centerY: now.center.y - rest.center.y
                case .angle: (now.angle - rest.angle) * 180 / Double.pi
                }
                series[s].points.append((t, value))
            }
        }
        sample()
        while !replay.isFinished {
            try replay.advance()
            sample()
        }
        return Plot(
            title: "\(scenario.name): \(column.rawValue) − rest",
            yLabel: "displacement of \(column.rawValue)", unit: column.unit, series: series,
            events: scenario.events.map { (Double($0.frame) / hz, $0.action.label) },
            timeRange: 0...(Double(scenario.frames) / hz))
    }
}
