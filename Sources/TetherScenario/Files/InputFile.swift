@preconcurrency import Glibc

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

    public var description: String { "\(path): \(reason)" }

    /// Always 66, "input missing or unreadable".
    public var exitCode: ExitCode { .inputMissing }

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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw failure(.missing) }
            throw failure(.unreadable(SystemError(code: code).description))
        }
        defer { close(descriptor) }
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
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw failure(code == EISDIR ? .directory : .unreadable(SystemError(code: code).description))
            }
            if bytes.count + count > limit { throw failure(.tooLarge(limit: limit)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
