#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A device's major and minor numbers. How they pack into a `dev_t` is each system's own (the
/// C headers' `makedev`, `major` and `minor` are macros Swift does not import), so the packing
/// lives here and nowhere else.
public struct DeviceNumber: Sendable, Hashable {
    public var major: UInt32
    public var minor: UInt32

    public init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    /// Unpacks a `dev_t` (as `bits(_:)` widened it).
    public init(encoded value: UInt64) {
        #if canImport(Darwin)
            // <sys/types.h>: major in the top 8 bits of 32, minor in the low 24.
            major = UInt32((value >> 24) & 0xff)
            minor = UInt32(value & 0xff_ffff)
        #else
            // glibc's and musl's <sys/sysmacros.h>: 12 bits of major above 8 of minor, the rest
            // of each further up.
            major = UInt32(truncatingIfNeeded: ((value >> 8) & 0xfff) | ((value >> 32) & ~0xfff))
            minor = UInt32(truncatingIfNeeded: (value & 0xff) | ((value >> 12) & ~0xff))
        #endif
    }

    /// The packed `dev_t`, widened to 64 bits.
    public var encoded: UInt64 {
        let major = UInt64(major)
        let minor = UInt64(minor)
        #if canImport(Darwin)
            return (major << 24) | minor
        #else
            return ((major & 0xfff) << 8) | ((major & ~0xfff) << 32) | (minor & 0xff) | ((minor & ~0xff) << 12)
        #endif
    }

    /// A `dev_t` as 64 unsigned bits: Darwin's is a signed 32-bit integer whose top bit may be
    /// set, Linux's already 64 unsigned bits.
    static func bits(_ value: dev_t) -> UInt64 {
        #if canImport(Darwin)
            UInt64(UInt32(bitPattern: value))
        #else
            UInt64(value)
        #endif
    }

    /// The `dev_t` for `mknod`.
    var native: dev_t {
        #if canImport(Darwin)
            dev_t(bitPattern: UInt32(truncatingIfNeeded: encoded))
        #else
            dev_t(encoded)
        #endif
    }
}
