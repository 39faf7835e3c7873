/// Whether the pool's helpers can be counted on right now, judged by the caller's waits.
///
/// A helper that claims a chunk and then loses its processor (another process wants the core:
/// a build, a browser, a second benchmark) holds that chunk until the scheduler gives the core
/// back, a few milliseconds later, while the caller, done with its own chunks, waits: a pile's
/// step is a millisecond of work with a hand-off every few microseconds, so one such stall per
/// step made two threads three times slower than one on a busy two-core machine. A stall shows
/// as a call in which the caller waited longer than it worked (and at least `shortestStall`, 200 µs);
/// healthy calls wait for a fraction of their work, whatever the scene.
///
/// After a stall the caller runs calls alone for a pause, then tries the helpers again. Stalls
/// that come back soon after a pause double the next pause (up to 2 s); a stall long
/// after the last one starts again from `firstPause`. So on a machine that stays busy two
/// threads cost one stall per pause, less than a percent once the pauses are long, and on a
/// quiet machine nothing changes. Only the threads that run the chunks depend on this (and so
/// on the clock), never what the chunks compute.
struct HelperStalls: Sendable {
    /// The shortest wait that counts as a stall: far above a healthy call's waits at the end
    /// of a color or a stage, far below a scheduler's time slice.
    let shortestStall: UInt64
    let firstPause: UInt64
    let longestPause: UInt64

    /// Until when calls run on the caller alone (monotonic nanoseconds).
    private var aloneUntil: UInt64 = 0
    private var pause: UInt64
    private var lastStall: UInt64 = 0
    /// Stalls seen so far (for tests and diagnostics).
    private(set) var stalls = 0

    /// Times in nanoseconds: by default 200 µs, 50 ms and 2 s.
    init(shortestStall: UInt64 = 200_000, firstPause: UInt64 = 50_000_000, longestPause: UInt64 = 2_000_000_000) {
        self.shortestStall = shortestStall
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
        let soon = lastStall != 0 && now &- lastStall < 4 &* (pause &+ firstPause)
        pause = soon ? min(2 &* pause, longestPause) : firstPause
        lastStall = now
        aloneUntil = now &+ pause
        stalls += 1
    }
}
