/// How `tether fit` searches: a coarse grid over the whole box, then Nelder–Mead from the best
/// few grid points that are each the lowest among their grid neighbours (one per valley, so a
/// residual surface with several valleys is searched in each of the deepest), then the best
/// values rounded as printed and replayed once more, then the sharpness steps.
///
/// Why: a replay's residual has no gradient, can have several valleys (a spring that swings
/// once more can match a reference about as well as the right one), and costs a whole replay per
/// value. The grid finds the valleys without assuming anything; Nelder–Mead then needs only
/// values and converges in tens of replays per valley in 1–4 dimensions.
///
/// Deterministic: grid points and searches are numbered and their results gathered in that order
/// whatever `jobs` is; every search has its own fixed share of the budget; ties go to the
/// earlier point. Bounded: at most `maxRuns` replays in all.
public struct FitSearch: Sendable {
    public var maxRuns: Int
    public var jobs: Int
    /// Points per parameter of the coarse grid; nil for `defaultGridPoints`.
    public var gridPoints: Int?
    /// How many valleys get a Nelder–Mead search.
    public var starts: Int
    /// Record the best replay's motion for the overlay picture.
    public var overlay: Bool

    public static let defaultMaxRuns = 600
    public static let defaultStarts = 3

    public init(maxRuns: Int = defaultMaxRuns, jobs: Int = 1, gridPoints: Int? = nil, starts: Int = defaultStarts, overlay: Bool = false) {
        self.maxRuns = maxRuns
        self.jobs = jobs
        self.gridPoints = gridPoints
        self.starts = starts
        self.overlay = overlay
    }

    /// Grid points per parameter: 15, 8, 5, 4 for one to four parameters (15, 64, 125, 256
    /// replays), lowered until the grid takes at most half of `maxRuns`.
    public static func defaultGridPoints(parameters: Int, maxRuns: Int) -> Int {
        var n = [15, 8, 5, 4][max(0, min(3, parameters - 1))]
        while n > 2 && power(n, parameters) > maxRuns / 2 { n -= 1 }
        return n
    }

    static func power(_ base: Int, _ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * base } }

    /// The fewest replays that leave room for `starts` searches of one simplex each and the
    /// final and sharpness replays.
    public func minimumRuns(parameters d: Int, gridPoints n: Int) -> Int {
        Self.power(n, d) + (d + 1) + 1 + 2 * d
    }

    public func run(_ plan: FitPlan, progress: (String) -> Void = { _ in }) throws(FitError) -> FitResult {
        let d = plan.parameters.count
        let n = gridPoints ?? Self.defaultGridPoints(parameters: d, maxRuns: maxRuns)
        let gridCount = Self.power(n, d)
        guard maxRuns >= minimumRuns(parameters: d, gridPoints: n) else {
            throw .usage("--max-runs \(maxRuns) is too few: the \(n)-point grid over \(d) parameter\(d == 1 ? "" : "s") takes \(gridCount) replays, and the local search, the best values and the sharpness steps need at least \(minimumRuns(parameters: d, gridPoints: n) - gridCount) more")
        }
        func describe(_ comparison: FitComparison) -> String {
            if let residual = comparison.residual { return "RMS \(FixedText.format(residual.rms, decimals: 3)) pt" }
            return comparison.objective.isFinite ? "score \(FixedText.format(comparison.objective, decimals: 3))" : "no score"
        }

        // 1. The grid: cell centres (k + ½)/n, first parameter slowest.
        let grid: [[Double]] = (0..<gridCount).map { index in
            var rest = index
            var u = Array(repeating: 0.0, count: d)
            for a in (0..<d).reversed() {
                u[a] = (Double(rest % n) + 0.5) / Double(n)
                rest /= n
            }
            return u
        }
        let gridResults = try ParallelRuns.map(grid, jobs: jobs) { u throws(FitError) in try plan.evaluate(plan.values(at: u)) }
        if gridResults.allSatisfy({ $0.residual.map { $0.points == 0 } ?? false }) {
            throw .data(plan.reference.nothingToCompare(plan.baseScenario))
        }
        if gridResults.allSatisfy({ !$0.objective.isFinite }) {
            throw .data("no replay in the box has every targeted metric (settle is empty when a run does not settle before its last frame: lengthen the runs with --set frames=N)")
        }
        try checkEveryParameterMatters(plan, n: n, results: gridResults)
        let gridBest = Self.bestIndex(gridResults.map(\.objective))
        progress("grid: \(gridCount) replays (\(Array(repeating: String(n), count: d).joined(separator: " × "))); best \(describe(gridResults[gridBest])) at \(plan.describe(plan.values(at: grid[gridBest])))")

        // 2. Nelder–Mead from the lowest grid points that are no higher than their neighbours.
        let valleys = Self.localMinima(gridResults.map(\.objective), n: n, d: d).prefix(starts)
        let share = (maxRuns - gridCount - 1 - 2 * d) / max(1, valleys.count)
        let searcher = NelderMead(budget: share)
        let outcomes = try ParallelRuns.map(Array(valleys), jobs: jobs) { index throws(FitError) in
            try searcher.minimize(from: grid[index], value: gridResults[index].objective, step: 1 / Double(n)) { u throws(FitError) in
                try plan.evaluate(plan.values(at: u)).objective
            }
        }
        var replays = FitResult.Replays(grid: gridCount, local: outcomes.reduce(0) { $0 + $1.evaluations })
        var bestPoint = grid[gridBest]
        var bestObjective = gridResults[gridBest].objective
        for outcome in outcomes where NelderMead.less(outcome.value, bestObjective) {
            bestPoint = outcome.point
            bestObjective = outcome.value
        }
        let converged = outcomes.filter(\.converged).count
        progress("Nelder–Mead from \(valleys.count) start\(valleys.count == 1 ? "" : "s"): \(replays.local) replays, \(converged) converged")

        // 3. The best values as printed, replayed once more: what the printed line replays.
        let best = zip(plan.parameters, plan.values(at: bestPoint)).map { $0.rounded($1) }
        let comparison = try plan.evaluate(best, overlay: overlay)
        replays.best = 1

        // 4. Sharpness: a step of 2 % of the range either side, inside the box.
        var sides: [(parameter: Int, value: Double)] = []
        for (i, parameter) in plan.parameters.enumerated() {
            let step = FitSharpness.stepFraction * (parameter.high - parameter.low)
            for direction in [-1.0, 1.0] {
                let value = parameter.rounded(min(parameter.high, max(parameter.low, best[i] + direction * step)))
                if value != best[i] { sides.append((i, value)) }
            }
        }
        let sideResults = try ParallelRuns.map(sides.map { side in
            var point = best
            point[side.parameter] = side.value
            return point
        }, jobs: jobs) { point throws(FitError) in try plan.evaluate(point) }
        replays.sharpness = sides.count
        let sharpness = plan.parameters.indices.map { i in
            var entry = FitSharpness(parameter: i, step: FitSharpness.stepFraction * (plan.parameters[i].high - plan.parameters[i].low))
            for (side, result) in zip(sides, sideResults) where side.parameter == i {
                let measured = FitSharpness.Side(value: side.value, comparison: result)
                if side.value < best[i] { entry.lower = measured } else { entry.upper = measured }
            }
            return entry
        }
        progress("best: \(plan.describe(best)), \(describe(comparison)); \(replays.total) replays")
        return FitResult(
            parameters: plan.parameters, values: best, comparison: comparison, sharpness: sharpness, replays: replays,
            gridPoints: n, starts: valleys.count, converged: converged)
    }

    /// A parameter whose every grid line gives the same measure changes nothing the fit sees.
    func checkEveryParameterMatters(_ plan: FitPlan, n: Int, results: [FitComparison]) throws(FitError) {
        let d = plan.parameters.count
        guard n >= 2 else { return }
        for a in 0..<d {
            let stride = Self.power(n, d - 1 - a)
            let changes = results.indices.contains { index in
                let coordinate = (index / stride) % n
                return coordinate + 1 < n && results[index].fingerprint != results[index + stride].fingerprint
            }
            if !changes {
                let p = plan.parameters[a]
                throw .usage("--vary \(p.name): every value from \(FitParameter.number(p.low)) to \(FitParameter.number(p.high)) gives the same \(plan.reference.isTargets ? "metrics" : "compared motion"); the scenario does not use \(p.name)\(plan.reference.isTargets ? "" : " (or not for the compared elements and frames)")")
            }
        }
    }

    /// The index of the smallest value (NaN last), the first on ties.
    static func bestIndex(_ values: [Double]) -> Int {
        var best = 0
        for i in values.indices where NelderMead.less(values[i], values[best]) { best = i }
        return best
    }

    /// Grid points no higher than any neighbour along an axis, lowest first (ties in grid order).
    static func localMinima(_ values: [Double], n: Int, d: Int) -> [Int] {
        var minima: [Int] = []
        for index in values.indices where values[index].isFinite {
            var lowest = true
            for a in 0..<d {
                let stride = power(n, d - 1 - a)
                let coordinate = (index / stride) % n
                if coordinate > 0 && NelderMead.less(values[index - stride], values[index]) { lowest = false }
                if coordinate + 1 < n && NelderMead.less(values[index + stride], values[index]) { lowest = false }
            }
            if lowest { minima.append(index) }
        }
        return minima.sorted { values[$0] != values[$1] ? values[$0] < values[$1] : $0 < $1 }
    }
}

extension FitReference {
    var isTargets: Bool {
        if case .targets = self { return true }
        return false
    }
}
