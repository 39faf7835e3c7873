import Synchronization

/// One chunk of a run of waves (`StepWorkers.forEachChunkInWaves`): the items `lower..<upper`
/// of stage `stage`, which may begin once the first `after` chunks of the list have finished
/// (every chunk of the waves before its own).
struct WaveChunk: Sendable, Equatable {
    var stage: Int32
    var lower: Int32
    var upper: Int32
    var after: Int32

    var range: Range<Int> { Int(lower)..<Int(upper) }
}

extension StepWorkers {
    /// Runs `body` on every chunk of `chunks` (listed wave by wave, each chunk's `after` the
    /// index of its wave's first chunk) with one hand-off for the whole list: the chunks of a
    /// wave may run at the same time, and a wave begins only when every chunk of the waves
    /// before it has finished. The contact solver's colors are its waves: rows of one color
    /// share no movable body, rows of the next color read what this color wrote.
    ///
    /// Every thread walks the waves in order. In each wave it first claims the chunks that are
    /// its own (chunk `k` of the wave goes to thread `k mod threads`, so a thread keeps
    /// finding the same bodies in its cache from color to color), then any chunk no one has
    /// claimed yet, and then waits for the wave's other chunks to finish, spinning on the count
    /// of finished chunks (yielding now and then): a color takes microseconds, far less than
    /// putting a thread to sleep and waking it. A thread waits only when every chunk of the wave
    /// is claimed by a thread that is running it, so one thread alone runs the whole list in
    /// order and nothing waits on a thread that did not start. Which thread runs a chunk
    /// changes nothing, so the result is the same for every thread count as long as the chunks
    /// of one wave touch disjoint data.
    ///
    /// A call per color would cost a hand-off per color; a pile's step has some hundred colors
    /// over its passes, so this runs a whole pass per hand-off (why `StepWorkers` has it).
    func forEachChunkInWaves(_ chunks: [WaveChunk], _ body: (WaveChunk) -> Void) {
        if threads == 1 || chunks.count < 2 {
            for chunk in chunks { body(chunk) }
            return
        }
        let progress = WaveProgress(chunks: chunks.count)
        let participants = threads
        chunks.withUnsafeBufferPointer { chunks in
            withoutActuallyEscaping(body) { body in
                let shared = SharedWaves(chunks: chunks, body: body, progress: progress)
                performReportingWaits(iterations: participants) { participant in
                    shared.takePart(participant, of: participants)
                }
            }
        }
    }
}

/// The state of one run of waves: a claim flag per chunk and how many chunks have finished.
/// The atomics live in storage of their own (an atomic cannot be an array element), freed with
/// the object, each on a cache line of its own (`lineStride` bytes apart): the threads claim
/// their chunks of a wave at the same moment, just after the count let them past the wave
/// before, and flags packed side by side made those claims take turns with one line (as did
/// the count, which shared its line with the object's other fields, read by every claim).
final class WaveProgress: @unchecked Sendable {
    private let storage: UnsafeMutableRawPointer
    let count: Int
    /// How many chunks have finished.
    let finished: UnsafeMutablePointer<Atomic<Int>>

    /// Bytes between two atomics: two 64-byte lines, as processors fetch lines in pairs.
    static let lineStride = 128

    init(chunks: Int) {
        count = chunks
        storage = .allocate(byteCount: (chunks + 1) * Self.lineStride, alignment: Self.lineStride)
        finished = storage.bindMemory(to: Atomic<Int>.self, capacity: 1)
        finished.initialize(to: Atomic(0))
        for k in 0..<chunks {
            (storage + (k + 1) * Self.lineStride).bindMemory(to: Atomic<Bool>.self, capacity: 1).initialize(to: Atomic(false))
        }
    }

    deinit {
        for k in 0..<count { flag(k).deinitialize(count: 1) }
        finished.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Chunk `k`'s claim flag, on the line after the count's and the flags before it.
    @inline(__always)
    private func flag(_ k: Int) -> UnsafeMutablePointer<Atomic<Bool>> {
        (storage + (k + 1) * Self.lineStride).assumingMemoryBound(to: Atomic<Bool>.self)
    }

    /// Whether this call claimed chunk `k` (false: some thread already has).
    func claim(_ k: Int) -> Bool {
        let flag = flag(k)
        if flag.pointee.load(ordering: .relaxed) { return false }
        return flag.pointee.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    }

    /// Where chunk `k`'s flag lies, in bytes from the count (for tests).
    func flagOffset(_ k: Int) -> Int { UnsafeRawPointer(flag(k)) - UnsafeRawPointer(finished) }

    /// Whether the count begins a line (for tests).
    var countIsAligned: Bool { Int(bitPattern: finished) % Self.lineStride == 0 }
}

/// The waves handed to the workers' threads. Sendable on the word of `forEachChunkInWaves`'s
/// callers: the chunks of one wave touch disjoint data, and the counter orders the waves (a
/// chunk's writes are released by its `finished` increment and acquired by the load that lets
/// a thread past the wave). The buffer lives until `perform` returns.
private struct SharedWaves: @unchecked Sendable {
    let chunks: UnsafeBufferPointer<WaveChunk>
    let body: (WaveChunk) -> Void
    let progress: WaveProgress

    /// Walks the waves: this thread's own chunks, then unclaimed ones, then the wait. Returns
    /// how long this thread waited for others (`SpinWait`).
    func takePart(_ participant: Int, of participants: Int) -> UInt64 {
        var wait = SpinWait()
        var start = 0
        while start < chunks.count {
            var end = start + 1
            while end < chunks.count && chunks[end].after == chunks[start].after { end += 1 }
            var k = start + participant
            while k < end {
                run(k)
                k += participants
            }
            for k in start..<end { run(k) }
            wait.until { progress.finished.pointee.load(ordering: .acquiring) >= end }
            start = end
        }
        return wait.slowNanoseconds
    }

    /// Runs chunk `k` if this thread claims it.
    @inline(__always)
    private func run(_ k: Int) {
        guard progress.claim(k) else { return }
        body(chunks[k])
        progress.finished.pointee.wrappingAdd(1, ordering: .releasing)
    }
}
