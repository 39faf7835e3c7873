import Foundation
@preconcurrency import Glibc

/// Special files made in a test's own temporary folder (never the machine's /dev), and what
/// `lstat` says a path is afterwards.
enum FileNodes {
    enum Kind: Equatable {
        case regular, directory, link, characterDevice(major: UInt32, minor: UInt32), fifo, socket, other, missing
    }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .link
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        case S_IFCHR:
            let device = UInt64(info.st_rdev)
            return .characterDevice(major: UInt32((device >> 8) & 0xfff), minor: UInt32(device & 0xff))
        default: return .other
        }
    }

    static func permissions(_ path: String) -> UInt32 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o7777
    }

    /// A character device node with the given numbers (root only; 1,3 is what /dev/null is).
    static func makeCharacterDevice(_ path: String, major: UInt32, minor: UInt32) -> Bool {
        mknod(path, S_IFCHR | 0o666, UInt(major) << 8 | UInt(minor)) == 0
    }

    static func makeFIFO(_ path: String) -> Bool {
        mkfifo(path, 0o644) == 0
    }

    /// Reads everything written to a FIFO or accepted on a socket, on a thread of its own, until
    /// the writer closes it.
    final class Reader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var bytes = Data()

        /// Opens the FIFO for reading (which waits for the writer) and reads to the end.
        init(fifo path: String) {
            Thread.detachNewThread { [self] in
                let handle = FileHandle(forReadingAtPath: path)
                bytes = handle?.readDataToEndOfFile() ?? Data()
                done.signal()
            }
        }

        /// Listens on a new Unix socket at `path`, accepts one connection and reads it to the end.
        init?(socket path: String) {
            let listener = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let name = Array(path.utf8)
            guard listener >= 0, name.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(listener, 1) == 0 else { return nil }
            Thread.detachNewThread { [self] in
                let connection = accept(listener, nil, nil)
                close(listener)
                if connection >= 0 { bytes = FileHandle(fileDescriptor: connection, closeOnDealloc: true).readDataToEndOfFile() }
                done.signal()
            }
        }

        /// What arrived, once the writer has closed (nil if it does not within `seconds`).
        func received(within seconds: Double = 120) -> Data? {
            done.wait(timeout: .now() + seconds) == .success ? bytes : nil
        }
    }
}
