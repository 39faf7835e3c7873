import Testing
import TetherTestSupport
@testable import TetherLayout


@Suite struct BatchUpdatePropertyTests {
    /// A random valid batch: each old item is kept, deleted or moved to a random section; each
    /// section gets a few inserts; new slots for inserts and move destinations are drawn at
    /// random from the section's new count. Returns the batch and the new counts it implies.
    private func randomBatch(_ rng: inout SplitMix64) -> (counts: [Int], update: BatchUpdate, newCounts: [Int]) {
        let sectionCount = 1 + rng.below(4)
        let counts = (0..<sectionCount).map { _ in rng.below(9) }
        var deletes: [ItemPath] = []
        var movesBySection: [[ItemPath]] = Array(repeating: [], count: sectionCount)  // sources, by target
        var survivors = Array(repeating: 0, count: sectionCount)
        for (section, count) in counts.enumerated() {
            for item in 0..<count {
                switch rng.below(10) {
                case 0...2: deletes.append(path(section, item))
                case 3...4: movesBySection[rng.below(sectionCount)].append(path(section, item))
                default: survivors[section] += 1
                }
            }
        }
        var inserts: [ItemPath] = []
        var moves: [BatchUpdate.Move] = []
        var newCounts: [Int] = []
        for section in 0..<sectionCount {
            let insertCount = rng.below(4)
            let newCount = survivors[section] + movesBySection[section].count + insertCount
            newCounts.append(newCount)
            let slots = rng.shuffled(Array(0..<newCount))
            for k in 0..<insertCount { inserts.append(path(section, slots[k])) }
            for (k, source) in movesBySection[section].enumerated() {
                moves.append(.init(from: source, to: path(section, slots[insertCount + k])))
            }
        }
        let update = BatchUpdate(deletes: rng.shuffled(deletes), inserts: rng.shuffled(inserts), moves: rng.shuffled(moves))
        return (counts, update, newCounts)
    }

    /// An independent reading of the rules: remove every delete and move source in descending
    /// order, then insert every insert and move destination in ascending order. Each step is a
    /// plain array edit whose index is still valid at that moment.
    private func sequentialOracle(_ update: BatchUpdate, _ counts: [Int]) -> [[ItemPath?]] {
        var sections: [[ItemPath?]] = counts.enumerated().map { s, c in (0..<c).map { path(s, $0) } }
        let removals = (update.deletes + update.moves.map(\.from)).sorted(by: >)
        for p in removals { sections[p.section].remove(at: p.item) }
        let additions = (update.inserts.map { (to: $0, from: ItemPath?.none) }
            + update.moves.map { (to: $0.to, from: Optional($0.from)) }).sorted { $0.to < $1.to }
        for addition in additions { sections[addition.to.section].insert(addition.from, at: addition.to.item) }
        return sections
    }

    @Test func randomValidBatchesMapOneToOne() throws {
        var rng = SplitMix64(seed: 0xBA7C_0001)
        for _ in 0..<1_000 {
            let (counts, update, expectedCounts) = randomBatch(&rng)
            let result = try update.apply(to: counts)

            #expect(result.newCounts == expectedCounts)
            #expect(result.newCounts.reduce(0, +) == counts.reduce(0, +) - update.deletes.count + update.inserts.count)
            #expect(result.oldIndexOfNew.map(\.count) == result.newCounts)
            #expect(result.newIndexOfOld.map(\.count) == counts)

            // Every surviving old item has exactly one new place, which points back at it.
            var survivorCount = 0
            for (s, row) in result.newIndexOfOld.enumerated() {
                for (i, new) in row.enumerated() {
                    guard let new else { continue }
                    survivorCount += 1
                    #expect(result.oldIndexOfNew[new.section][new.item] == path(s, i))
                }
            }
            // And vice versa: every new item that is not inserted came from one old item.
            var originCount = 0
            for (s, row) in result.oldIndexOfNew.enumerated() {
                for (i, old) in row.enumerated() {
                    guard let old else { continue }
                    originCount += 1
                    #expect(result.newIndexOfOld[old.section][old.item] == path(s, i))
                }
            }
            #expect(survivorCount == originCount)
            #expect(survivorCount == counts.reduce(0, +) - update.deletes.count)
            for p in update.deletes { #expect(result.newIndex(ofOld: p) == nil) }
            for p in update.inserts { #expect(result.oldIndex(ofNew: p) == nil) }
            for move in update.moves { #expect(result.newIndex(ofOld: move.from) == move.to) }

            // Matches the sequential reading, and the listing order does not matter.
            #expect(result.oldIndexOfNew == sequentialOracle(update, counts))
            let reversed = BatchUpdate(deletes: update.deletes.reversed(), inserts: update.inserts.reversed(),
                                       moves: update.moves.reversed())
            #expect(try reversed.apply(to: counts) == result)
        }
    }

    /// Ids follow their items: `newOrder` agrees with the index maps.
    @Test func randomBatchesCarryIDs() throws {
        var rng = SplitMix64(seed: 0xBA7C_0002)
        for _ in 0..<500 {
            let (counts, update, _) = randomBatch(&rng)
            let oldIDs = counts.enumerated().map { s, c in (0..<c).map { s * 100 + $0 } }
            let insertedIDs = update.inserts.indices.map { 10_000 + $0 }
            let order = try update.newOrder(of: oldIDs, insertedIDs: insertedIDs)
            let result = try update.apply(to: counts)
            #expect(order.map(\.count) == result.newCounts)
            for (k, p) in update.inserts.enumerated() { #expect(order[p.section][p.item] == insertedIDs[k]) }
            for (s, row) in result.oldIndexOfNew.enumerated() {
                for (i, old) in row.enumerated() {
                    if let old { #expect(order[s][i] == oldIDs[old.section][old.item]) }
                }
            }
        }
    }

    /// Deleting a moved item's source as well is always refused as "both deleted and moved":
    /// old-side duplicates are checked before the new counts, which the extra delete upsets.
    @Test func deletingAMovedItemIsRefused() {
        var rng = SplitMix64(seed: 0xBA7C_0003)
        var checked = 0
        for _ in 0..<500 {
            let generated = randomBatch(&rng)
            guard let move = generated.update.moves.first else { continue }
            var update = generated.update
            update.deletes.append(move.from)
            #expect(throws: BatchUpdateError.deletedAndMoved(move.from)) { try update.apply(to: generated.counts) }
            checked += 1
        }
        #expect(checked > 100)
    }
}
