@preconcurrency import Glibc

/// A file that appears at its path complete or not at all.
///
/// Output goes to a temporary file beside the destination (`.NAME.tmp-PID-N`, same
/// directory so the final `rename(2)` is atomic) and replaces the destination only on
/// `commit()`. An error, a crash of the caller's logic or a forgotten commit leaves the
/// old file untouched and no temporary behind (`abandon()`, also run by `deinit`), so a
/// golden file can never be half rewritten. A class because it owns a descriptor and a
/// temporary file whose lifetime `deinit` must end.
public final class AtomicFileOutput {
    /// The destination.
    public let path: String
    public let temporaryPath: String
    /// Where to write; flushed, synced and closed by `commit()`.
    public let sink: OutputSink
    private var isOpen = true

    public init(path: String) throws(OutputError) {
        self.path = path
        let (directory, name) = Self.split(path)
        // Try successive numbers until O_EXCL succeeds: no shared counter needed, and a
        // leftover from a crashed run with the same PID is never overwritten.
        var attempt = 0
        while true {
            let candidate = directory + "." + name + ".tmp-\(getpid())-\(attempt)"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)  // umask applies
            if fd >= 0 {
                temporaryPath = candidate
                sink = OutputSink(fileDescriptor: fd, name: path)
                return
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EEXIST, attempt < 10_000 else {
                throw .writeFailed(path: path, reason: OutputError.systemMessage(code))
            }
            attempt += 1
        }
    }

    deinit {
        abandon()
    }

    /// Flushes, syncs to disk, closes and renames over the destination. On failure the
    /// temporary file is removed and the destination left as it was.
    public func commit() throws(OutputError) {
        precondition(isOpen, "AtomicFileOutput committed or abandoned twice")
        do throws(OutputError) {
            try sink.flush()
            if fsync(sink.fileDescriptor) != 0 && errno != EINVAL {  // EINVAL: not syncable (e.g. a FIFO)
                throw OutputError.fromErrno(path: path)
            }
            isOpen = false
            if close(sink.fileDescriptor) != 0 && errno != EINTR {
                let error = OutputError.fromErrno(path: path)
                unlink(temporaryPath)
                throw error
            }
            if rename(temporaryPath, path) != 0 {
                let error = OutputError.fromErrno(path: path)
                unlink(temporaryPath)
                throw error
            }
        } catch {
            abandon()
            throw error
        }
    }

    /// Closes and deletes the temporary file; the destination is not touched. Idempotent.
    public func abandon() {
        guard isOpen else { return }
        isOpen = false
        sink.buffer.removeAll()
        close(sink.fileDescriptor)
        unlink(temporaryPath)
    }

    /// Writes a whole file atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let output = try AtomicFileOutput(path: path)
        try output.sink.write(bytes)
        try output.commit()
    }

    /// "dir/name" → ("dir/", "name"); "name" → ("", "name").
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}
