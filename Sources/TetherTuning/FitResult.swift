/// What a fit found: the best values (as printed, and replayed at exactly those values), how
/// close that replay comes, how sharp the optimum is, and what the search cost.
public struct FitResult: Sendable {
    public struct Replays: Sendable, Hashable {
        /// The coarse grid.
        public var grid = 0
        /// The Nelder–Mead searches together.
        public var local = 0
        /// The best values, rounded as printed, replayed once more.
        public var best = 0
        /// The steps either side of the best value.
        public var sharpness = 0

        public var total: Int { grid + local + best + sharpness }
    }

    public var parameters: [FitParameter]
    /// The best values, rounded to each parameter's printed decimals.
    public var values: [Double]
    /// The replay at `values`.
    public var comparison: FitComparison
    public var sharpness: [FitSharpness]
    public var replays: Replays
    /// Points per parameter of the coarse grid.
    public var gridPoints: Int
    /// Nelder–Mead searches run, and how many converged within their share of the budget.
    public var starts: Int
    public var converged: Int
}
