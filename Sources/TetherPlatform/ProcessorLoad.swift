#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How busy the machine's processors are right now: what the solver's thread governor asks
/// before it lets a helper thread try a processor, so that it does not probe a core another
/// program holds (a probe there costs one of that program's time slices, milliseconds).
public enum ProcessorLoad {
    /// Whether `runnableThreads()` can say anything on this system.
    public static var isMeasurable: Bool {
        #if canImport(Darwin)
            false
        #else
            true
        #endif
    }

    /// How many threads of the whole machine are running or waiting for a processor at this
    /// moment, the calling thread included; nil where the system does not say.
    ///
    /// Linux counts them for `/proc/loadavg` (its fourth field, `running/total`), read with one
    /// small read. Darwin has no such count: its load average is a mean over seconds and
    /// `host_processor_info` gives processor ticks, neither of which tells the moment, so the
    /// answer there is nil and the governor decides by its timed probes alone.
    public static func runnableThreads() -> Int? {
        #if canImport(Darwin)
            return nil
        #else
            return readRunnableThreads()
        #endif
    }

    /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    public static func onlineProcessors() -> Int {
        #if canImport(Darwin)
            let count = sysconf(_SC_NPROCESSORS_ONLN)
        #else
            let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        #endif
        return max(Int(count), 1)
    }

    /// The count before the slash of the fourth field of `text` (`/proc/loadavg`'s form:
    /// `0.74 0.92 1.30 3/104 6589`), or nil when the text has no such field.
    public static func runnableThreads(inLoadAverage text: some Collection<UInt8>) -> Int? {
        var fieldsSeen = 0
        var inField = false
        var count: Int?
        for byte in text {
            let isSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            if isSpace {
                if fieldsSeen == 4 && inField { return nil }  // the fourth field had no slash
                inField = false
                continue
            }
            if !inField {
                inField = true
                fieldsSeen += 1
            }
            guard fieldsSeen == 4 else { continue }
            if byte == UInt8(ascii: "/") { return count }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), (count ?? 0) < 1_000_000_000 else { return nil }
            count = (count ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return nil
    }

    #if !canImport(Darwin)
        private static func readRunnableThreads() -> Int? {
            guard let descriptor = try? FileDescriptor.openForReading("/proc/loadavg") else { return nil }
            defer { try? FileDescriptor.close(descriptor) }
            return withUnsafeTemporaryAllocation(byteCount: 128, alignment: 1) { buffer -> Int? in
                guard let read = try? FileDescriptor.read(descriptor, into: buffer), read > 0 else { return nil }
                return runnableThreads(inLoadAverage: UnsafeRawBufferPointer(rebasing: buffer[..<read]))
            }
        }
    #endif
}
