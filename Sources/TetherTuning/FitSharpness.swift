/// How sharply the reference pins one parameter down: the fit measured again a small step
/// below and above the best value, the others held. A residual that barely moves says the
/// reference does not decide that parameter (any value near it does as well); one that jumps
/// says it is pinned.
public struct FitSharpness: Sendable {
    public struct Side: Sendable {
        public var value: Double
        public var comparison: FitComparison
    }

    /// The parameter's position among the fit's parameters.
    public var parameter: Int
    public var step: Double
    /// nil where the step would leave the box (the best value is on that bound).
    public var lower: Side?
    public var upper: Side?

    /// The step, as a fraction of each parameter's range.
    public static let stepFraction = 0.02
}
