import TetherPlatform

/// A buffered byte sink over a file descriptor.
///
/// A class rather than a struct because it stands for one file descriptor and its pending
/// bytes: copies of a struct would each hold their own half of the buffer and interleave
/// badly. It does not close the descriptor (standard output is not ours to close;
/// `OutputFile` closes its own). Pending bytes are written only by `flush()`, never by
/// `deinit`, so a failure is always reported to someone. Not thread-safe.
public final class OutputSink {
    /// Writes go out in chunks of about this size: large enough that `write(2)` calls are
    /// rare, small enough to stay in cache.
    public static let chunkSize = 64 * 1024

    public let fileDescriptor: Int32
    /// How errors name this sink: a path, or "standard output".
    public let name: String
    /// Bytes not yet written. Writers format straight into it (see `append(_:)`).
    ///
    /// Not checked for overlapping access at run time: a class's stored property is, with a
    /// call into the runtime (some 130 instructions) for every `append(_:)`, once per part of
    /// a frame's rows in the writers. The sink is not thread-safe anyway, and no writer's
    /// formatting closure reaches back into its sink.
    @exclusivity(unchecked) public var buffer: OutputBuffer
    /// Bytes handed to the descriptor so far (for summaries and throughput numbers).
    public private(set) var bytesWritten = 0

    public init(fileDescriptor: Int32, name: String? = nil) {
        self.fileDescriptor = fileDescriptor
        self.name = name ?? "file descriptor \(fileDescriptor)"
        buffer = OutputBuffer(capacity: Self.chunkSize + 4096)
    }

    public static func standardOutput() -> OutputSink {
        OutputSink(fileDescriptor: FileDescriptor.standardOutput, name: "standard output")
    }

    /// A sink that keeps everything in memory (golden checks compare without touching disk).
    public static func inMemory() -> OutputSink {
        let sink = OutputSink(fileDescriptor: -1, name: "memory")
        sink.collected = []
        return sink
    }

    /// A sink that counts the bytes and drops them (`tether bench --format` times formatting
    /// without the cost of a file).
    public static func discarding() -> OutputSink {
        let sink = OutputSink(fileDescriptor: -1, name: "nowhere")
        sink.discards = true
        return sink
    }

    /// What an in-memory sink has received (after `flush()`); empty for descriptor sinks.
    public var collectedBytes: [UInt8] { collected ?? [] }
    private var collected: [UInt8]?
    private var discards = false

    /// The pipe buffer `enlargePipeBuffer()` asks for: Linux's default ceiling for unprivileged
    /// processes (`/proc/sys/fs/pipe-max-size`).
    public static let pipeBufferSize = 1 << 20

    /// When the descriptor is a pipe, asks Linux to make its buffer `pipeBufferSize` (never
    /// smaller than it is); best effort, failures are ignored, and nothing is asked on systems
    /// that do not let a process size a pipe (`PipeBuffer.isAdjustable`: Darwin). With the default 64 KiB the
    /// writer blocks whenever the reader is a chunk behind, and the two wake each other for
    /// every chunk; alternated with it through `| wc -c` on a busy machine, the larger buffer
    /// was faster in 18 rounds of 25 and cut the writer's voluntary context switches from
    /// about 6 700 to 30 for 440 MB.
    public func enlargePipeBuffer() {
        guard PipeBuffer.isAdjustable, (try? FileStatus.of(descriptor: fileDescriptor))?.kind == .fifo,
              let capacity = PipeBuffer.capacity(of: fileDescriptor), capacity < Self.pipeBufferSize
        else { return }
        PipeBuffer.requestCapacity(Self.pipeBufferSize, for: fileDescriptor)
    }

    /// Lets a writer format directly into the buffer (no intermediate arrays), then writes
    /// the buffer out once it passes `chunkSize`. Call it once per row or so.
    public func append(_ format: (inout OutputBuffer) -> Void) throws(OutputError) {
        format(&buffer)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        try bytes.withUnsafeBufferPointer { (raw) throws(OutputError) in try write(UnsafeRawBufferPointer(raw)) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if buffer.count + bytes.count < Self.chunkSize {
            buffer.append(bytes: bytes)
            return
        }
        try flush()
        if bytes.count < Self.chunkSize {
            buffer.append(bytes: bytes)
        } else {
            try writeAll(bytes)  // big blocks skip the buffer rather than being copied through it
        }
    }

    public func write(_ string: String) throws(OutputError) {
        try write(Array(string.utf8))
    }

    /// Writes every pending byte.
    public func flush() throws(OutputError) {
        guard buffer.count > 0 else { return }
        defer { buffer.removeAll() }
        try buffer.withBytes { (raw) throws(OutputError) in try writeAll(raw) }
    }

    /// `write(2)` until everything is out: partial writes continue, `EINTR` retries,
    /// `EAGAIN` (a non-blocking descriptor someone handed us) waits for room.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if collected != nil || discards {
            collected?.append(contentsOf: bytes)
            bytesWritten += bytes.count
            return
        }
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let error: SystemError
            do {
                let written = try FileDescriptor.write(fileDescriptor, UnsafeRawBufferPointer(start: next, count: remaining))
                if written > 0 {
                    next += written
                    remaining -= written
                    bytesWritten += written
                    continue
                }
                error = .inputOutput
            } catch let failure {
                error = failure
            }
            switch error {
            case .interrupted:
                continue
            case .wouldBlock:
                FileDescriptor.waitUntilWritable(fileDescriptor)
            default:
                throw OutputError.from(error, path: name)
            }
        }
    }
}
