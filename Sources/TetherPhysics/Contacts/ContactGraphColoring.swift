/// The order the contact rows are solved in: greedy graph coloring, as in Box2D v3's constraint
/// graph. Each contact takes the lowest color (0…63) that no other contact of either of its
/// movable bodies holds yet; contacts are then solved color by color, in key order within a
/// color.
///
/// Within a color no two contacts share a movable body, so consecutive rows do not wait on each
/// other's velocity updates and the processor overlaps them; a Gauss–Seidel sweep in this order
/// converges as well as one in key order (Box2D v3 solves in exactly this kind of order).
/// Immovable partners (boundaries, anchored items) are never written, so they do not count.
/// Contacts that find all 64 colors taken go last, in key order. Everything depends only on the
/// contacts' order and bodies, so the result is deterministic.
struct ContactGraphColoring: Sendable {
    static let colorCount = 64

    /// Per body slot, one bit per color already holding a contact of that body.
    private var usedColors: [UInt64] = []
    private var colors: [UInt8] = []
    /// Contact indices in solve order.
    private(set) var order: [Int32] = []
    /// Where each color's contacts begin in `order`, and (last) where the overflow contacts,
    /// which may share bodies, begin; `colorCount + 2` entries ending with the contact count.
    private(set) var colorStarts: [Int] = []

    /// Colors `count` contacts whose movable bodies are given by `slots(i)` (slot 0, or nil for
    /// an immovable partner, takes no color). `bodyCount` bounds the slots.
    mutating func colorContacts(count: Int, bodyCount: Int, slots: (Int) -> (a: Int?, b: Int?)) {
        usedColors.removeAll(keepingCapacity: true)
        // Without contacts (a field of springs) no body takes a color: no need to clear them all.
        if count > 0 { usedColors.append(contentsOf: repeatElement(0, count: bodyCount)) }
        colors.removeAll(keepingCapacity: true)
        var sizes = [Int](repeating: 0, count: Self.colorCount + 1)
        colors.append(contentsOf: repeatElement(0, count: count))
        // Raw storage: these loops run once per contact per step, and an array's uniqueness
        // check on every write would cost as much as the coloring.
        usedColors.withUnsafeMutableBufferPointer { used in
            colors.withUnsafeMutableBufferPointer { colors in
                sizes.withUnsafeMutableBufferPointer { sizes in
                    for i in 0..<count {
                        let (a, b) = slots(i)
                        let taken = (a.map { used[$0] } ?? 0) | (b.map { used[$0] } ?? 0)
                        let color: Int
                        if taken == .max {
                            color = Self.colorCount
                        } else {
                            color = (~taken).trailingZeroBitCount
                            let bit = UInt64(1) << UInt64(color)
                            if let a { used[a] |= bit }
                            if let b { used[b] |= bit }
                        }
                        colors[i] = UInt8(color)
                        sizes[color] += 1
                    }
                }
            }
        }
        // Counting sort by color keeps key order within each color.
        var start = 0
        for color in sizes.indices {
            let size = sizes[color]
            sizes[color] = start
            start += size
        }
        colorStarts = sizes + [count]
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: count))
        order.withUnsafeMutableBufferPointer { order in
            for i in 0..<count {
                let color = Int(colors[i])
                order[sizes[color]] = Int32(i)
                sizes[color] += 1
            }
        }
    }
}
