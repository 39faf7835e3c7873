/// The Nelder–Mead simplex method in the unit box [0, 1]ⁿ: a local minimizer that needs only
/// function values, since a replay's residual has no gradient to ask for.
///
/// Standard coefficients (reflection 1, expansion 2, contraction ½, shrink ½). Every trial point
/// is clamped into the box, which keeps the bounds and lets the simplex slide along a face when
/// the minimum lies on it. Ties between vertices keep their earlier order, so the same function
/// gives the same path. Stops when the simplex is smaller than `tolerance` along every axis
/// (its vertices lie within `tolerance` of the best), when all its values are equal, or when
/// `budget` evaluations are spent.
public struct NelderMead: Sendable {
    public struct Outcome: Sendable {
        public var point: [Double]
        public var value: Double
        /// Function evaluations made (the start's known value not counted).
        public var evaluations: Int
        /// True when the simplex shrank below the tolerance or went flat before the budget ran out.
        public var converged: Bool
    }

    public var tolerance: Double
    public var budget: Int

    public init(tolerance: Double = 1e-4, budget: Int) {
        self.tolerance = tolerance
        self.budget = budget
    }

    /// Minimizes `f` from `start` (whose value is `startValue`), with a first simplex of edge
    /// `step` along each axis (turned inward where it would leave the box).
    public func minimize<Failure: Error>(
        from start: [Double], value startValue: Double, step: Double, _ f: ([Double]) throws(Failure) -> Double
    ) throws(Failure) -> Outcome {
        let n = start.count
        var evaluations = 0
        var vertices: [(point: [Double], value: Double)] = [(Self.clamped(start), startValue)]
        func evaluate(_ point: [Double]) throws(Failure) -> Double? {
            guard evaluations < budget else { return nil }
            evaluations += 1
            return try f(point)
        }
        func outcome(converged: Bool) -> Outcome {
            let best = vertices.indices.min { vertices[$0].value < vertices[$1].value || (vertices[$0].value == vertices[$1].value && $0 < $1) }!
            return Outcome(point: vertices[best].point, value: vertices[best].value, evaluations: evaluations, converged: converged)
        }
        for axis in 0..<n {
            var point = vertices[0].point
            point[axis] += point[axis] + step <= 1 ? step : -step
            point = Self.clamped(point)
            guard let value = try evaluate(point) else { return outcome(converged: false) }
            vertices.append((point, value))
        }
        while true {
            // Best first; a stable sort keeps earlier vertices ahead on ties.
            vertices = vertices.enumerated().sorted { a, b in
                a.element.value != b.element.value ? Self.less(a.element.value, b.element.value) : a.offset < b.offset
            }.map(\.element)
            let best = vertices[0]
            let spread = vertices.dropFirst().map { v in zip(v.point, best.point).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
            if spread < tolerance || vertices.allSatisfy({ $0.value == best.value }) { return outcome(converged: true) }
            let worst = vertices[n]
            var centroid = Array(repeating: 0.0, count: n)
            for v in vertices[0..<n] {
                for i in 0..<n { centroid[i] += v.point[i] / Double(n) }
            }
            func along(_ t: Double, from a: [Double], to b: [Double]) -> [Double] {
                Self.clamped(zip(a, b).map { $0 + t * ($1 - $0) })
            }
            let reflected = along(-1, from: centroid, to: worst.point)
            guard let reflectedValue = try evaluate(reflected) else { return outcome(converged: false) }
            if Self.less(reflectedValue, best.value) {
                let expanded = along(-2, from: centroid, to: worst.point)
                guard let expandedValue = try evaluate(expanded) else {
                    vertices[n] = (reflected, reflectedValue)
                    return outcome(converged: false)
                }
                vertices[n] = Self.less(expandedValue, reflectedValue) ? (expanded, expandedValue) : (reflected, reflectedValue)
                continue
            }
            if Self.less(reflectedValue, vertices[n - 1].value) {
                vertices[n] = (reflected, reflectedValue)
                continue
            }
            // Contract: outside, toward the reflected point when it beats the worst; else inside.
            let outside = Self.less(reflectedValue, worst.value)
            let contracted = outside ? along(-0.5, from: centroid, to: worst.point) : along(0.5, from: centroid, to: worst.point)
            guard let contractedValue = try evaluate(contracted) else { return outcome(converged: false) }
            if outside ? !Self.less(reflectedValue, contractedValue) : Self.less(contractedValue, worst.value) {
                vertices[n] = (contracted, contractedValue)
                continue
            }
            // Shrink toward the best.
            for i in 1...n {
                let point = along(0.5, from: best.point, to: vertices[i].point)
                guard let value = try evaluate(point) else { return outcome(converged: false) }
                vertices[i] = (point, value)
            }
        }
    }

    /// a < b where NaN (a failed measure) is worse than everything.
    static func less(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN { return false }
        if b.isNaN { return true }
        return a < b
    }

    static func clamped(_ point: [Double]) -> [Double] {
        point.map { min(1, max(0, $0)) }
    }
}
