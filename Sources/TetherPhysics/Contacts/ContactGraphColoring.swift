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
    /// The inverse of `order`: each contact's place in solve order, in contact order (so the
    /// step can read the contacts front to back and write each row where it is solved).
    private(set) var positions: [Int32] = []
    /// Where each color's contacts begin in `order`, and (last) where the overflow contacts,
    /// which may share bodies, begin; `colorCount + 2` entries ending with the contact count.
    private(set) var colorStarts: [Int] = []

    /// Each contact's movable slots at the last coloring (`Self.key`), in contact order.
    private var coloredSlots: [UInt64] = []
    /// Whether the last call kept the coloring of the call before (`order` and `colorStarts`
    /// unchanged).
    private(set) var isKept = false

    /// Colors `count` contacts whose movable bodies are given by `slots(i)` (slot 0, or nil for
    /// an immovable partner, takes no color). `bodyCount` bounds the slots.
    ///
    /// The colors follow from the contacts' movable slots alone, in order: when they are those
    /// of the last call (a pile at rest keeps its contacts from step to step), the colors and
    /// the order are kept instead of worked out again.
    mutating func colorContacts(count: Int, bodyCount: Int, slots: (Int) -> (a: Int?, b: Int?)) {
        isKept = recordSlots(count: count, slots)
        if isKept { return }
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
                    coloredSlots.withUnsafeBufferPointer { keys in
                        for i in 0..<count {
                            let (a, b) = Self.slots(keys[i])
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
        }
        // Counting sort by color keeps key order within each color.
        var start = 0
        for color in sizes.indices {
            let size = sizes[color]
            sizes[color] = start
            start += size
        }
        colorStarts = sizes + [count]
        order.resize(to: count, with: 0)
        positions.resize(to: count, with: 0)
        order.withUnsafeMutableBufferPointer { order in
            positions.withUnsafeMutableBufferPointer { positions in
                for i in 0..<count {
                    let color = Int(colors[i])
                    let position = sizes[color]
                    order[position] = Int32(i)
                    positions[i] = Int32(position)
                    sizes[color] = position + 1
                }
            }
        }
    }

    /// Records each contact's movable slots in `coloredSlots`; returns whether they are those
    /// of the last coloring, which then still holds.
    private mutating func recordSlots(count: Int, _ slots: (Int) -> (a: Int?, b: Int?)) -> Bool {
        var same = coloredSlots.count == count && colorStarts.count == Self.colorCount + 2
        coloredSlots.resize(to: count, with: 0)
        coloredSlots.withUnsafeMutableBufferPointer { keys in
            for i in 0..<count {
                let (a, b) = slots(i)
                let key = Self.key(a) << 32 | Self.key(b)
                same = same && keys[i] == key
                keys[i] = key
            }
        }
        return same
    }

    /// A contact's movable slot in 32 bits, `UInt32.max` for an immovable partner.
    private static func key(_ slot: Int?) -> UInt64 {
        UInt64(slot.map { UInt32(truncatingIfNeeded: $0) } ?? .max)
    }

    /// The movable slots of a contact's `key(a) << 32 | key(b)`.
    private static func slots(_ key: UInt64) -> (a: Int?, b: Int?) {
        func slot(_ bits: UInt64) -> Int? { bits == UInt64(UInt32.max) ? nil : Int(bits) }
        return (slot(key >> 32), slot(key & 0xFFFF_FFFF))
    }
}
