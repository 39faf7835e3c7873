#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Opening, reading, writing and closing file descriptors (plain `Int32`s). Every call made
/// here is POSIX and has the same name on Linux and Darwin; what differs (a durable sync) says
/// so. Failures throw the call's `errno`; none retries on `EINTR`, the callers decide.
public enum FileDescriptor {
    public static let standardOutput: Int32 = STDOUT_FILENO
    public static let standardError: Int32 = STDERR_FILENO

    /// Opens an existing file for reading (close-on-exec); `nonBlocking` opens a FIFO without
    /// waiting for its writer and makes reads return at once.
    public static func openForReading(_ path: String, nonBlocking: Bool = false) throws(SystemError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// Makes reads wait for data again on a descriptor opened `nonBlocking` (clears `O_NONBLOCK`).
    public static func setBlocking(_ descriptor: Int32) throws(SystemError) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw .current }
    }

    /// Opens an existing file, device or FIFO for writing, creating and truncating nothing; a
    /// terminal does not become the controlling one.
    public static func openForWriting(_ path: String) throws(SystemError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// Creates `path` for writing, failing with `SystemError.exists` when it exists (`O_EXCL`).
    /// Mode 0666 before the umask, as the shell's `>` gives.
    public static func createExclusively(_ path: String) throws(SystemError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// Reads at most `buffer.count` bytes; 0 at the end of the file.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        let count = cRead(descriptor, buffer.baseAddress, buffer.count)
        guard count >= 0 else { throw .current }
        return count
    }

    /// Writes some of `bytes` (perhaps fewer than all: the count says how many).
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        let count = cWrite(descriptor, bytes.baseAddress, bytes.count)
        guard count >= 0 else { throw .current }
        return count
    }

    /// Closes; an `EINTR` is thrown like any error although the descriptor is gone either way.
    public static func close(_ descriptor: Int32) throws(SystemError) {
        guard cClose(descriptor) == 0 else { throw .current }
    }

    /// Writes the file's data through to the storage device, so that a rename that follows
    /// never exposes a file whose bytes are not there yet. Darwin's `fsync` stops at the drive's
    /// cache; `F_FULLFSYNC` asks the drive to flush it (some file systems refuse it, and then
    /// `fsync` is what there is).
    public static func synchronize(_ descriptor: Int32) throws(SystemError) {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw .current }
    }

    /// Sets the permission bits (`fchmod`).
    public static func setPermissions(_ descriptor: Int32, _ permissions: UInt32) throws(SystemError) {
        guard fchmod(descriptor, mode_t(permissions & 0o7777)) == 0 else { throw .current }
    }

    /// Sets the owner and group (`fchown`); a nil owner leaves it as it is.
    public static func setOwner(_ descriptor: Int32, owner: UInt32?, group: UInt32) throws(SystemError) {
        guard fchown(descriptor, owner ?? uid_t.max, group) == 0 else { throw .current }
    }

    /// Waits until a non-blocking descriptor can take more bytes.
    public static func waitUntilWritable(_ descriptor: Int32) {
        var waiter = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&waiter, 1, -1)
    }

    /// Whether the descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) != 0
    }
}

// The C library's functions under names the methods above do not hide (a module-qualified name
// would differ between Glibc, Darwin and Musl).
private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func cWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func cClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
