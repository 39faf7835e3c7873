import TetherPhysics

/// Attributes told as runs of elements alike in everything but their item (one more each) and
/// their place: a list or grid's cells are a few runs, so whoever reads every element every frame
/// (the output) reads a run's section, kind, size, angle, alpha and z-index once, and per element
/// only its center (16 bytes instead of an 80-byte `LayoutAttributes`).
public struct AttributesRuns: Sendable, Equatable {
    /// The runs, in element order, covering every element once.
    public private(set) var runs: [AttributesRun]
    /// Each element's center as its attributes give it (`frame.center`): its resting place,
    /// for whoever needs no other value (the springs' anchors as the content scrolls).
    public private(set) var centers: [Vec2]

    /// `attributes` as runs; values are alike when their bits are (so a run's rows repeat its
    /// text exactly).
    public init(_ attributes: [LayoutAttributes]) {
        runs = []
        centers = []
        centers.reserveCapacity(attributes.count)
        for (i, a) in attributes.enumerated() {
            centers.append(a.center)
            if let last = runs.last, last.admits(a) {
                runs[runs.count - 1].elements = last.elements.lowerBound..<i + 1
            } else {
                runs.append(AttributesRun(elements: i..<i + 1, first: a))
            }
        }
    }

    /// The index in `runs` of the run holding `element`.
    public func runIndex(containing element: Int) -> Int {
        precondition(element >= 0 && element < centers.count, "no such element")
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].elements.lowerBound <= element { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Calls `body` with each run holding elements of `range`, in order, and the part of
    /// `range` it holds: how the output and the dynamics walk a part of the elements run by run.
    @inlinable @inline(__always)
    public func forEachRun(overlapping range: Range<Int>, _ body: (AttributesRun, Range<Int>) -> Void) {
        guard !range.isEmpty else { return }
        var r = runIndex(containing: range.lowerBound)
        runs.withUnsafeBufferPointer { runs in
            var i = range.lowerBound
            while i < range.upperBound {
                let run = runs[r]
                let end = Swift.min(run.elements.upperBound, range.upperBound)
                body(run, i..<end)
                i = end
                r += 1
            }
        }
    }
}

/// Elements `elements` whose attributes are `first`'s but for their item, `first.key.item + k`
/// for the k-th, and their frame's origin.
public struct AttributesRun: Sendable, Equatable {
    public var elements: Range<Int>
    public var first: LayoutAttributes

    /// `a` can be the run's next element.
    func admits(_ a: LayoutAttributes) -> Bool {
        let f = first
        return a.key.section == f.key.section && a.key.kind == f.key.kind
            && a.key.item == f.key.item + elements.count
            && a.frame.size.width.bitPattern == f.frame.size.width.bitPattern
            && a.frame.size.height.bitPattern == f.frame.size.height.bitPattern
            && a.angle.bitPattern == f.angle.bitPattern && a.alpha.bitPattern == f.alpha.bitPattern
            && a.zIndex == f.zIndex
    }
}

/// Where an element is drawn now, with its run (`AttributesRuns`) telling the rest: its
/// `center` as its attributes give it, and its angle.
public struct ElementPlace: Sendable, Equatable {
    public var center: Vec2
    public var angle: Double

    public init(center: Vec2, angle: Double) {
        self.center = center
        self.angle = angle
    }
}
