import Foundation
import Synchronization
import Testing
@testable import TetherPhysics

/// How the pool reacts to a helper that lost its processor in the middle of a chunk: the rule on
/// its own (times given, no clock), then a pool whose helper really stalls.
@Suite struct HelperStallsTests {
    let ms: UInt64 = 1_000_000

    /// Waits shorter than the work, or shorter than 200 µs, are a healthy call's.
    @Test func shortWaitsAreNotStalls() {
        var stalls = HelperStalls()
        stalls.record(elapsed: 10 * ms, waited: 4 * ms, at: 100 * ms)
        stalls.record(elapsed: 300_000, waited: 150_000, at: 101 * ms)
        #expect(stalls.stalls == 0)
        #expect(!stalls.runsAlone(at: 101 * ms))
    }

    /// A lone stall, or stalls far apart, leave the helpers in: a hiccup, not a busy core.
    @Test func loneStallsAreHiccups() {
        var stalls = HelperStalls()
        for k in 0..<10 {
            stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: 1_000 * ms + UInt64(k) * 30 * ms)
        }
        #expect(stalls.stalls == 10)
        #expect(stalls.pauses == 0)
        #expect(!stalls.runsAlone(at: 1_300 * ms))
    }

    /// Three stalls in a row, each within 20 ms of the one before, leave the helpers out for the
    /// first pause, exactly.
    @Test func aStreakOfStallsPausesTheHelpers() {
        var stalls = HelperStalls()
        let start = 1_000 * ms
        stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: start)
        stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: start + 10 * ms)
        #expect(!stalls.runsAlone(at: start + 11 * ms))
        stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: start + 20 * ms)
        #expect(stalls.pauses == 1)
        #expect(stalls.runsAlone(at: start + 20 * ms + 50 * ms - 1))
        #expect(!stalls.runsAlone(at: start + 20 * ms + 50 * ms))
    }

    /// Streaks that come back soon after each pause double it, up to the longest; a streak long
    /// after the last starts from the first pause again.
    @Test func pausesGrowWhileStallsComeBack() {
        var stalls = HelperStalls()
        var now = 1_000 * ms
        func streak() {
            for _ in 0..<3 {
                now += 5 * ms
                stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: now)
            }
        }
        var pauses: [UInt64] = []
        for _ in 0..<8 {
            streak()
            var pause: UInt64 = 0
            while stalls.runsAlone(at: now + pause) { pause += ms }
            pauses.append(pause / ms)
            now += pause
        }
        #expect(pauses == [50, 100, 200, 400, 800, 1_600, 2_000, 2_000])
        now += 60_000 * ms
        streak()
        #expect(stalls.runsAlone(at: now + 49 * ms))
        #expect(!stalls.runsAlone(at: now + 50 * ms))
    }

    /// A helper that holds its iteration for 200 ms (as if it had lost its processor) makes the
    /// caller wait, far longer than the caller spent waiting for the helper to start even on a
    /// loaded machine: the pool counts a stall, and (here after one stall) runs the next calls
    /// on the caller alone, each iteration after the one before, still every iteration exactly
    /// once.
    @Test func aStalledHelperIsLeftOutOfTheNextCalls() {
        let pool = WorkerPool(helpers: 1, stalls: HelperStalls(stallsBeforePause: 1, firstPause: 3_600_000 * ms))
        let helperStarted = Atomic<Bool>(false)
        pool.perform(iterations: 2) { i in
            if i == 1 {
                helperStarted.store(true, ordering: .sequentiallyConsistent)
                Thread.sleep(forTimeInterval: 0.2)
            } else {
                // Iteration 1 can only start on the helper while the caller is still here.
                let deadline = Date().addingTimeInterval(10)
                while !helperStarted.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
            }
        }
        let started = helperStarted.load(ordering: .sequentiallyConsistent)
        #expect(started)
        #expect(pool.stallCount == 1)

        let events = Mutex<[String]>([])
        for _ in 0..<5 {
            pool.perform(iterations: 2) { i in
                events.withLock { $0.append("start \(i)") }
                if i == 0 { Thread.sleep(forTimeInterval: 0.002) }
                events.withLock { $0.append("end \(i)") }
            }
        }
        let oneAfterTheOther = Array(repeating: ["start 0", "end 0", "start 1", "end 1"], count: 5).flatMap { $0 }
        #expect(events.withLock { $0 } == oneAfterTheOther)
        #expect(pool.stallCount == 1)
    }
}
