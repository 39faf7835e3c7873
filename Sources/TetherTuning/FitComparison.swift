/// One candidate replay measured against the reference.
public struct FitComparison: Sendable {
    /// What the search minimizes: the mean squared difference (pt²) for a motion reference,
    /// the ranking score for targets; +∞ when a targeted metric is missing (the run never settles).
    public var objective: Double
    /// The differences, for a motion reference; nil for targets.
    public var residual: FitResidual?
    /// The run's sweep metrics, for targets; nil for a motion reference.
    public var metrics: RunMetrics?
    /// The motion drawn by `--plot`, filled only when asked for.
    public var overlay: FitOverlay?

    public init(objective: Double, residual: FitResidual? = nil, metrics: RunMetrics? = nil, overlay: FitOverlay? = nil) {
        self.objective = objective
        self.residual = residual
        self.metrics = metrics
        self.overlay = overlay
    }

    /// Numbers that differ whenever the compared motion differs, to tell a parameter that
    /// changes nothing (the scenario does not use it) from one that does.
    var fingerprint: [Double] {
        if let residual { return [residual.sumOfSquares, residual.largest, Double(residual.points)] }
        if let metrics { return SweepMetric.allCases.map { metrics.value(of: $0) ?? -1 } + [Double(metrics.releaseFrame)] }
        return [objective]
    }
}

/// The reference and the replayed motion of a few elements, for the overlay picture.
public struct FitOverlay: Sendable {
    public struct Trace: Sendable {
        /// "cell 0.3".
        public var name: String
        /// (seconds, value) in time order.
        public var reference: [(time: Double, value: Double)]
        public var replay: [(time: Double, value: Double)]

        public init(name: String, reference: [(time: Double, value: Double)], replay: [(time: Double, value: Double)]) {
            self.name = name
            self.reference = reference
            self.replay = replay
        }
    }

    /// What the values are: "displacement of center_y" (from the layout position) or "center_y".
    public var quantity: String
    public var traces: [Trace]

    /// At most this many elements are drawn (the chart stays readable).
    public static let maximumTraces = 4

    /// Which of some elements to draw, given how much each moves (`magnitudes`, in element
    /// order): the one moving most, then those nearest ¾, ½ and ¼ of its motion (the earlier
    /// element on ties), so the picture shows large and small motions rather than four alike.
    /// Positions into `magnitudes`, ascending.
    static func spread(_ magnitudes: [Double]) -> [Int] {
        guard let largest = magnitudes.max() else { return [] }
        var chosen: [Int] = []
        for i in 0..<maximumTraces {
            let goal = largest * Double(maximumTraces - i) / Double(maximumTraces)
            let candidates = magnitudes.indices.filter { !chosen.contains($0) }
            guard let nearest = candidates.min(by: { abs(magnitudes[$0] - goal) < abs(magnitudes[$1] - goal) }) else { break }
            chosen.append(nearest)
        }
        return chosen.sorted()
    }

    public init(quantity: String, traces: [Trace]) {
        self.quantity = quantity
        self.traces = traces
    }
}
