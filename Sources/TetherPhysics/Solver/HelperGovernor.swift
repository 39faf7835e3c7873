/// Whether the pool's helpers take part in the next step, chosen by measuring steps with them
/// and without them.
///
/// Whether a second thread pays depends on the machine as much as on the scene: on a quiet
/// machine it makes a pile's step some 1.3–1.6 times faster; beside another busy program the
/// helper shares its core, runs its chunks late or not at all, and two threads ran at 0.9–1.0
/// of one. No symptom tells those cases apart as well as the clock, so the governor times the
/// steps (the pool leaves out steps that gave the helpers nothing to do) in windows of at least
/// `windowSteps` steps and `windowNanoseconds`, and runs the faster mode ("favoured"), probing
/// the other now and then: one window of the other mode between two windows of the favoured
/// one. A window's figure is the mean of all its steps, the slow ones included: a helper
/// preempted in the middle of a chunk makes one step in a few slow, and that is the cost to be
/// seen (leaving each window's slowest step out hid it: two threads ran at 0.7 of one beside a
/// busy core while the windows of both modes looked alike).
///
/// **A probe is set against each window beside it, not their mean** (`probeWins`). A window is
/// a few milliseconds, and a caller preempted once in it (the machine's other programs, in
/// either mode) makes it half again as dear: set against the mean of its neighbours, a probe
/// next to such a window won by chance, and beside a busy core the governor switched back and
/// forth every few probes (51 changes of mode in a 3-run `pile-1000` bench, helpers and alone
/// alike within 4 %). Against the cheaper of its neighbours, an outlier on one side decides
/// nothing, and a scene whose steps grow dearer or cheaper as it runs favours neither side
/// (the cheaper neighbour is the one the drift favours). A probe must win twice in a row (a
/// second probe right after the first): an outlier in the favoured windows of both probes, or
/// a lucky probe window, is rarer still.
///
/// **Ties go to the caller alone.** Helpers must make the steps faster by `margin` to be
/// chosen; running alone wins when it is no slower than `margin` (helpers that gain less than
/// that cost a processor for nothing, and beside a busy core helpers that never get one still
/// cost a few per cent of claims and hand-offs). On a quiet machine the modes are far apart,
/// so this changes nothing there.
///
/// The first probe comes after `firstInterval` windows, or after an eighth of them if a window
/// with helpers kept the caller waiting for them half its time (their core is shared; `SpinWait`
/// counts only waits that outlast its polls, and a quiet machine's at the ends of waves are
/// microseconds). A probe that loses doubles the number of windows before the next (up to
/// `longestInterval` while helpers are favoured), so a settled choice costs a window in
/// hundreds; after a switch the mode left is probed again after one window (then 2, 4, …), so
/// a switch that noise caused is soon undone. The first step after a change of mode is not
/// timed: it wakes sleeping helpers, or finds the other thread's data in its cache.
///
/// **Running alone waits at most `longestAloneInterval` (32) windows before probing helpers.**
/// A quiet virtual machine's second processor is slow at times, and then running alone is
/// right; but with 256 windows (over a second of `pile-1000`) a few lost probes kept the
/// helpers out long after such a phase ended (two threads slower than one in 4 of 26
/// alternated quiet `pile-1000` rounds, 1 in 26 with 32). Beside a busy core a lost probe of
/// helpers costs some 4–10 ms (a time slice of the other program) against a window alone's
/// 3.5 ms: every 32 windows a few per cent at worst, and no difference showed beside `--busy 1`.
///
/// Helpers that stall outright (`HelperStalls`: a streak of calls in which the caller waited
/// longer than it worked) need no timing: `helpersStalled` leaves them out at once, as a won
/// probe would, and probes them again after `stallInterval` windows; a probe whose helpers
/// stall again has lost, and doubles the wait before the next. So on a machine that stays busy
/// the helpers are tried every second or so, and every step the governor times in a mode ran
/// in that mode (stalls once paused the helpers behind its back).
///
/// **No probe of a processor another program holds.** Beside a busy program every probe of
/// the helpers loses a time slice of it (4–10 ms), and a run that began with helpers paid three
/// stalls before it learnt: two threads ran some 5 % slower than one there. So before the
/// helpers run where they did not (the first step, a probe of them while running alone), the
/// pool asks whether a processor is free for them (`processorFree`: the machine's runnable
/// threads, less the caller and its awake helpers, against the processors online). When none
/// is, the governor starts alone, or lets the probe pass and waits its interval again, up to
/// `longestInterval` windows without one (a program at low priority looks busy but would give
/// the helpers its core; the probe then finds out). The answer is an instant's, so it only ever
/// spares a probe: the probes' timing still decides every switch to helpers. Where the system
/// cannot say (Darwin), every probe runs, as before.
///
/// Only which thread runs a chunk depends on this (and so on the clock), never what the chunks
/// compute: every mode gives the same bits.
struct HelperGovernor: Sendable {
    enum Mode: Sendable, Equatable {
        case helpers, alone

        var other: Mode { self == .helpers ? .alone : .helpers }
    }

    let windowSteps: Int
    let windowNanoseconds: UInt64
    let firstInterval: Int
    let longestInterval: Int
    let longestAloneInterval: Int
    let margin: Double
    let stallInterval: Int

    /// The mode that measured faster so far.
    private(set) var favoured = Mode.helpers
    /// The mode of the steps now: the favoured one, or the other while it is probed.
    private(set) var running = Mode.helpers
    private(set) var probes = 0
    private(set) var switches = 0
    /// Probes of the helpers let pass because no processor was free for them.
    private(set) var probesPassed = 0
    /// The steps recorded in each mode (those that had work for the helpers).
    private(set) var stepsWithHelpers = 0
    private(set) var stepsAlone = 0

    private var phase = Phase.settled
    /// Windows of the favoured mode since the last probe, and how many come before the next.
    private var windowsSinceProbe = 0
    private var interval: Int
    /// The window being filled: its steps, their total time and the caller's waits.
    private var steps = 0
    private var nanoseconds: UInt64 = 0
    private var waited: UInt64 = 0
    /// Whether the probe under way confirms one that won.
    private var confirming = false
    /// Windows since the helpers last ran, counted while their probes are let pass.
    private var windowsPassed = 0
    /// Whether `begin` has chosen the first mode.
    private var begun = false
    /// Steps still to leave out after a change of mode.
    private var warmUp = 0
    /// Mean step time of the favoured window before the probe, and of the probe.
    private var before = 0.0
    private var probe = 0.0

    private enum Phase {
        /// Windows of the favoured mode; the last before a probe is its `before`.
        case settled
        /// The window of the other mode.
        case probing
        /// The favoured mode's window after the probe, its `after`.
        case after
    }

    /// By default windows of at least 5 steps and 1 ms, a first probe after 16 windows, at most
    /// 256 windows between probes of running alone and 32 between probes of helpers, and a
    /// probe must be 3 % faster to win. (A probe of the slower mode costs a window at its pace:
    /// a short run of a quiet `springs-10k`, 46 ms on two threads, pays for one, 1 % of its
    /// time.) Helpers that stalled are probed again after 8 windows (some 50 ms of a pile's
    /// steps).
    init(
        windowSteps: Int = 5, windowNanoseconds: UInt64 = 1_000_000, firstInterval: Int = 16,
        longestInterval: Int = 256, longestAloneInterval: Int = 32, margin: Double = 0.03, stallInterval: Int = 8
    ) {
        precondition(
            windowSteps >= 1 && firstInterval >= 1 && longestInterval >= firstInterval && stallInterval >= 1
                && longestAloneInterval >= stallInterval)
        self.windowSteps = windowSteps
        self.windowNanoseconds = windowNanoseconds
        self.firstInterval = firstInterval
        self.longestInterval = longestInterval
        self.longestAloneInterval = longestAloneInterval
        self.margin = margin
        self.stallInterval = stallInterval
        interval = firstInterval
    }

    /// Whether the helpers take part in the steps now.
    var helpersTakePart: Bool { running == .helpers }

    /// Chooses the first step's mode, once: helpers, unless `processorFree` says no processor is
    /// free for them; then the caller runs alone and probes them after `stallInterval` windows
    /// (if a processor is free by then).
    mutating func begin(processorFree: () -> Bool) {
        guard !begun else { return }
        begun = true
        guard !processorFree() else { return }
        favoured = .alone
        running = .alone
        interval = stallInterval
    }

    /// Records a step of the running mode that took `stepNanoseconds`, `waited` of them spent by
    /// the caller waiting for helpers. `processorFree` is asked only when a probe of the helpers
    /// is due (see the type's notes).
    mutating func record(
        stepNanoseconds: UInt64, waited stepWaited: UInt64 = 0, processorFree: () -> Bool = { true }
    ) {
        if running == .helpers { stepsWithHelpers += 1 } else { stepsAlone += 1 }
        if warmUp > 0 {
            warmUp -= 1
            return
        }
        steps += 1
        nanoseconds &+= stepNanoseconds
        waited &+= stepWaited
        guard steps >= windowSteps && nanoseconds >= windowNanoseconds else { return }
        let mean = Double(nanoseconds) / Double(steps)
        let waitedMostly = running == .helpers && 2 * waited >= nanoseconds
        (steps, nanoseconds, waited) = (0, 0, 0)
        switch phase {
        case .settled:
            windowsSinceProbe += 1
            guard windowsSinceProbe >= interval || (waitedMostly && 8 * windowsSinceProbe >= interval) else { return }
            if favoured == .alone && windowsPassed + windowsSinceProbe < longestInterval && !processorFree() {
                probesPassed += 1
                windowsPassed += windowsSinceProbe
                windowsSinceProbe = 0
                return
            }
            windowsPassed = 0
            before = mean
            phase = .probing
            run(favoured.other)
        case .probing:
            probe = mean
            phase = .after
            run(favoured)
        case .after:
            probes += 1
            let won = Self.probeWins(favoured.other, probe: probe, before: before, after: mean, margin: margin)
            if won && !confirming {
                // Once more, from this window, before believing it.
                confirming = true
                before = mean
                phase = .probing
                run(favoured.other)
                return
            }
            if won {
                favoured = favoured.other
                switches += 1
                interval = 1
            } else {
                interval = min(2 * interval, longest)
            }
            confirming = false
            windowsSinceProbe = 0
            phase = .settled
            run(favoured)
        }
    }

    /// Whether a probe window of `probed` (mean step time `probe`) beats the favoured mode's
    /// windows before and after it: helpers must be faster than both by `margin`, running alone
    /// must be no slower than either by more than `margin` (ties go to the mode that leaves a
    /// processor free). Set against the cheaper neighbour, a neighbour made dear by a preemption
    /// cannot make a probe win.
    static func probeWins(_ probed: Mode, probe: Double, before: Double, after: Double, margin: Double) -> Bool {
        let cheaper = min(before, after)
        switch probed {
        case .helpers: return probe < cheaper * (1 - margin)
        case .alone: return probe <= cheaper * (1 + margin)
        }
    }

    /// Helpers that stalled (`HelperStalls`) are left out at once: when they were favoured, the
    /// governor switches as if a probe had won and probes them again after `stallInterval`
    /// windows; when they ran as a probe, the probe has lost (the wait before the next doubles).
    /// The window under way is dropped. Nothing changes while the caller runs alone.
    mutating func helpersStalled() {
        guard running == .helpers else { return }
        if favoured == .helpers {
            favoured = .alone
            switches += 1
            interval = stallInterval
        } else {
            probes += 1
            interval = min(2 * interval, longest)
        }
        (steps, nanoseconds, waited) = (0, 0, 0)
        confirming = false
        windowsSinceProbe = 0
        phase = .settled
        run(.alone)
    }

    /// The longest wait between probes of the mode not favoured.
    private var longest: Int { favoured == .helpers ? longestInterval : longestAloneInterval }

    private mutating func run(_ mode: Mode) {
        guard mode != running else { return }
        running = mode
        warmUp = 1
    }
}
