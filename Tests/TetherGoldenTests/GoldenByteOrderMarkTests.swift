import Testing
import TetherGolden

/// Goldens follow the byte order mark rule of every text input (`ByteOrderMark`): skipped at the
/// very start, content anywhere else.
@Suite struct GoldenByteOrderMarkTests {
    static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let golden = Array("""
        frame,time,section,item,kind,center_x,center_y,width,height,angle,alpha,z_index
        0,0.000000,0,0,cell,50.000,22.000,100.000,44.000,0.000000,1.000,0

        """.utf8)

    @Test func aMarkAtTheStartIsSkippedAndNowhereElse() {
        #expect(GoldenComparison.compare(expected: Self.mark + Self.golden, actual: Self.golden).isMatch)
        #expect(!GoldenComparison.compare(expected: Self.mark + Self.mark + Self.golden, actual: Self.golden).isMatch)
    }
}
