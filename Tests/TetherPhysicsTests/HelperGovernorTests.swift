import Foundation
import Synchronization
import Testing
@testable import TetherPhysics

/// How the pool chooses between steps with helpers and steps without: the rule on its own, fed
/// step times of each mode (no clock), then a pool whose helper is really slow.
@Suite struct HelperGovernorTests {
    let ms: UInt64 = 1_000_000

    /// Steps `count` times, each taking what `cost` says for the running mode and the step's
    /// number; returns how many steps ran with helpers.
    @discardableResult
    func run(
        _ governor: inout HelperGovernor, steps count: Int, from first: Int = 0,
        cost: (HelperGovernor.Mode, Int) -> UInt64
    ) -> Int {
        var withHelpers = 0
        for step in first..<(first + count) {
            if governor.helpersTakePart { withHelpers += 1 }
            governor.record(stepNanoseconds: cost(governor.running, step))
        }
        return withHelpers
    }

    /// Helpers that make steps faster stay in; the probes of running alone come ever more
    /// rarely, so after a while they cost a window in hundreds.
    @Test func fasterHelpersStayAndProbesThinOut() {
        var governor = HelperGovernor()
        let cost: (HelperGovernor.Mode, Int) -> UInt64 = { mode, _ in mode == .helpers ? ms : 3 * ms / 2 }
        run(&governor, steps: 20_000, cost: cost)
        #expect(governor.favoured == .helpers)
        #expect(governor.switches == 0)
        // Windows are 5 steps (5 ms): probes after 16, 32, 64, … windows.
        #expect(governor.probes >= 5)
        let withHelpers = run(&governor, steps: 20_000, from: 20_000, cost: cost)
        #expect(withHelpers >= 20_000 * 98 / 100)
    }

    /// Helpers that make steps slower (a helper sharing its core with another program) are left
    /// out after the first probe, and then probed ever more rarely, at last every 32 windows: a
    /// probe's 6 steps in some 170, a little under 4 % of the steps (with 256 windows, as
    /// before, it was under 1 %).
    @Test func slowerHelpersAreLeftOut() {
        var governor = HelperGovernor()
        let cost: (HelperGovernor.Mode, Int) -> UInt64 = { mode, _ in mode == .helpers ? 13 * ms / 10 : ms }
        // 16 windows of 5 steps, the probe's 6 steps (the first not timed), the window after
        // it (6 steps again), the probe that confirms and its window after, and the governor
        // switches.
        let early = run(&governor, steps: 16 * 5 + 4 * 6, cost: cost)
        #expect(governor.favoured == .alone)
        #expect(governor.switches == 1)
        #expect(early == 16 * 5 + 6 + 6)
        let later = run(&governor, steps: 20_000, from: 104, cost: cost)
        #expect(governor.favoured == .alone)
        #expect(later <= 20_000 * 4 / 100)
        #expect(later >= 20_000 * 3 / 100)
    }

    /// Helpers that keep the caller waiting half the time are probed after 2 windows, not 16;
    /// waits of a fifth of the time change nothing.
    @Test func longWaitsBringTheProbeForward() {
        var waiting = HelperGovernor()
        for _ in 0..<(2 * 5 + 6 + 6 + 6 + 6) {
            let helpers = waiting.helpersTakePart
            waiting.record(stepNanoseconds: helpers ? 13 * ms / 10 : ms, waited: helpers ? 7 * ms / 10 : 0)
        }
        #expect(waiting.favoured == .alone)

        var healthy = HelperGovernor()
        for _ in 0..<(16 * 5 - 1) {
            healthy.record(stepNanoseconds: ms, waited: ms / 5)
        }
        #expect(healthy.probes == 0 && healthy.running == .helpers)
    }

    /// A machine that turns busy, then quiet again: the governor follows it both ways, within
    /// the longest intervals between probes (256 windows with helpers, 32 alone).
    @Test func followsTheMachine() {
        var governor = HelperGovernor()
        func quiet(_ mode: HelperGovernor.Mode, _ step: Int) -> UInt64 { mode == .helpers ? ms : 3 * ms / 2 }
        func busy(_ mode: HelperGovernor.Mode, _ step: Int) -> UInt64 { mode == .helpers ? 3 * ms / 2 : ms }
        run(&governor, steps: 10_000, cost: quiet)
        #expect(governor.favoured == .helpers)
        // At most 256 windows of 5 steps until the next probe.
        run(&governor, steps: 2 * 256 * 5 + 30, from: 10_000, cost: busy)
        #expect(governor.favoured == .alone)
        run(&governor, steps: 2 * 256 * 5 + 30, from: 20_000, cost: quiet)
        #expect(governor.favoured == .helpers)
    }

    /// After a long spell in which helpers lost (a slow phase of the machine, a busy core), the
    /// helpers are probed again within 32 windows of running alone, not 256: a quiet spell
    /// that follows is taken within some 40 windows. Probes of running alone while helpers are
    /// favoured still thin out to 256 windows. The old rule (one longest wait for both, 256)
    /// still runs alone at the same point.
    @Test func aQuietSpellAfterASlowOneIsSoonTaken() {
        func quiet(_ mode: HelperGovernor.Mode, _ step: Int) -> UInt64 { mode == .helpers ? ms : 3 * ms / 2 }
        func slow(_ mode: HelperGovernor.Mode, _ step: Int) -> UInt64 { mode == .helpers ? 3 * ms / 2 : ms }
        for longestAlone in [32, 256] {
            var governor = HelperGovernor(longestAloneInterval: longestAlone)
            run(&governor, steps: 5_000, cost: slow)
            #expect(governor.favoured == .alone)
            // Windows of 5 steps of 1 ms; the probe and its confirmation take 4 more windows.
            let withHelpers = run(&governor, steps: (32 + 4) * 6 + 10, from: 5_000, cost: quiet)
            if longestAlone == 32 {
                #expect(governor.favoured == .helpers)
                #expect(withHelpers >= 10)
            } else {
                #expect(governor.favoured == .alone)
            }
        }
        var settled = HelperGovernor()
        run(&settled, steps: 20_000, cost: quiet)
        let probes = settled.probes
        run(&settled, steps: 256 * 5 - 20, from: 20_000, cost: quiet)
        #expect(settled.probes <= probes + 1)
    }

    /// Steps that grow dearer as the scene runs (a pile filling up), 2 % a step, at the same
    /// cost in both modes, never make the governor switch, nor steps that grow cheaper: each probe
    /// is set against the windows on either side of it (against the window before it alone, a
    /// probe would look 10 % cheaper than it is while steps grow cheaper).
    @Test func driftFavoursNeitherMode() {
        for growing in [true, false] {
            var governor = HelperGovernor(firstInterval: 1)
            run(&governor, steps: 400) { _, step in
                UInt64(1e6 * pow(1.02, Double(growing ? step : 400 - step)))
            }
            #expect(governor.probes >= 4)
            #expect(governor.switches == 0, "growing: \(growing)")
        }
    }

    /// Slow steps count: helpers preempted in one step in five, five times slower there and
    /// faster otherwise, are slower on the whole (1.8 ms a step against 1.1), and are left out.
    /// And a lone probe that wins by chance is not believed until a second one wins too.
    @Test func slowStepsCountAndLuckyProbesDoNot() {
        var governor = HelperGovernor(firstInterval: 1)
        run(&governor, steps: 10_000) { mode, step in
            mode == .alone ? 11 * ms / 10 : step % 5 == 0 ? 5 * ms : ms
        }
        #expect(governor.favoured == .alone)

        // Alone is slower except in the first probe window, once.
        var lucky = HelperGovernor(firstInterval: 1)
        var probeSteps = 0
        run(&lucky, steps: 10_000) { mode, _ in
            guard mode == .alone else { return ms }
            probeSteps += 1
            return probeSteps <= 6 ? ms / 2 : 2 * ms
        }
        #expect(lucky.switches == 0)
        #expect(lucky.favoured == .helpers)
    }

    /// Ties go to the caller alone: helpers that make the steps 2 % faster (within the 3 %
    /// margin) are left out, and not taken back by later probes; helpers 5 % faster stay.
    @Test func helpersMustPayByTheMargin() {
        var close = HelperGovernor(firstInterval: 1)
        run(&close, steps: 10_000) { mode, _ in mode == .helpers ? 98 * ms / 100 : ms }
        #expect(close.favoured == .alone)
        #expect(close.switches == 1)
        #expect(close.probes >= 5)

        var paying = HelperGovernor(firstInterval: 1)
        run(&paying, steps: 10_000) { mode, _ in mode == .helpers ? 95 * ms / 100 : ms }
        #expect(paying.favoured == .helpers)
        #expect(paying.switches == 0)
        #expect(paying.probes >= 5)
    }

    /// One dear window between the two probes of a pair (the caller preempted in it) decides
    /// nothing: it is the window after the first probe and before the second, and set against
    /// the mean of its neighbours each probe of running alone, 10 % slower than helpers, won.
    /// Here every favoured window right after a probe holds a step of 10 ms (its second step:
    /// the first after a change of mode is not timed), so the confirming probe would have dear
    /// windows on both sides; the first probe of each pair has a cheap window before it.
    @Test func aDearNeighbourDoesNotMakeAProbeWin() {
        var governor = HelperGovernor(firstInterval: 1)
        var previous = governor.running
        var sinceReturn = 100
        run(&governor, steps: 10_000) { mode, _ in
            defer { previous = mode }
            if mode == .helpers && previous == .alone { sinceReturn = 0 } else { sinceReturn += 1 }
            if mode == .helpers && sinceReturn == 2 { return 10 * ms }
            return mode == .helpers ? ms : 11 * ms / 10
        }
        #expect(governor.probes >= 5)
        #expect(governor.switches == 0)
        #expect(governor.favoured == .helpers)
    }

    /// The verdict on its own: helpers must beat the cheaper neighbour by the margin, running
    /// alone must come within the margin of it; a dear neighbour on either side is ignored.
    @Test func aProbeIsSetAgainstTheCheaperNeighbour() {
        // Helpers 10 % faster than the window before, the window after made dear by an outlier.
        #expect(HelperGovernor.probeWins(.helpers, probe: 0.9, before: 1.0, after: 3.0, margin: 0.03))
        #expect(!HelperGovernor.probeWins(.helpers, probe: 1.0, before: 1.0, after: 3.0, margin: 0.03))
        #expect(!HelperGovernor.probeWins(.helpers, probe: 0.98, before: 3.0, after: 1.0, margin: 0.03))
        // Alone within 3 % of the cheaper neighbour wins, 5 % over it loses, whatever the other.
        #expect(HelperGovernor.probeWins(.alone, probe: 1.02, before: 1.0, after: 1.0, margin: 0.03))
        #expect(HelperGovernor.probeWins(.alone, probe: 0.5, before: 3.0, after: 1.0, margin: 0.03))
        #expect(!HelperGovernor.probeWins(.alone, probe: 1.05, before: 3.0, after: 1.0, margin: 0.03))
        #expect(!HelperGovernor.probeWins(.alone, probe: 1.05, before: 1.0, after: 3.0, margin: 0.03))
    }

    /// The first step after a change of mode is not timed: a helper woken from its sleep makes
    /// it slow, which says nothing of the mode.
    @Test func theFirstStepOfAModeIsNotTimed() {
        var governor = HelperGovernor(firstInterval: 1)
        var previous = governor.running
        var fresh = false
        run(&governor, steps: 10_000) { mode, _ in
            defer { previous = mode }
            fresh = mode != previous
            // The first alone step after helpers is ruinous; otherwise alone is faster.
            if fresh && mode == .alone { return 100 * ms }
            return mode == .helpers ? 3 * ms / 2 : ms
        }
        #expect(governor.favoured == .alone)
    }

    /// A real pool whose helper is slow (each iteration it runs costs 5 ms more, as when its
    /// core is shared) soon runs the steps on the caller alone: in the last 60 steps the helper
    /// ran few iterations (the probes'), if any. The caller's iteration takes 1 ms, so that a
    /// helper woken by a probe's first call has time to claim its own. Stalls are switched off
    /// so that only the governor can leave the helper out; the iterations sleep rather than
    /// spin, so that the test leaves the processors to the tests running beside it. The governor
    /// has begun with helpers before the pool gets it: on a test machine whose processors are
    /// all busy the pool would otherwise begin alone, and a helper run only by a lost probe
    /// leaves no switch to see.
    @Test func aPoolLeavesASlowHelperOut() {
        var governor = HelperGovernor(windowSteps: 3, windowNanoseconds: 0, firstInterval: 2)
        governor.begin { true }
        let pool = WorkerPool(helpers: 1, stalls: HelperStalls(stallsBeforeStreak: .max), governor: governor)
        let caller = Thread.current
        let onHelper = Atomic<Int>(0)
        let everOnHelper = Atomic<Int>(0)
        func step() {
            let started = pool.beginStep()
            pool.perform(iterations: 2) { _ in
                Thread.sleep(forTimeInterval: 0.001)
                if Thread.current != caller {
                    onHelper.wrappingAdd(1, ordering: .relaxed)
                    everOnHelper.wrappingAdd(1, ordering: .relaxed)
                    Thread.sleep(forTimeInterval: 0.005)
                }
            }
            pool.endStep(startedAt: started)
        }
        for _ in 0..<60 { step() }
        onHelper.store(0, ordering: .relaxed)
        for _ in 0..<60 { step() }
        #expect(onHelper.load(ordering: .relaxed) <= 15)
        // A helper that ran at all was measured, and left out.
        #expect(everOnHelper.load(ordering: .relaxed) == 0 || (pool.governor?.switches ?? 0) >= 1)
    }

    /// A machine whose processors are all busy when the run begins: the first step runs alone,
    /// with no stall paid to learn it; with a free processor the helpers begin. `begin` decides
    /// once.
    @Test func aBusyMachineBeginsAlone() {
        var busy = HelperGovernor()
        busy.begin { false }
        #expect(busy.running == .alone && busy.favoured == .alone)
        busy.begin { true }
        #expect(busy.running == .alone)

        var quiet = HelperGovernor()
        quiet.begin { true }
        #expect(quiet.running == .helpers && quiet.favoured == .helpers)
    }

    /// While no processor is free, the probes of the helpers are let pass (helpers twice as fast
    /// would win every probe, so any probe run would show), until `longestInterval` windows have
    /// gone by without one; a processor that comes free brings the probe at its next due time.
    @Test func probesOfHelpersWaitForAFreeProcessor() {
        var governor = HelperGovernor(windowSteps: 1, windowNanoseconds: 0, longestInterval: 64)
        governor.begin { false }
        var free = false
        var asked = 0
        var helperSteps = 0
        func step() {
            if governor.helpersTakePart { helperSteps += 1 }
            governor.record(stepNanoseconds: governor.helpersTakePart ? ms / 2 : ms) {
                asked += 1
                return free
            }
        }
        // 8 windows to the first probe (the stall interval), then one every 8: some 7 let pass
        // in 63 windows, none run.
        for _ in 0..<63 { step() }
        #expect(helperSteps == 0)
        #expect(governor.probesPassed >= 6 && asked == governor.probesPassed)
        // The 64th window without a probe runs one, busy or not: it wins, and is confirmed.
        for _ in 0..<20 { step() }
        #expect(governor.favoured == .helpers)
        #expect(governor.switches == 1)

        // Busy again from the start, then a processor comes free: the next due probe runs.
        var later = HelperGovernor(windowSteps: 1, windowNanoseconds: 0)
        later.begin { false }
        free = false
        asked = 0
        for _ in 0..<20 {
            later.record(stepNanoseconds: later.helpersTakePart ? ms / 2 : ms) { asked += 1; return free }
        }
        #expect(later.running == .alone && later.probesPassed == 2)
        free = true
        for _ in 0..<20 {
            later.record(stepNanoseconds: later.helpersTakePart ? ms / 2 : ms) { asked += 1; return free }
        }
        #expect(later.favoured == .helpers)
        #expect(asked == 3)
    }
}
