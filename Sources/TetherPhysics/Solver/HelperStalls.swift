/// Whether the pool's helpers have stalled outright, judged by the caller's waits: the signal
/// that makes `HelperGovernor` leave them out at once, without waiting for a probe.
///
/// A helper that claims a chunk and then loses its processor (another process wants the core:
/// a build, a browser, a second benchmark) holds that chunk until the scheduler gives the core
/// back, a few milliseconds later, while the caller, done with its own chunks, waits: a pile's
/// step is a millisecond of work with a hand-off every few microseconds, so a stall every few
/// steps made two threads three times slower than one on a busy two-core machine. A stall shows
/// as a call in which the caller waited longer than it worked (and at least `shortestStall`,
/// 1 ms); healthy calls wait for a fraction of their work, whatever the scene.
///
/// **Why 1 ms, not 200 µs (as before).** Beside a busy loop the stalls are a time slice of the
/// other program: the caller waited 3.4–4.0 ms in every stall of logged `pile-1000` and
/// `springs-10k` runs. A quiet virtual machine's second processor is at times slow with nothing
/// else running, and then the caller waits 200–500 µs now and then (once in a while 1–2.6 ms):
/// three such waits within 20 ms made a streak and left the helpers out of a machine where they
/// still paid, or no less than running alone (which the governor's timing decides).
///
/// A lone stall is a hiccup (a virtual machine's processor taken away for a moment) and costs
/// less than giving up the helpers would. Stalls that follow each other closely
/// (`stallsBeforeStreak`, 3, each within `streakWindow`, 20 ms, of the one before) mean another
/// program holds the core: `record` then reports a streak, and the governor runs the steps
/// alone and probes the helpers again later, ever more rarely while they keep stalling
/// (`HelperGovernor.helpersStalled`). Only which thread runs a chunk depends on this (and so
/// on the clock), never what the chunks compute.
///
/// Why the governor decides, not a pause of its own (as before): steps that a pause ran alone
/// were timed as steps with helpers, so the governor compared a mix of stalled and lone steps
/// with lone steps, saw them alike, and kept the helpers on a busy core.
struct HelperStalls: Sendable {
    /// The shortest wait that counts as a stall: far above a healthy call's waits at the end
    /// of a color or a stage and a slow processor's, below a scheduler's time slice.
    let shortestStall: UInt64
    let stallsBeforeStreak: Int
    let streakWindow: UInt64

    private var lastStall: UInt64 = 0
    private var streak = 0
    /// Stalls seen so far, and the streaks they made (for tests and diagnostics).
    private(set) var stalls = 0
    private(set) var streaks = 0

    /// Times in nanoseconds: by default 1 ms, and three stalls 20 ms apart at most.
    init(shortestStall: UInt64 = 1_000_000, stallsBeforeStreak: Int = 3, streakWindow: UInt64 = 20_000_000) {
        self.shortestStall = shortestStall
        self.stallsBeforeStreak = stallsBeforeStreak
        self.streakWindow = streakWindow
    }

    /// Records a call that lasted `elapsed` nanoseconds, `waited` of them waiting for helpers,
    /// and ended at `now`; returns whether it completed a streak of stalls (the helpers should
    /// be left out).
    mutating func record(elapsed: UInt64, waited: UInt64, at now: UInt64) -> Bool {
        guard waited >= shortestStall, waited > elapsed &- waited else { return false }
        stalls += 1
        streak = lastStall != 0 && now &- lastStall <= streakWindow ? streak + 1 : 1
        lastStall = now
        guard streak >= stallsBeforeStreak else { return false }
        streak = 0
        streaks += 1
        return true
    }
}
