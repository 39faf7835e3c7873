/// Arrays the step keeps from one step to the next as working storage and writes by index
/// through raw buffers: sized up front for the most a stage can write, then cut to what it
/// wrote. Appending element by element instead checks the array's uniqueness and capacity on
/// every write, which costs as much as the work in the loops of a pile's step.
extension Array {
    /// Makes the array at least `count` long; new elements are `filler`, to be overwritten.
    mutating func grow(toAtLeast count: Int, with filler: Element) {
        if self.count < count { append(contentsOf: repeatElement(filler, count: count - self.count)) }
    }

    /// Makes the array exactly `count` long, keeping its storage; new elements are `filler`.
    mutating func resize(to count: Int, with filler: Element) {
        grow(toAtLeast: count, with: filler)
        truncate(to: count)
    }

    /// Drops the elements after the first `count`, keeping the storage.
    mutating func truncate(to count: Int) {
        removeLast(self.count - count)
    }
}
