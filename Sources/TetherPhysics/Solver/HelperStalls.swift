/// Whether the pool's helpers can be counted on right now, judged by the caller's waits.
///
/// A helper that claims a chunk and then loses its processor (another process wants the core:
/// a build, a browser, a second benchmark) holds that chunk until the scheduler gives the core
/// back, a few milliseconds later, while the caller, done with its own chunks, waits: a pile's
/// step is a millisecond of work with a hand-off every few microseconds, so a stall every few
/// steps made two threads three times slower than one on a busy two-core machine. A stall shows
/// as a call in which the caller waited longer than it worked (and at least `shortestStall`,
/// 200 µs); healthy calls wait for a fraction of their work, whatever the scene.
///
/// A lone stall is a hiccup (a virtual machine's processor taken away for a moment) and costs
/// less than giving up the helpers would. Stalls that follow each other closely
/// (`stallsBeforePause`, 3, each within `streakWindow`, 20 ms, of the one before) mean another
/// program holds the core: the caller then runs calls alone for a pause (first 50 ms), and tries
/// the helpers again after it. A streak that comes back soon after a pause doubles the next
/// pause (up to 2 s); one long after starts again from the first. So on a machine that stays
/// busy two threads cost a few stalls per pause, and on a quiet one nothing changes. Only which
/// thread runs a chunk depends on this (and so on the clock), never what the chunks compute.
struct HelperStalls: Sendable {
    /// The shortest wait that counts as a stall: far above a healthy call's waits at the end
    /// of a color or a stage, far below a scheduler's time slice.
    let shortestStall: UInt64
    let stallsBeforePause: Int
    let streakWindow: UInt64
    let firstPause: UInt64
    let longestPause: UInt64

    /// Until when calls run on the caller alone (monotonic nanoseconds).
    private var aloneUntil: UInt64 = 0
    private var pause: UInt64
    private var pausedAt: UInt64 = 0
    private var lastStall: UInt64 = 0
    private var streak = 0
    /// Stalls seen so far, and pauses they led to (for tests and diagnostics).
    private(set) var stalls = 0
    private(set) var pauses = 0

    /// Times in nanoseconds: by default 200 µs, three stalls 20 ms apart at most, pauses from
    /// 50 ms to 2 s.
    init(
        shortestStall: UInt64 = 200_000, stallsBeforePause: Int = 3, streakWindow: UInt64 = 20_000_000,
        firstPause: UInt64 = 50_000_000, longestPause: UInt64 = 2_000_000_000
    ) {
        self.shortestStall = shortestStall
        self.stallsBeforePause = stallsBeforePause
        self.streakWindow = streakWindow
        self.firstPause = firstPause
        self.longestPause = longestPause
        pause = firstPause
    }

    /// Whether a call made at `now` should leave the helpers out.
    func runsAlone(at now: UInt64) -> Bool { now < aloneUntil }

    /// Records a call that lasted `elapsed` nanoseconds, `waited` of them waiting for helpers,
    /// and ended at `now`.
    mutating func record(elapsed: UInt64, waited: UInt64, at now: UInt64) {
        guard waited >= shortestStall, waited > elapsed &- waited else { return }
        stalls += 1
        streak = lastStall != 0 && now &- lastStall <= streakWindow ? streak + 1 : 1
        lastStall = now
        guard streak >= stallsBeforePause else { return }
        streak = 0
        let soon = pausedAt != 0 && now &- pausedAt < 4 &* (pause &+ firstPause)
        pause = soon ? min(2 &* pause, longestPause) : firstPause
        pausedAt = now
        aloneUntil = now &+ pause
        pauses += 1
    }
}
