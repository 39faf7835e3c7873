import Synchronization
import TetherPlatform

/// The temporary files this process is writing, so that an interrupted run can remove them.
///
/// One table per process, because signals are delivered to the process: the CLI's signal thread
/// calls `removeAllAndExit(_:)`. Creating, renaming and removing a temporary file happen under
/// the same lock as that cleanup, so an interruption finds each temporary file either in the
/// table (and removes it, leaving the destination as it was) or already renamed into place whole.
public final class TemporaryFiles: Sendable {
    public static let process = TemporaryFiles()

    private let paths = Mutex<[String]>([])

    /// The temporary files not yet renamed or removed.
    public var pending: [String] { paths.withLock { $0 } }

    /// Creates `.NAME.tmp-PID-N` beside `path` (the same folder, so the final rename is atomic),
    /// open for writing, and records it. Successive N until `O_EXCL` succeeds: a leftover of a
    /// crashed run with the same PID is never overwritten. Messages name `name`.
    func create(beside path: String, name: String) throws(OutputError) -> (descriptor: Int32, path: String) {
        let prefix = PathName.folder(of: path) + "/." + PathName.name(of: path) + ".tmp-\(CurrentProcess.id)-"
        return try paths.withLock { (paths) throws(OutputError) in
            var attempt = 0
            while true {
                let candidate = prefix + String(attempt)
                do throws(SystemError) {
                    let descriptor = try FileDescriptor.createExclusively(candidate)  // umask applies
                    paths.append(candidate)
                    return (descriptor, candidate)
                } catch where error == .interrupted {
                    continue
                } catch where error == .exists && attempt < 10_000 {
                    attempt += 1
                } catch {
                    throw .writeFailed(path: name, reason: "cannot create a temporary file beside it: \(error)")
                }
            }
        }
    }

    /// Renames a temporary file over its destination; on failure it is removed.
    func rename(_ temporary: String, over path: String, name: String) throws(OutputError) {
        try paths.withLock { (paths) throws(OutputError) in
            paths.removeAll { $0 == temporary }
            do throws(SystemError) {
                try FileSystem.rename(temporary, over: path)
            } catch {
                try? FileSystem.remove(temporary)
                throw OutputError.from(error, path: name)
            }
        }
    }

    /// Deletes a temporary file (the destination is not touched).
    func remove(_ temporary: String) {
        paths.withLock { paths in
            paths.removeAll { $0 == temporary }
            try? FileSystem.remove(temporary)
        }
    }

    /// Deletes every temporary file and ends the process with `status`, holding the lock so that
    /// no new temporary file appears and none is renamed meanwhile. No message: the user asked
    /// for the interruption.
    public func removeAllAndExit(_ status: Int32) -> Never {
        paths.withLock { paths in
            for path in paths { try? FileSystem.remove(path) }
            CurrentProcess.exitImmediately(status)
        }
    }
}
