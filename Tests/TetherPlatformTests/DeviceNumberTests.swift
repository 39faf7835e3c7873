import Testing
import TetherPlatform
import TetherTestSupport

/// Device numbers pack into a `dev_t` as each system's headers say, and unpack to what they were.
@Suite struct DeviceNumberTests {
    @Test func numbersRoundTripThroughTheirEncoding() {
        var random = SplitMix64(seed: 0x5eed)
        #if os(Linux)
            let (majorLimit, minorLimit): (UInt32, UInt32) = (.max, .max)  // glibc: 32 bits each
        #else
            let (majorLimit, minorLimit): (UInt32, UInt32) = (0xff, 0xff_ffff)  // Darwin: 8 + 24 bits
        #endif
        for _ in 0..<1000 {
            let number = DeviceNumber(
                major: UInt32(truncatingIfNeeded: random.next()) & majorLimit,
                minor: UInt32(truncatingIfNeeded: random.next()) & minorLimit)
            #expect(DeviceNumber(encoded: number.encoded) == number)
        }
    }

    /// glibc's <sys/sysmacros.h>: the low 8 bits of the minor, then 12 bits of the major, then the
    /// rest of the minor, then the rest of the major. Darwin's <sys/types.h>: `major << 24 | minor`.
    @Test func theEncodingIsTheSystemsOwn() {
        #if os(Linux)
            #expect(DeviceNumber(major: 1, minor: 3).encoded == 0x103)
            #expect(DeviceNumber(major: 0x12345, minor: 0x6789a).encoded == 0x0001_2000_6783_459a)
        #else
            #expect(DeviceNumber(major: 3, minor: 2).encoded == 0x0300_0002)
        #endif
    }

    /// /dev/null's numbers are fixed by each kernel: 1,3 on Linux, 3,2 on macOS.
    @Test func devNullHasItsWellKnownNumbers() throws {
        let null = try #require(try FileStatus.of("/dev/null").device)
        #if os(Linux)
            #expect(null == DeviceNumber(major: 1, minor: 3))
        #elseif os(macOS)
            #expect(null == DeviceNumber(major: 3, minor: 2))
        #endif
    }
}
