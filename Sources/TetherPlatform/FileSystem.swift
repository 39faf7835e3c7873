#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Names in the file system: renaming, removing, links, special files. POSIX calls with the
/// same names on Linux and Darwin.
public enum FileSystem {
    /// Renames `source` over `destination` atomically (`rename(2)`; both in one file system).
    public static func rename(_ source: String, over destination: String) throws(SystemError) {
        guard cRename(source, destination) == 0 else { throw .current }
    }

    /// Removes a name (`unlink(2)`); not a folder.
    public static func remove(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw .current }
    }

    /// The text of a symbolic link.
    public static func readLink(_ path: String) throws(SystemError) -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        guard count >= 0 else { throw .current }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// Whether this process may write `path`, as the kernel decides (`access(2)`, ACLs
    /// included); the error says why not.
    public static func checkWritable(_ path: String) throws(SystemError) {
        guard access(path, W_OK) == 0 else { throw .current }
    }

    /// Makes a FIFO (`mkfifo(3)`).
    public static func makeFIFO(_ path: String, permissions: UInt32) throws(SystemError) {
        guard mkfifo(path, mode_t(permissions & 0o7777)) == 0 else { throw .current }
    }

    /// Makes a character device node (`mknod(2)`; root only).
    public static func makeCharacterDevice(_ path: String, _ device: DeviceNumber, permissions: UInt32) throws(SystemError) {
        guard mknod(path, mode_t(S_IFCHR) | mode_t(permissions & 0o7777), device.native) == 0 else { throw .current }
    }

    /// Makes a symbolic link at `path` whose text is `target`.
    public static func makeSymbolicLink(_ path: String, to target: String) throws(SystemError) {
        guard symlink(target, path) == 0 else { throw .current }
    }

    /// Sets a path's permission bits (`chmod(2)`).
    public static func setPermissions(_ path: String, _ permissions: UInt32) throws(SystemError) {
        guard chmod(path, mode_t(permissions & 0o7777)) == 0 else { throw .current }
    }
}

private func cRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
