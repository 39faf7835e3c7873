import Foundation
import Testing

/// The living-list scenarios through the built binary.
@Suite struct LivingListEndToEndTests {
    /// The seed article's failing case: delete the last item, then an index that no longer exists.
    @Test func deletingAnIndexThatNoLongerExistsIsRefusedAtLoadTime() throws {
        let file = "scenarios/invalid/delete-last-then-missing.json"
        for command in ["validate", "run", "check"] {
            let result = try TetherProcess.run([command, file])
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty || command != "run")
            #expect(result.stderr == "tether: error: \(file): events[1].items[0]: at frame 30: delete of item 11 in section 0: section 0 has only 11 items (0…10); before this update the sections hold [11], after it [10]\n")
        }
    }

    @Test func theDropInListPrintsItsItemsAndRemovesTheDeletedOnes() throws {
        let result = try TetherProcess.run(["run", "scenarios/drop-in-list.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdoutText.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        func cells(_ frame: Int) -> Int { rows.filter { $0[0] == "\(frame)" && $0[4] == "cell" }.count }
        #expect(cells(0) == 0)
        #expect(cells(121) == 5)
        // Three deletes at frames 240, 270, 300; each item leaves 2 s later and fades for 15 frames.
        #expect(cells(374) == 5)
        #expect(cells(375) == 4)
        #expect(cells(435) == 2)
        #expect(cells(539) == 2)
    }
}
