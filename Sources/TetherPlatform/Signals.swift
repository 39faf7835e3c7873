#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Signal numbers and the few things the CLI does with signals: ignore one, ask whether one is
/// ignored, block some in every thread and wait for them on one. The numbers differ between
/// systems (SIGHUP, SIGINT and SIGTERM do not; others do), so callers use these names.
public enum Signals {
    public static let hangUp: Int32 = SIGHUP
    public static let interrupt: Int32 = SIGINT
    public static let terminate: Int32 = SIGTERM
    public static let brokenPipe: Int32 = SIGPIPE

    /// Ignores `signal` from now on (`SIG_IGN`).
    public static func ignore(_ number: Int32) {
        _ = signal(number, SIG_IGN)
    }

    /// Whether `signal` is ignored (as `nohup` leaves SIGHUP, a shell SIGINT for a background
    /// job). The handler field of `struct sigaction` is a union each C library names its own way.
    public static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        #if canImport(Darwin)
            let handler = current.__sigaction_u.__sa_handler
        #elseif canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #else
            let handler = current.__sa_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Blocks `signals` in the calling thread, and so in every thread it starts afterwards
    /// (threads inherit the mask): call before any other thread exists.
    public static func block(_ signals: [Int32]) {
        var set = signalSet(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits until one of `signals` (blocked beforehand) is pending and takes it; returns its number.
    public static func wait(for signals: [Int32]) -> Int32 {
        var set = signalSet(signals)
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// Sends `signal` to process `process` (`kill(2)`).
    public static func send(_ number: Int32, to process: Int32) throws(SystemError) {
        guard kill(process, number) == 0 else { throw .current }
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}
