import Dispatch
import TetherPlatform

/// Waiting for another thread's work by polling, and measuring the waits that outlast a few
/// polls: how the pool learns that a helper it waits for has lost its processor
/// (`HelperStalls`).
///
/// A wait polls `done`, yielding the processor every 64 polls once it has polled
/// `pollsBeforeYield` (2048) times (what is waited for is usually a running chunk,
/// microseconds away, far less than sleeping and waking would cost). The clock is read only
/// once a wait has yielded, so a short wait costs no clock reads.
///
/// Why 2048 polls before the first yield, not 64 (a fraction of a microsecond, so almost every
/// wait at a wave's end made a system call): some microseconds, about a wave's end on a quiet
/// machine. Alternated quiet rounds of `pile-1000 --repeat 3 --threads 2` ran faster in 18 of
/// 22 (median 4 % faster), `springs-10k` alike, and beside `--busy 1` no difference showed (a
/// helper preempted for a time slice still yields after a few microseconds).
struct SpinWait {
    /// The time spent in waits that yielded, in nanoseconds.
    private(set) var slowNanoseconds: UInt64 = 0

    static let pollsBeforeYield = 2048

    @inline(__always)
    mutating func until(_ done: () -> Bool) {
        var polls = 0
        var yieldedAt: UInt64 = 0
        while !done() {
            polls += 1
            if polls == (yieldedAt == 0 ? Self.pollsBeforeYield : 64) {
                polls = 0
                if yieldedAt == 0 { yieldedAt = Self.now() }
                Scheduling.yield()
            }
        }
        if yieldedAt != 0 { slowNanoseconds &+= Self.now() &- yieldedAt }
    }

    /// A monotonic clock in nanoseconds.
    @inline(__always)
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
