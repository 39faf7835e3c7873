#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Giving the processor away, for threads that spin while they wait.
public enum Scheduling {
    /// Lets another runnable thread have this thread's processor (`sched_yield`), so a spinning
    /// waiter does not starve the thread it waits for on a machine with few cores.
    @inlinable
    public static func yield() {
        _ = sched_yield()
    }
}
