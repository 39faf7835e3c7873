import TetherPhysics

/// A translation spread evenly over a number of frames, as a drag or scroll command queues it.
///
/// Every frame takes `total/frames` except the last, which takes what is left, so the shares
/// always add up to exactly `total`.
struct SpreadTranslation: Sendable, Hashable {
    let total: Vec2
    let frames: Int
    private(set) var applied = 0

    /// `frames` below 1 count as 1: the whole translation lands on the next frame.
    init(total: Vec2, frames: Int) {
        self.total = total
        self.frames = max(1, frames)
    }

    var isFinished: Bool { applied >= frames }

    /// The even share of one frame.
    private var share: Vec2 { Vec2(total.x / Double(frames), total.y / Double(frames)) }

    /// What the frames not yet applied still add up to.
    var remaining: Vec2 { applied == 0 ? total : total - Double(applied) * share }

    /// Takes the next frame's share.
    mutating func next() -> Vec2 {
        guard !isFinished else { return .zero }
        applied += 1
        return applied == frames ? total - Double(frames - 1) * share : share
    }
}

extension Array where Element == SpreadTranslation {
    /// The sum of this frame's shares of every queued translation; drops the finished ones.
    mutating func takeFrameShares() -> Vec2 {
        var sum = Vec2.zero
        for index in indices { sum += self[index].next() }
        removeAll { $0.isFinished }
        return sum
    }

    /// Everything still queued, emptying the queue.
    mutating func takeRemaining() -> Vec2 {
        let sum = reduce(Vec2.zero) { $0 + $1.remaining }
        removeAll()
        return sum
    }
}
