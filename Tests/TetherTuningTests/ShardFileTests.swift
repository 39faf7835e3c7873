import Testing
import TetherJSON
import TetherTuning

/// Shard files follow the byte order mark rule of every text input (`ByteOrderMark`).
@Suite struct ShardFileTests {
    static let shard = "# tether sweep shard 0/1 of grid 2\nindex,dynamics.spring.damping,settle\n0,0.5,1.25\n1,0.7,\n"

    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        let plain = try SweepTable.parseShard(Self.shard, name: "s.csv")
        let marked = try SweepTable.parseShard("\u{FEFF}" + Self.shard, name: "s.csv")
        #expect(plain.table == marked.table)
        #expect(plain.table.rows.count == 2)
        #expect(throws: SweepMergeError.self) { try SweepTable.parseShard("\u{FEFF}\u{FEFF}" + Self.shard, name: "s.csv") }
    }
}
