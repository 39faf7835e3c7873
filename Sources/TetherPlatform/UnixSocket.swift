#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Unix-domain stream sockets named by a path: connecting to one (an output can be a socket),
/// and listening on one (tests).
public enum UnixSocket {
    public enum Failure: Error, Sendable, Hashable {
        /// The path does not fit `sockaddr_un` (`limit` bytes at most).
        case pathTooLong(limit: Int)
        case system(SystemError)
    }

    /// A connected stream socket, close-on-exec.
    public static func connect(to path: String) throws(Failure) -> Int32 {
        var address = try address(path)
        let descriptor = try makeSocket()
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let error = SystemError.current
            _ = close(descriptor)
            throw .system(error)
        }
        return descriptor
    }

    /// A new socket bound to `path` and listening for one connection.
    public static func listen(at path: String) throws(Failure) -> Int32 {
        var address = try address(path)
        let descriptor = try makeSocket()
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, cListen(descriptor, 1) == 0 else {
            let error = SystemError.current
            _ = close(descriptor)
            throw .system(error)
        }
        return descriptor
    }

    /// Waits for a connection on a listening socket and returns it.
    public static func accept(on listener: Int32) throws(SystemError) -> Int32 {
        let connection = cAccept(listener)
        guard connection >= 0 else { throw .current }
        return connection
    }

    private static func address(_ path: String) throws(Failure) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw .pathTooLong(limit: capacity - 1) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }

    /// A stream socket that does not leak into programs this process might start. glibc takes
    /// `SOCK_CLOEXEC` in the type (and imports `SOCK_STREAM` as an enum); Darwin has no
    /// `SOCK_CLOEXEC`, so the flag is set right after with `fcntl`.
    private static func makeSocket() throws(Failure) -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        guard descriptor >= 0 else { throw .system(.current) }
        return descriptor
    }
}

// The C library's functions under names the methods above do not hide.
private func cConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
private func cListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func cAccept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
