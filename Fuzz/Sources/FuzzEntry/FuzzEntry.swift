import TetherFuzzing

/// What every fuzz executable's `LLVMFuzzerTestOneInput` does.
public enum FuzzEntry {
    /// Feeds the input to `target`; a problem traps with its description (libFuzzer then writes
    /// the input to Fuzz/Regressions/TARGET/ and stops). Returns 0, as libFuzzer asks.
    public static func run(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let problem = target.problem(with: bytes) {
            fatalError("\(target.rawValue): \(problem)")
        }
        return 0
    }
}
