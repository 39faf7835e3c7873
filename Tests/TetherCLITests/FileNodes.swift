import Foundation
import TetherPlatform

/// Special files made in a test's own temporary folder (never the machine's /dev), and what
/// `lstat` says a path is afterwards.
enum FileNodes {
    enum Kind: Equatable {
        case regular, directory, link, characterDevice(DeviceNumber), fifo, socket, other, missing
    }

    static func kind(_ path: String) -> Kind {
        guard let status = try? FileStatus.of(path, followingLinks: false) else { return .missing }
        switch status.kind {
        case .regular: return .regular
        case .directory: return .directory
        case .symbolicLink: return .link
        case .fifo: return .fifo
        case .socket: return .socket
        case .characterDevice: return status.device.map { .characterDevice($0) } ?? .other
        case .blockDevice: return .other
        }
    }

    static func permissions(_ path: String) -> UInt32 {
        (try? FileStatus.of(path))?.permissions ?? 0
    }

    /// A character device node with the given numbers (root only).
    static func makeCharacterDevice(_ path: String, _ device: DeviceNumber) -> Bool {
        (try? FileSystem.makeCharacterDevice(path, device, permissions: 0o666)) != nil
    }

    static func makeFIFO(_ path: String) -> Bool {
        (try? FileSystem.makeFIFO(path, permissions: 0o644)) != nil
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
            guard let listener = try? UnixSocket.listen(at: path) else { return nil }
            Thread.detachNewThread { [self] in
                let connection = try? UnixSocket.accept(on: listener)
                try? FileDescriptor.close(listener)
                if let connection { bytes = FileHandle(fileDescriptor: connection, closeOnDealloc: true).readDataToEndOfFile() }
                done.signal()
            }
        }

        /// What arrived, once the writer has closed (nil if it does not within `seconds`).
        func received(within seconds: Double = 120) -> Data? {
            done.wait(timeout: .now() + seconds) == .success ? bytes : nil
        }
    }
}
