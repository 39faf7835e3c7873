import TetherJSON
import TetherPlatform

/// Why an input file (a scenario, a golden, a shard) could not be read. Every command words these
/// the same way: "PATH: no such file", "PATH: is a directory", …
public struct InputFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        case missing
        case directory
        /// Permission denied, an I/O error…: the system's text.
        case unreadable(String)
        /// Longer than the limit the caller gave, in bytes.
        case tooLarge(limit: Int)
        /// A FIFO (named pipe) that nothing has open for writing: reading it would wait, silently,
        /// for a writer that may never come.
        case noWriter
    }

    public var path: String
    public var problem: Problem

    public var description: String { "\(MessageText.path(path)): \(reason)" }

    /// What is wrong, without the path.
    public var reason: String {
        switch problem {
        case .missing: "no such file"
        case .directory: "is a directory"
        case .unreadable(let reason): "cannot be read: \(reason)"
        case .tooLarge(let limit): "is larger than \(limit >> 20) MiB"
        case .noWriter: "is a named pipe with no writer (start its writer first)"
        }
    }
}

/// Reads whole input files.
///
/// No read waits without a word: a pipe (a named one, or the `/dev/fd/N` of the shell's
/// `<(…)`) is opened without waiting for a writer and read as a stream while one has it open;
/// with no writer it is refused at once (`noWriter`) instead of blocking in `open` until one comes.
public enum InputFile {
    /// The bytes of `path`, at most `limit` of them (longer is an error, found without reading
    /// past the limit).
    public static func read(_ path: String, limit: Int = .max) throws(InputFileError) -> [UInt8] {
        func failure(_ problem: InputFileError.Problem) -> InputFileError { InputFileError(path: path, problem: problem) }
        let descriptor: Int32
        do {
            descriptor = try FileDescriptor.openForReading(path, nonBlocking: true)
        } catch {
            if error == .noSuchFile || error == .notADirectory { throw failure(.missing) }
            throw failure(.unreadable(error.description))
        }
        defer { try? FileDescriptor.close(descriptor) }
        let status: FileStatus
        do {
            status = try FileStatus.of(descriptor: descriptor)
        } catch {
            throw failure(.unreadable(error.description))
        }
        if status.kind == .directory { throw failure(.directory) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        if status.kind == .fifo {
            // Without a writer a non-blocking read ends at once; with one, it has data or would block.
            switch chunk.withUnsafeMutableBytes({ buffer in Result { () throws(SystemError) in try FileDescriptor.read(descriptor, into: buffer) } }) {
            case .success(0): throw failure(.noWriter)
            case .success(let count):
                if count > limit { throw failure(.tooLarge(limit: limit)) }
                bytes.append(contentsOf: chunk[0..<count])
            case .failure(let error) where error == .wouldBlock || error == .interrupted: break
            case .failure(let error): throw failure(.unreadable(error.description))
            }
        }
        do {
            try FileDescriptor.setBlocking(descriptor)
        } catch {
            throw failure(.unreadable(error.description))
        }
        while true {
            let count: Int
            switch chunk.withUnsafeMutableBytes({ buffer in Result { () throws(SystemError) in try FileDescriptor.read(descriptor, into: buffer) } }) {
            case .success(let read): count = read
            case .failure(let error) where error == .interrupted: continue
            case .failure(let error): throw failure(error == .isADirectory ? .directory : .unreadable(error.description))
            }
            if count == 0 { return bytes }
            if bytes.count + count > limit { throw failure(.tooLarge(limit: limit)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
