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
        }
    }
}

/// Reads whole input files.
public enum InputFile {
    /// The bytes of `path`, at most `limit` of them (longer is an error, found without reading
    /// past the limit).
    public static func read(_ path: String, limit: Int = .max) throws(InputFileError) -> [UInt8] {
        func failure(_ problem: InputFileError.Problem) -> InputFileError { InputFileError(path: path, problem: problem) }
        let descriptor: Int32
        do {
            descriptor = try FileDescriptor.openForReading(path)
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
