/// How far a replay is from a reference: the differences at every compared point, summed as
/// the search needs them (the mean square is what it minimizes; the RMS and the largest
/// difference are what it prints), with how many frames and elements they cover.
public struct FitResidual: Sendable, Hashable {
    public private(set) var sumOfSquares = 0.0
    /// The largest |difference|, pt.
    public private(set) var largest = 0.0
    public private(set) var points = 0
    /// Distinct frames and elements among the points (counted by the comparison).
    public var frames = 0
    public var elements = 0

    public init() {}

    /// Adds one compared point whose difference is `difference` (pt, any sign).
    public mutating func add(_ difference: Double) {
        sumOfSquares += difference * difference
        largest = max(largest, abs(difference))
        points += 1
    }

    /// Mean of the squared differences (pt²); 0 without points.
    public var meanSquare: Double { points == 0 ? 0 : sumOfSquares / Double(points) }

    /// Root mean square difference, pt.
    public var rms: Double { meanSquare.squareRoot() }
}
