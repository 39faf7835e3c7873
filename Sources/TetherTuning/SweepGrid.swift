import TetherScenario

/// The product of the `--vary` axes. Combination k is numbered in row-major order: the first
/// axis varies slowest, the last fastest, so a 2 × 3 grid runs (a0,b0) (a0,b1) (a0,b2) (a1,b0)…
public struct SweepGrid: Sendable, Hashable {
    public let axes: [SweepAxis]
    /// Values per axis.
    public let shape: [Int]
    /// Number of combinations (the product of `shape`).
    public let count: Int

    public static let maximumCombinations = 1_000_000

    public init(_ axes: [SweepAxis]) throws(SweepSpecError) {
        guard !axes.isEmpty else { throw SweepSpecError("nothing to sweep: give at least one --vary PATH=…") }
        for (position, axis) in axes.enumerated() where axes[..<position].contains(where: { $0.path == axis.path }) {
            throw SweepSpecError("\(axis.name) is varied twice")
        }
        var product = 1
        for axis in axes {
            let (next, overflow) = product.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, next <= Self.maximumCombinations else {
                throw SweepSpecError("the grid has more than \(Self.maximumCombinations) combinations")
            }
            product = next
        }
        self.axes = axes
        shape = axes.map(\.values.count)
        count = product
    }

    /// The value index on each axis of combination `index`.
    public func coordinates(of index: Int) -> [Int] {
        precondition(index >= 0 && index < count, "combination \(index) is outside the grid")
        var rest = index
        var result = Array(repeating: 0, count: axes.count)
        for a in axes.indices.reversed() {
            result[a] = rest % shape[a]
            rest /= shape[a]
        }
        return result
    }

    /// The combination at these coordinates.
    public func index(of coordinates: [Int]) -> Int {
        zip(coordinates, shape).reduce(0) { $0 * $1.1 + $1.0 }
    }

    /// The `--set` overrides that make combination `index`, in axis order.
    public func overrides(at index: Int) -> [ScenarioOverride] {
        zip(axes, coordinates(of: index)).map { axis, c in ScenarioOverride(path: axis.path, value: axis.values[c]) }
    }

    /// The CSV cells of combination `index`'s parameters.
    public func labels(at index: Int) -> [String] {
        zip(axes, coordinates(of: index)).map { axis, c in SweepAxis.label(axis.values[c]) }
    }

    /// "dynamics.spring.damping=0.5, dynamics.spring.frequency=1", for messages.
    public func describe(_ index: Int) -> String {
        zip(axes, labels(at: index)).map { "\($0.name)=\($1)" }.joined(separator: ", ")
    }
}

/// `--shard I/N`: combination k belongs to shard k mod N; I counts from 0.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(SweepSpecError) {
        guard count >= 1, count <= 1_000_000 else { throw SweepSpecError("the shard count must be from 1 to 1000000") }
        guard index >= 0, index < count else {
            throw SweepSpecError("shard \(index)/\(count) does not exist: I counts from 0 to \(count - 1)")
        }
        self.index = index
        self.count = count
    }

    /// "I/N".
    public init(parsing text: String) throws(SweepSpecError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw SweepSpecError("expected I/N, e.g. 0/4 (shard I of N, counting from 0)")
        }
        try self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    public func contains(_ combination: Int) -> Bool { combination % count == index }

    /// This shard's combinations of a grid of `total`, ascending.
    public func combinations(of total: Int) -> [Int] {
        Array(stride(from: index, to: total, by: count))
    }
}
