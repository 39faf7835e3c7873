import TetherJSON

/// `--target settle=0.6,overshoot=5 [--scale settle=0.05]`: orders runs by how far their
/// metrics are from the targets.
///
/// score = Σ over the targets ((value − target) / scale)², each value as printed (rounded).
/// Scales default to `SweepMetric.defaultScale` (settle 0.1 s, overshoot 1 pt, overshootPercent 1 %,
/// lag 1 pt, peakSpeed 10 pt/s, oscillations 1, finalError 0.1 pt, displacement 1 pt), so one
/// scale unit off a target costs 1. Lower is better; equal scores keep grid order; a run missing
/// a targeted value (settle of a run that never settles, overshootPercent with no displacement)
/// has no score and ranks after every scored run, in grid order.
public struct Ranking: Sendable, Hashable {
    public struct Term: Sendable, Hashable {
        public var metric: SweepMetric
        public var target: Double
        public var scale: Double

        public init(metric: SweepMetric, target: Double, scale: Double? = nil) {
            self.metric = metric
            self.target = target
            self.scale = scale ?? metric.defaultScale
        }
    }

    public var terms: [Term]

    public init(terms: [Term]) {
        self.terms = terms
    }

    /// Parses `--target` (METRIC=VALUE, comma separated) and `--scale` lists.
    public init(targets: String, scales: [String] = []) throws(SweepSpecError) {
        var terms: [Term] = []
        for (name, value) in try Self.pairs(targets, option: "--target") {
            let metric = try SweepMetric.named(name)
            guard !terms.contains(where: { $0.metric == metric }) else { throw SweepSpecError("--target \(name) is given twice") }
            terms.append(Term(metric: metric, target: value))
        }
        guard !terms.isEmpty else { throw SweepSpecError("--target needs METRIC=VALUE, e.g. settle=0.6,overshoot=5") }
        for text in scales {
            for (name, value) in try Self.pairs(text, option: "--scale") {
                let metric = try SweepMetric.named(name)
                guard let t = terms.firstIndex(where: { $0.metric == metric }) else {
                    throw SweepSpecError("--scale \(name): \(name) has no --target")
                }
                guard value > 0 else { throw SweepSpecError("--scale \(name) must be greater than 0") }
                terms[t].scale = value
            }
        }
        self.init(terms: terms)
    }

    private static func pairs(_ text: String, option: String) throws(SweepSpecError) -> [(String, Double)] {
        var result: [(String, Double)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let value = Double(String(parts[1]).trimmingSpaces), value.isFinite else {
                throw SweepSpecError("\(option): expected METRIC=NUMBER, found \(MessageText.quoted(item))")
            }
            result.append((String(parts[0]).trimmingSpaces, value))
        }
        return result
    }

    /// The score of one run, or nil when a targeted value is missing.
    public func score(_ value: (SweepMetric) -> Double?) -> Double? {
        var sum = 0.0
        for term in terms {
            guard let v = value(term.metric) else { return nil }
            let z = (v - term.target) / term.scale
            sum += z * z
        }
        return sum
    }

    /// The table's rows best first: (position in `table.rows`, score).
    public func order(_ table: SweepTable) -> [(row: Int, score: Double?)] {
        let scored = table.rows.indices.map { r in
            (row: r, score: score { table.value(r, $0) })
        }
        return scored.sorted { a, b in
            switch (a.score, b.score) {
            case let (x?, y?): x != y ? x < y : table.rows[a.row].index < table.rows[b.row].index
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): table.rows[a.row].index < table.rows[b.row].index
            }
        }
    }
}
