import FuzzEntry
import TetherFuzzing

/// libFuzzer's entry point for `FuzzTarget.debuggerText`.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.run(.debuggerText, data, size)
}
