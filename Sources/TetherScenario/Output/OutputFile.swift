import TetherPlatform

/// One output of a command, opened on the `OutputTarget` it resolved to.
///
/// A file appears at its path complete or not at all: it is written to a temporary file beside it
/// (`TemporaryFiles`) and renamed over the destination only by `commit()`; an error, a forgotten
/// commit (`deinit`) or an interruption leaves the old file as it was and no temporary behind.
/// The new file keeps the permissions of the one it replaces (and its owner and group where the
/// system allows it). Standard output, a character device, a FIFO or a socket is written in place:
/// what reached it cannot be taken back, but it stays what it was. A pipe (standard output or a
/// FIFO) is asked for a larger buffer (`OutputSink.enlargePipeBuffer()`). A class because it owns
/// a descriptor and a temporary file whose lifetime `deinit` must end.
public final class OutputFile {
    public let target: OutputTarget
    /// Where to write; `commit()` flushes it.
    public let sink: OutputSink
    /// The temporary file being written, for files replaced by renaming.
    public let temporaryPath: String?
    private var descriptorOpen: Bool
    private var temporaryPending: Bool

    public init(_ target: OutputTarget) throws(OutputError) {
        self.target = target
        switch target.kind {
        case .standardOutput:
            sink = .standardOutput()
            temporaryPath = nil
            descriptorOpen = false
        case .stream(let kind):
            let descriptor = kind == .socket
                ? try Self.connect(toSocket: target.path, name: target.name) : try Self.open(stream: target.path, name: target.name)
            sink = OutputSink(fileDescriptor: descriptor, name: target.name)
            temporaryPath = nil
            descriptorOpen = true
        case .file(let existing):
            let (descriptor, path) = try TemporaryFiles.process.create(beside: target.path, name: target.name)
            if let existing {
                try? FileDescriptor.setPermissions(descriptor, existing.permissions & 0o777)
                // Only root may give a file away; otherwise the new file is the user's (as with
                // any editor that saves by renaming).
                do {
                    try FileDescriptor.setOwner(descriptor, owner: existing.owner, group: existing.group)
                } catch {
                    try? FileDescriptor.setOwner(descriptor, owner: nil, group: existing.group)
                }
            }
            sink = OutputSink(fileDescriptor: descriptor, name: target.name)
            temporaryPath = path
            descriptorOpen = true
        }
        temporaryPending = temporaryPath != nil
        sink.enlargePipeBuffer()
    }

    /// Opens and resolves a path in one step.
    public convenience init(path: String) throws(OutputError) {
        try self.init(OutputTarget.resolve(path))
    }

    deinit {
        abandon()
    }

    /// Writes what is pending; a file is synced to disk, closed and renamed over its destination.
    /// On failure the temporary file is removed and the destination left as it was.
    public func commit() throws(OutputError) {
        do throws(OutputError) {
            try sink.flush()
            guard descriptorOpen else { return }
            let descriptor = sink.fileDescriptor
            if temporaryPending {
                do {
                    try FileDescriptor.synchronize(descriptor)
                } catch {
                    throw OutputError.from(error, path: target.name)
                }
            }
            descriptorOpen = false
            do {
                try FileDescriptor.close(descriptor)
            } catch where error != .interrupted {  // after EINTR the descriptor is closed all the same
                throw OutputError.from(error, path: target.name)
            } catch {}
            if let temporaryPath, temporaryPending {
                temporaryPending = false
                try TemporaryFiles.process.rename(temporaryPath, over: target.path, name: target.name)
            }
        } catch {
            abandon()
            throw error
        }
    }

    /// Drops what is pending, closes, and deletes the temporary file; the destination is not
    /// touched. Idempotent.
    public func abandon() {
        sink.buffer.removeAll()
        if descriptorOpen {
            descriptorOpen = false
            try? FileDescriptor.close(sink.fileDescriptor)
        }
        if let temporaryPath, temporaryPending {
            temporaryPending = false
            TemporaryFiles.process.remove(temporaryPath)
        }
    }

    /// Writes whole bytes to a target.
    public static func write(_ bytes: [UInt8], to target: OutputTarget) throws(OutputError) {
        let output = try OutputFile(target)
        try output.sink.write(bytes)
        try output.commit()
    }

    /// A device or FIFO, opened for writing without creating or truncating anything (a FIFO
    /// waits for its reader, as the shell's `>` does).
    private static func open(stream path: String, name: String) throws(OutputError) -> Int32 {
        while true {
            do {
                return try FileDescriptor.openForWriting(path)
            } catch where error != .interrupted {
                throw OutputError.from(error, path: name)
            } catch {}
        }
    }

    /// A Unix socket cannot be opened, only connected to (as a stream).
    private static func connect(toSocket path: String, name: String) throws(OutputError) -> Int32 {
        do {
            return try UnixSocket.connect(to: path)
        } catch {
            switch error {
            case .pathTooLong(let limit): throw .writeFailed(path: name, reason: "the socket's path is longer than \(limit) bytes")
            case .system(let error): throw OutputError.from(error, path: name)
            }
        }
    }
}
