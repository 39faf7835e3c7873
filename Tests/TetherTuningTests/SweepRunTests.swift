import Foundation
import Testing
import TetherJSON
import TetherLayout
import TetherScenario
@testable import TetherTuning

/// Grid order, parallel runs, shards and merging, ranking.
@Suite struct SweepRunTests {
    /// A 10-row springy list with a drag and a release: short, but every metric is non-trivial.
    static let document: JSONValue = try! JSONParser.parse("""
        {"name": "small", "frames": 150, "viewport": {"width": 320, "height": 200},
         "layout": {"type": "flow", "sections": [12], "itemSize": {"width": 320, "height": 44}},
         "dynamics": {"type": "springy", "preset": "vv"},
         "events": [{"frame": 2, "type": "touchDown", "point": {"x": 160, "y": 20}},
                    {"frame": 2, "type": "drag", "by": {"x": 0, "y": -60}, "frames": 8},
                    {"frame": 10, "type": "touchUp"}]}
        """)

    static func plan(_ varies: [String]) throws -> SweepPlan {
        let grid = try SweepGrid(varies.map { try SweepAxis(parsing: $0) })
        return SweepPlan(file: "small.json", document: document, grid: grid)
    }

    static let twoByThree = ["dynamics.spring.damping=0.3:0.7:0.2", "dynamics.spring.frequency=0.8,1.5"]

    @Test func theFirstAxisVariesSlowest() throws {
        let grid = try SweepGrid([
            try SweepAxis(parsing: "a=1,2,3"), try SweepAxis(parsing: "b=x,y"), try SweepAxis(parsing: "c=10,20"),
        ])
        #expect(grid.count == 12)
        #expect(grid.shape == [3, 2, 2])
        var k = 0
        for a in 0..<3 {
            for b in 0..<2 {
                for c in 0..<2 {
                    #expect(grid.coordinates(of: k) == [a, b, c])
                    #expect(grid.index(of: [a, b, c]) == k)
                    k += 1
                }
            }
        }
        #expect(grid.labels(at: 5) == ["2", "x", "20"])
        #expect(grid.describe(5) == "a=2, b=x, c=20")
        #expect(grid.overrides(at: 5).map(\.value) == [2, "x", 20])
    }

    @Test func gridErrors() throws {
        #expect(throws: SweepSpecError.self) { try SweepGrid([]) }
        #expect { try SweepGrid([try SweepAxis(parsing: "a=1,2"), try SweepAxis(parsing: "a=3")]) } throws: {
            ($0 as? SweepSpecError)?.message == "a is varied twice"
        }
        #expect { try SweepGrid([try SweepAxis(parsing: "a=0:999:1"), try SweepAxis(parsing: "b=0:999:1"), try SweepAxis(parsing: "c=1,2")]) } throws: {
            ($0 as? SweepSpecError)?.message.contains("more than 1000000") == true
        }
    }

    @Test func shardsTakeEveryNthCombination() throws {
        let shard = try Shard(parsing: "1/3")
        #expect(shard.combinations(of: 10) == [1, 4, 7])
        #expect(shard.contains(7) && !shard.contains(8))
        for bad in ["3/3", "-1/3", "1/0", "1", "a/b", "1/2/3"] {
            #expect(throws: SweepSpecError.self) { try Shard(parsing: bad) }
        }
    }

    /// Each row is the run of its own combination: the scenario got the grid's values.
    @Test func resultsFollowGridOrder() throws {
        let plan = try Self.plan(Self.twoByThree)
        let results = try plan.run(Array(0..<plan.grid.count), jobs: 2)
        for k in 0..<plan.grid.count {
            let scenario = try plan.scenario(at: k)
            guard case .springy(let configuration) = scenario.layoutScene?.dynamics else {
                Issue.record("not springy")
                return
            }
            let c = plan.grid.coordinates(of: k)
            #expect(configuration.dampingRatio == [0.3, 0.5, 0.7][c[0]])
            #expect(configuration.frequency == [0.8, 1.5][c[1]])
            #expect(results[k] == (try MetricRecorder.measure(scenario)))
        }
        // More damping, less overshoot (at either frequency).
        #expect(results[0].overshootPercent! > results[2].overshootPercent!)
        #expect(results[2].overshootPercent! > results[4].overshootPercent!)
    }

    @Test func everyJobCountGivesTheSameBytes() throws {
        let plan = try Self.plan(Self.twoByThree)
        let all = Array(0..<plan.grid.count)
        var outputs: Set<String> = []
        let ranking = try Ranking(targets: "settle=1,overshoot=3")
        for jobs in [1, 2, 3, 8] {
            let table = SweepTable(grid: plan.grid, metrics: SweepMetric.allCases, indices: all, results: try plan.run(all, jobs: jobs))
            outputs.insert(table.render(.csv) + table.render(.json) + table.render(.csv, ranking: ranking, top: 4))
        }
        #expect(outputs.count == 1)
    }

    @Test func mergedShardsAreTheWholeRunToTheByte() throws {
        let plan = try Self.plan(Self.twoByThree)
        let all = Array(0..<plan.grid.count)
        let whole = SweepTable(grid: plan.grid, metrics: SweepMetric.allCases, indices: all, results: try plan.run(all))
        var files: [(name: String, text: String)] = []
        for i in 0..<4 {  // 4 shards of 6 combinations: shard 3 has one row
            let shard = try Shard(index: i, count: 4)
            let indices = shard.combinations(of: plan.grid.count)
            let table = SweepTable(grid: plan.grid, metrics: SweepMetric.allCases, indices: indices, results: try plan.run(indices, jobs: 2))
            let text = table.shardCSV(shard)
            #expect(text.hasPrefix("# tether sweep shard \(i)/4 of grid 3x2\nindex,dynamics.spring.damping,"))
            files.append(("shard\(i).csv", text))
        }
        let merged = try SweepTable.merge(files.reversed())
        #expect(merged == whole)
        let ranking = try Ranking(targets: "settle=1.2,overshootPercent=10", scales: ["settle=0.05"])
        for format in SweepTable.Format.allCases {
            #expect(merged.render(format) == whole.render(format))
            #expect(merged.render(format, ranking: ranking, top: 3) == whole.render(format, ranking: ranking, top: 3))
        }
        // A shard with only some metrics merges the same way.
        let few: [SweepMetric] = [.settle, .overshoot]
        let parts = try (0..<2).map { i in
            let shard = try Shard(index: i, count: 2)
            let indices = shard.combinations(of: plan.grid.count)
            return ("p\(i)", SweepTable(grid: plan.grid, metrics: few, indices: indices, results: try plan.run(indices)).shardCSV(shard))
        }
        #expect(try SweepTable.merge(parts).render(.csv) == SweepTable(grid: plan.grid, metrics: few, indices: all, results: try plan.run(all)).render(.csv))
    }

    @Test func mergeRejectsIncompleteOrForeignShards() throws {
        let plan = try Self.plan(Self.twoByThree)
        func shardText(_ i: Int, of n: Int, plan: SweepPlan) throws -> String {
            let shard = try Shard(index: i, count: n)
            let indices = shard.combinations(of: plan.grid.count)
            return SweepTable(grid: plan.grid, metrics: [.settle], indices: indices, results: try plan.run(indices)).shardCSV(shard)
        }
        let s0 = try shardText(0, of: 2, plan: plan)
        let s1 = try shardText(1, of: 2, plan: plan)
        func message(_ files: [(String, String)]) -> String? {
            do {
                _ = try SweepTable.merge(files.map { (name: $0.0, text: $0.1) })
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message([("a", s0)])?.contains("combinations 1, 3, 5 missing") == true)
        #expect(message([("a", s0), ("b", s0), ("c", s1)]) == "combination 0 appears in both a and b")
        let other = try Self.plan(["dynamics.spring.damping=0.4:0.8:0.2", "dynamics.spring.frequency=0.8,1.5"])
        #expect(message([("a", s0), ("b", try shardText(1, of: 2, plan: other))])?.contains("not the same sweep") == true)
        let narrow = try Self.plan(["dynamics.spring.damping=0.3:0.7:0.2", "dynamics.spring.frequency=0.8"])
        #expect(message([("a", s0), ("b", try shardText(1, of: 2, plan: narrow))])?.contains("not from the same sweep") == true)
        #expect(message([("x", "damping,settle\n0.3,1\n")])?.contains("not a shard file") == true)
        #expect(message([("x", "# tether sweep shard 0/1 of grid 2\nindex,a,settle\n0,1,x\n1,2,1\n")])?.contains("line 3: settle \"x\" is not a number") == true)
        #expect(message([("x", "# tether sweep shard 0/2 of grid 2\nindex,a,settle\n1,1,1\n")])?.contains("does not belong to shard 0/2") == true)
    }

    /// The first failing combination in grid order is reported, whatever the job count.
    @Test func anInvalidCombinationIsNamed() throws {
        let plan = try Self.plan(["dynamics.spring.frequency=1,2", "dynamics.spring.damping=0.5,-1,-2"])
        for jobs in [1, 2, 4] {
            do {
                _ = try plan.run(Array(0..<plan.grid.count), jobs: jobs)
                Issue.record("expected an error")
            } catch {
                guard case .invalidCombination(let index, let combination, let invalid) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(index == 1)
                #expect(combination == "dynamics.spring.frequency=1, dynamics.spring.damping=-1")
                #expect(!invalid.isUnreadable)
                #expect(error.message.hasPrefix("combination 1 (dynamics.spring.frequency=1, dynamics.spring.damping=-1) makes the scenario invalid: small.json: dynamics.spring.damping: "))
            }
        }
    }

    @Test func rankingOrdersByWeightedDistanceThenGridIndex() throws {
        let table = SweepTable(
            parameters: ["p"], shape: [6], metrics: [.settle, .overshoot],
            rows: [
                .init(index: 0, parameters: ["0"], cells: ["0.800", "5.000"]),  // (0.2/0.1)² + 0 = 4
                .init(index: 1, parameters: ["1"], cells: ["", "5.000"]),  // never settles: last
                .init(index: 2, parameters: ["2"], cells: ["0.600", "6.000"]),  // 0 + 1² = 1
                .init(index: 3, parameters: ["3"], cells: ["0.650", "5.500"]),  // 0.25 + 0.25 = 0.5
                .init(index: 4, parameters: ["4"], cells: ["0.600", "5.000"]),  // 0
                .init(index: 5, parameters: ["5"], cells: ["0.600", "6.000"]),  // 1, a tie with 2: grid order
            ])
        let ranking = try Ranking(targets: "settle=0.6,overshoot=5")
        let order = ranking.order(table)
        #expect(order.map { table.rows[$0.row].index } == [4, 3, 2, 5, 0, 1])
        let scores = order.map { $0.score.map { ($0 * 1000).rounded() / 1000 } }
        #expect(scores == [0, 0.5, 1, 1, 4, nil])
        // A larger settle scale makes settle matter less; a larger overshoot scale, overshoot.
        let relaxed = try Ranking(targets: "settle=0.6,overshoot=5", scales: ["settle=1"])
        #expect(relaxed.order(table).map { table.rows[$0.row].index } == [4, 0, 3, 2, 5, 1])
        let strict = try Ranking(targets: "settle=0.6,overshoot=5", scales: ["overshoot=10"])
        #expect(strict.order(table).map { table.rows[$0.row].index } == [4, 2, 5, 3, 0, 1])
        let csv = table.render(.csv, ranking: ranking, top: 2)
        #expect(csv == "rank,index,p,settle,overshoot,score\n1,4,4,0.600,5.000,0.000\n2,3,3,0.650,5.500,0.500\n")
    }

    @Test func rankingErrors() {
        for (targets, scales, message) in [
            ("settle", [String](), "expected METRIC=NUMBER"),
            ("speed=1", [], "unknown metric \"speed\""),
            ("settle=1,settle=2", [], "given twice"),
            ("settle=1", ["lag=2"], "lag has no --target"),
            ("settle=1", ["settle=0"], "must be greater than 0"),
        ] {
            #expect {
                try Ranking(targets: targets, scales: scales)
            } throws: { ($0 as? SweepSpecError)?.message.contains(message) == true }
        }
    }

    @Test func csvFieldsRoundTrip() {
        let fields = ["plain", "with,comma", "with \"quote\"", "", "line\nbreak"]
        let text = CSVText.line(fields) + CSVText.line(["a", "b"])
        #expect(CSVText.records(text) == [fields, ["a", "b"]])
        #expect(CSVText.records("\"open") == nil)
    }
}
