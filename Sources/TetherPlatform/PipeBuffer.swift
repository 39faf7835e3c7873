#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The capacity of a pipe's kernel buffer. Only Linux lets a process read or change it
/// (`F_GETPIPE_SZ`, `F_SETPIPE_SZ`); Darwin sizes pipe buffers itself and has no such call, so
/// there `isAdjustable` is false and both functions answer nil.
public enum PipeBuffer {
    #if os(Linux)
        // <linux/fcntl.h>: F_SETPIPE_SZ and F_GETPIPE_SZ (1024 + 7 and + 8); the Glibc module
        // does not export them (they need _GNU_SOURCE).
        private static let setSize: Int32 = 1031
        private static let getSize: Int32 = 1032
        public static let isAdjustable = true
    #else
        public static let isAdjustable = false
    #endif

    /// The buffer's size in bytes, or nil when the descriptor is no pipe or the system cannot say.
    public static func capacity(of descriptor: Int32) -> Int? {
        #if os(Linux)
            let size = fcntl(descriptor, getSize)
            return size >= 0 ? Int(size) : nil
        #else
            return nil
        #endif
    }

    /// Asks for a buffer of `bytes`; returns the size granted, or nil when refused or unsupported.
    @discardableResult
    public static func requestCapacity(_ bytes: Int, for descriptor: Int32) -> Int? {
        #if os(Linux)
            let size = fcntl(descriptor, setSize, Int32(clamping: bytes))
            return size >= 0 ? Int(size) : nil
        #else
            return nil
        #endif
    }
}
