import FuzzEntry
import TetherFuzzing

/// libFuzzer's entry point for `FuzzTarget.fitReference`.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.run(.fitReference, data, size)
}
