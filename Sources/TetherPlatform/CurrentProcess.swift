#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Facts about this process and the two ways it ends.
public enum CurrentProcess {
    /// The process id (`getpid`).
    public static var id: Int32 { getpid() }

    /// Whether the effective user is root, whom the kernel lets write any file.
    public static var isRoot: Bool { geteuid() == 0 }

    /// Ends the process normally (`exit(3)`: standard I/O is flushed).
    public static func exit(_ status: Int32) -> Never {
        cExit(status)
    }

    /// Ends the process at once (`_exit(2)`), running nothing more: safe while another thread
    /// holds a lock.
    public static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }
}

private func cExit(_ status: Int32) -> Never { exit(status) }
