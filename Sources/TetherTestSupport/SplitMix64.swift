/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, so every randomized test sees
/// the same inputs on every run and platform. Test support only: nothing in the simulation uses
/// randomness.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform-enough integer in `0 ..< n` for the small n tests use.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [lo, hi).
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// A whole number in [lo, hi], as a Double (so rectangles often share edges exactly).
    public mutating func whole(_ lo: Int, _ hi: Int) -> Double { Double(lo + Int(next() % UInt64(hi - lo + 1))) }

    /// Fisher–Yates with this generator (not the standard library's, whose algorithm may change).
    public mutating func shuffled<T>(_ array: [T]) -> [T] {
        var array = array
        for i in stride(from: array.count - 1, to: 0, by: -1) { array.swapAt(i, below(i + 1)) }
        return array
    }
}
