import Foundation
import Synchronization
import Testing
@testable import TetherPhysics

/// How the pool reacts to a helper that lost its processor in the middle of a chunk: the rule on
/// its own (times given, no clock), then a pool whose helper really stalls.
@Suite struct HelperStallsTests {
    let ms: UInt64 = 1_000_000

    /// Waits shorter than the work, or shorter than 1 ms, are a healthy call's.
    @Test func shortWaitsAreNotStalls() {
        var stalls = HelperStalls()
        let first = stalls.record(elapsed: 10 * ms, waited: 4 * ms, at: 100 * ms)
        let second = stalls.record(elapsed: 300_000, waited: 150_000, at: 101 * ms)
        #expect(!first && !second)
        #expect(stalls.stalls == 0)
    }

    /// A slow processor's waits (a quiet virtual machine's, logged: 200–500 µs, longer than the
    /// call's own work) make no streak, even three within 20 ms, as 200 µs stalls did; a busy
    /// loop's time slices (3.4–4.0 ms, logged) still do, and a wait of exactly 1 ms counts.
    @Test func aSlowProcessorsWaitsAreNotStalls() {
        var stalls = HelperStalls()
        let slow = [(603, 303), (611, 386), (795, 418), (999, 999)].enumerated().map { k, call in
            stalls.record(elapsed: UInt64(call.0) * 1_000, waited: UInt64(call.1) * 1_000, at: 100 * ms + UInt64(k) * 5 * ms)
        }
        #expect(slow == [false, false, false, false])
        #expect(stalls.stalls == 0)
        let busy = [(4_484, 3_875), (4_464, 3_848), (1_000, 1_000)].enumerated().map { k, call in
            stalls.record(elapsed: UInt64(call.0) * 1_000, waited: UInt64(call.1) * 1_000, at: 200 * ms + UInt64(k) * 5 * ms)
        }
        #expect(busy == [false, false, true])
        #expect(stalls.stalls == 3)
        // The old rule, 200 µs, made a streak of the slow processor's first three waits.
        var old = HelperStalls(shortestStall: 200_000)
        let oldSlow = [(603, 303), (611, 386), (795, 418)].enumerated().map { k, call in
            old.record(elapsed: UInt64(call.0) * 1_000, waited: UInt64(call.1) * 1_000, at: 100 * ms + UInt64(k) * 5 * ms)
        }
        #expect(oldSlow == [false, false, true])
    }

    /// A lone stall, or stalls far apart, leave the helpers in: a hiccup, not a busy core.
    @Test func loneStallsAreHiccups() {
        var stalls = HelperStalls()
        var streaks = 0
        for k in 0..<10 where stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: 1_000 * ms + UInt64(k) * 30 * ms) {
            streaks += 1
        }
        #expect(streaks == 0)
        #expect(stalls.stalls == 10)
        #expect(stalls.streaks == 0)
    }

    /// Three stalls in a row, each within 20 ms of the one before, make a streak, exactly at the
    /// third; the count starts again after it.
    @Test func aStreakOfStallsIsReported() {
        var stalls = HelperStalls()
        let start = 1_000 * ms
        var reports: [Bool] = []
        for k in 0..<6 { reports.append(stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: start + UInt64(k) * 10 * ms)) }
        #expect(reports == [false, false, true, false, false, true])
        #expect(stalls.streaks == 2)
        // A gap longer than the streak window breaks a streak.
        reports = [100, 110, 131].map { stalls.record(elapsed: 4 * ms, waited: 3 * ms, at: start + $0 * ms) }
        #expect(reports == [false, false, false])
    }

    /// A governor whose helpers stall leaves them out at once, and probes them again after 8
    /// windows, then, while each probe's helpers stall again, after 16, then 32 windows at most
    /// (the longest wait while running alone); a probe that runs clean and faster takes the
    /// helpers back.
    @Test func stalledHelpersAreProbedEverMoreRarely() {
        var governor = HelperGovernor()
        governor.record(stepNanoseconds: ms)
        governor.helpersStalled()
        #expect(governor.favoured == .alone && !governor.helpersTakePart)
        #expect(governor.switches == 1)
        var intervals: [Int] = []
        for _ in 0..<7 {
            // Windows of 5 steps of 1 ms, alone (the first step after the switch is not timed).
            var steps = 0
            while !governor.helpersTakePart {
                governor.record(stepNanoseconds: ms)
                steps += 1
            }
            intervals.append((steps - 1) / 5)
            governor.helpersStalled()
            #expect(!governor.helpersTakePart)
        }
        #expect(intervals == [8, 16, 32, 32, 32, 32, 32])
        #expect(governor.favoured == .alone)
        // Helpers that stop stalling and halve the steps win the next probes back.
        var steps = 0
        while governor.favoured == .alone && steps < 10_000 {
            governor.record(stepNanoseconds: governor.helpersTakePart ? ms / 2 : ms)
            steps += 1
        }
        #expect(governor.favoured == .helpers)
        #expect(governor.switches == 2)
    }

    /// A helper that holds its iteration for 200 ms (as if it had lost its processor) makes the
    /// caller wait, far longer than the caller spent waiting for the helper to start even on a
    /// loaded machine: the pool counts a stall, and (here after one stall) its governor runs
    /// the next calls on the caller alone (no step is timed, so no probe brings the helper
    /// back), each iteration after the one before, still every iteration exactly once.
    @Test func aStalledHelperIsLeftOutOfTheNextCalls() {
        let pool = WorkerPool(helpers: 1, stalls: HelperStalls(stallsBeforeStreak: 1))
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
