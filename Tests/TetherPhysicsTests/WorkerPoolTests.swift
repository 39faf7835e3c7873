import Synchronization
import Testing
@testable import TetherPhysics

/// The helpers behind `StepWorkers`: every call runs each iteration exactly once and returns only
/// when all have finished, call after call (helpers spinning, helpers asleep), and a pool that is
/// busy runs a nested call in order on the calling thread.
@Suite struct WorkerPoolTests {
    /// 2 000 calls in a row: each iteration's slot holds the call's number when the call returns,
    /// so an iteration that ran twice, late or not at all shows.
    @Test(arguments: [2, 3, 4])
    func everyIterationRunsOnceAndFinishesBeforeTheCallReturns(threads: Int) {
        let pool = WorkerPool(helpers: threads - 1)
        let runs = Counters(threads)
        var slots = [Int](repeating: -1, count: threads)
        slots.withUnsafeMutableBufferPointer { slots in
            let shared = Slots(base: slots.baseAddress!)
            for call in 0..<2_000 {
                let iterations = 1 + call % threads
                pool.perform(iterations: iterations) { i in
                    shared.base[i] = call
                    runs.add(i)
                }
                for i in 0..<iterations { #expect(slots[i] == call, "call \(call), iteration \(i)") }
            }
        }
        let expected = (0..<threads).map { i in (0..<2_000).filter { 1 + $0 % threads > i }.count }
        #expect(runs.values == expected)
    }

    /// A helper that went to sleep (no call for longer than its spin) is woken by the next call.
    @Test func sleepingHelpersWakeForTheNextCall() async throws {
        let pool = WorkerPool(helpers: 2)
        let runs = Counters(3)
        for _ in 0..<3 {
            pool.perform(iterations: 3) { runs.add($0) }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(runs.values == [3, 3, 3])
    }

    /// A call made from inside a chunk finds the pool busy and runs its iterations in order on
    /// the thread that made it.
    @Test func aNestedCallRunsInOrderOnItsOwnThread() {
        let pool = WorkerPool(helpers: 1)
        let order = Mutex<[Int]>([])
        pool.perform(iterations: 2) { outer in
            guard outer == 0 else { return }
            pool.perform(iterations: 2) { inner in order.withLock { $0.append(inner) } }
        }
        #expect(order.withLock { $0 } == [0, 1])
    }

    /// Pools made and dropped one after another end their helpers (a leaked helper would keep
    /// spinning; a stop that lost its wake-up would hang a helper, not this test, so this checks
    /// that making and dropping them neither hangs nor crashes, and that each worked).
    @Test func poolsComeAndGo() {
        let runs = Counters(2)
        for _ in 0..<200 {
            let workers = StepWorkers(threads: 2, minimumChunk: 1)
            workers.forEachChunk(count: 2) { range in runs.add(range.lowerBound) }
        }
        #expect(runs.values == [200, 200])
    }
}

/// Per-index counts the iterations add to from any thread.
private final class Counters: Sendable {
    let counts: Mutex<[Int]>
    init(_ n: Int) { counts = Mutex([Int](repeating: 0, count: n)) }
    func add(_ i: Int) { counts.withLock { $0[i] += 1 } }
    var values: [Int] { counts.withLock { $0 } }
}

/// Slots the iterations write, each its own.
private struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int>
}
