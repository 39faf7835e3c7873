import TetherJSON
import TetherScenario

/// The results of a sweep (or of one shard of it) as printed text: parameter labels and metric
/// cells per combination, ascending by grid index. Ranking, heatmaps and merging all work on
/// these printed cells, so a merged set of shards gives the same bytes as a single run.
public struct SweepTable: Sendable, Hashable {
    /// The varied paths, in `--vary` order.
    public var parameters: [String]
    /// Values per axis.
    public var shape: [Int]
    public var metrics: [SweepMetric]
    /// Ascending by `index`.
    public var rows: [Row]

    public struct Row: Sendable, Hashable {
        /// The combination's grid index.
        public var index: Int
        /// One label per parameter (see `SweepAxis.label`).
        public var parameters: [String]
        /// One printed value per metric; "" when the value is missing.
        public var cells: [String]

        public init(index: Int, parameters: [String], cells: [String]) {
            self.index = index
            self.parameters = parameters
            self.cells = cells
        }
    }

    public init(parameters: [String], shape: [Int], metrics: [SweepMetric], rows: [Row]) {
        self.parameters = parameters
        self.shape = shape
        self.metrics = metrics
        self.rows = rows
    }

    /// The runs `results` of the combinations `indices` (ascending) of `grid`.
    public init(grid: SweepGrid, metrics: [SweepMetric], indices: [Int], results: [RunMetrics]) {
        precondition(indices.count == results.count, "one result per combination")
        self.init(
            parameters: grid.axes.map(\.name), shape: grid.shape, metrics: metrics,
            rows: zip(indices, results).map { index, result in
                Row(index: index, parameters: grid.labels(at: index), cells: metrics.map { result.text(of: $0) })
            })
    }

    /// Number of combinations in the whole grid.
    public var combinationCount: Int { shape.reduce(1, *) }

    /// True when every combination of the grid has a row.
    public var isComplete: Bool { rows.count == combinationCount }

    /// The value of `metric` in row position `row`, read back from its printed cell.
    public func value(_ row: Int, _ metric: SweepMetric) -> Double? {
        guard let column = metrics.firstIndex(of: metric) else { return nil }
        return Double(rows[row].cells[column])
    }

    // MARK: - Output

    public enum Format: String, Sendable, CaseIterable {
        case csv
        case json
    }

    /// The whole sweep's output. Without a ranking: one row per combination in grid order,
    /// parameters then metrics. With one: `rank,index,` parameters, metrics, `score`, best first,
    /// only the first `top` rows if given.
    public func render(_ format: Format, ranking: Ranking? = nil, top: Int? = nil) -> String {
        let ordered: [(row: Int, score: Double?)]
        if let ranking {
            ordered = Array(ranking.order(self).prefix(top ?? Int.max))
        } else {
            ordered = Array(rows.indices.prefix(top ?? Int.max).map { (row: $0, score: nil as Double?) })
        }
        switch format {
        case .csv: return csv(ordered, ranked: ranking != nil)
        case .json: return json(ordered, ranking: ranking)
        }
    }

    private func csv(_ ordered: [(row: Int, score: Double?)], ranked: Bool) -> String {
        var text = ""
        let header = parameters + metrics.map(\.rawValue)
        text += CSVText.line(ranked ? ["rank", "index"] + header + ["score"] : header)
        for (rank, entry) in ordered.enumerated() {
            let row = rows[entry.row]
            var fields = row.parameters + row.cells
            if ranked {
                fields = ["\(rank + 1)", "\(row.index)"] + fields + [entry.score.map { FixedDecimal.text($0, decimals: 3) } ?? ""]
            }
            text += CSVText.line(fields)
        }
        return text
    }

    private func json(_ ordered: [(row: Int, score: Double?)], ranking: Ranking?) -> String {
        func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
        func number(_ x: Double) -> String { JSONValue.number(x).serialized() }
        var lines = ["{"]
        lines.append("  \"parameters\": [\(parameters.map(quoted).joined(separator: ", "))],")
        lines.append("  \"grid\": [\(shape.map(String.init).joined(separator: ", "))],")
        lines.append("  \"metrics\": [\(metrics.map { quoted($0.rawValue) }.joined(separator: ", "))],")
        if let ranking {
            let targets = ranking.terms.map { "\(quoted($0.metric.rawValue)): \(number($0.target))" }
            let scales = ranking.terms.map { "\(quoted($0.metric.rawValue)): \(number($0.scale))" }
            lines.append("  \"targets\": {\(targets.joined(separator: ", "))},")
            lines.append("  \"scales\": {\(scales.joined(separator: ", "))},")
        }
        lines.append("  \"runs\": [")
        for (position, entry) in ordered.enumerated() {
            let row = rows[entry.row]
            var members: [String] = []
            if ranking != nil { members.append("\"rank\": \(position + 1)") }
            members.append("\"index\": \(row.index)")
            let parameterMembers = zip(parameters, row.parameters).map { name, label in
                "\(quoted(name)): \(JSONValue.parseOverride(label).serialized())"
            }
            members.append("\"parameters\": {\(parameterMembers.joined(separator: ", "))}")
            let metricMembers = zip(metrics, row.cells).map { metric, cell in
                "\(quoted(metric.rawValue)): \(cell.isEmpty ? "null" : cell)"
            }
            members.append("\"metrics\": {\(metricMembers.joined(separator: ", "))}")
            if ranking != nil { members.append("\"score\": \(entry.score.map { FixedDecimal.text($0, decimals: 3) } ?? "null")") }
            let comma = position == ordered.count - 1 ? "" : ","
            lines.append("    {\(members.joined(separator: ", "))}\(comma)")
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Shards

    static let shardPrefix = "# tether sweep shard "

    /// A shard's file: a comment line naming the shard and the grid, then `index,` parameters,
    /// metrics, one row per combination of the shard in grid order.
    public func shardCSV(_ shard: Shard) -> String {
        var text = Self.shardPrefix + "\(shard) of grid \(shape.map(String.init).joined(separator: "x"))\n"
        text += CSVText.line(["index"] + parameters + metrics.map(\.rawValue))
        for row in rows {
            text += CSVText.line(["\(row.index)"] + row.parameters + row.cells)
        }
        return text
    }

    /// Reads a file written by `shardCSV`; `name` is for messages.
    public static func parseShard(_ text: String, name: String) throws(SweepMergeError) -> (shard: Shard, table: SweepTable) {
        func fail(_ reason: String) -> SweepMergeError { SweepMergeError("\(MessageText.path(name)): \(reason)") }
        let text = ByteOrderMark.skipped(text)
        guard let newline = text.firstIndex(of: "\n"), text.hasPrefix(shardPrefix) else {
            throw fail("not a shard file of tether sweep (it should start with \"\(shardPrefix)I/N of grid …\"; write shards with --shard I/N)")
        }
        let description = text[text.index(text.startIndex, offsetBy: shardPrefix.count)..<newline]
        let words = description.split(separator: " ")
        guard words.count == 4, words[1] == "of", words[2] == "grid",
              let shard = try? Shard(parsing: String(words[0])) else {
            throw fail("cannot read the shard line \(MessageText.quoted(text[..<newline]))")
        }
        let sizes = words[3].split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 != nil && $0! >= 1 }) else {
            throw fail("cannot read the grid size \(MessageText.quoted(words[3]))")
        }
        let shape = sizes.map { $0! }
        let total = shape.reduce(1) { $0.multipliedReportingOverflow(by: $1).overflow ? Int.max : $0 * $1 }
        guard total <= SweepGrid.maximumCombinations else { throw fail("the grid is larger than \(SweepGrid.maximumCombinations)") }
        guard let records = CSVText.records(String(text[text.index(after: newline)...])), let header = records.first else {
            throw fail("the CSV is malformed or has no header")
        }
        guard header.count > shape.count, header[0] == "index" else {
            throw fail("the header should be index, \(shape.count) parameter\(shape.count == 1 ? "" : "s"), then metrics")
        }
        let parameters = Array(header[1...shape.count])
        var metrics: [SweepMetric] = []
        for metricName in header[(shape.count + 1)...] {
            guard let metric = SweepMetric(rawValue: metricName) else { throw fail("unknown metric column \(MessageText.quoted(metricName))") }
            metrics.append(metric)
        }
        var rows: [Row] = []
        for (number, record) in records.dropFirst().enumerated() {
            let line = number + 3
            guard record.count == header.count else {
                throw fail("line \(line) has \(record.count) fields, expected \(header.count)")
            }
            guard let index = Int(record[0]), index >= 0, index < total else {
                throw fail("line \(line): \(MessageText.quoted(record[0])) is not a combination of the grid (0…\(total - 1))")
            }
            guard shard.contains(index) else {
                throw fail("line \(line): combination \(index) does not belong to shard \(shard)")
            }
            let cells = Array(record[(shape.count + 1)...])
            for (metric, cell) in zip(metrics, cells) where !cell.isEmpty && Double(cell) == nil {
                throw fail("line \(line): \(metric.rawValue) \(MessageText.quoted(cell)) is not a number")
            }
            rows.append(Row(index: index, parameters: Array(record[1...shape.count]), cells: cells))
        }
        return (shard, SweepTable(parameters: parameters, shape: shape, metrics: metrics, rows: rows))
    }

    /// Joins shard files (name, text) into the table of the whole sweep. Every combination must
    /// appear exactly once, and all shards must come from the same sweep (same grid, parameters,
    /// metrics and parameter values).
    public static func merge(_ files: [(name: String, text: String)]) throws(SweepMergeError) -> SweepTable {
        guard !files.isEmpty else { throw SweepMergeError("--merge needs at least one shard file") }
        var merged: SweepTable?
        var owner: [String?] = []
        var byIndex: [Row?] = []
        for file in files {
            let (_, table) = try parseShard(file.text, name: file.name)
            if let first = merged {
                guard table.shape == first.shape, table.parameters == first.parameters, table.metrics == first.metrics else {
                    throw SweepMergeError(
                        "\(file.name): not from the same sweep as \(files[0].name) (the grid, parameters or metrics differ)")
                }
            } else {
                merged = SweepTable(parameters: table.parameters, shape: table.shape, metrics: table.metrics, rows: [])
                owner = Array(repeating: nil, count: table.combinationCount)
                byIndex = Array(repeating: nil, count: table.combinationCount)
            }
            for row in table.rows {
                if let other = owner[row.index] {
                    throw SweepMergeError("combination \(row.index) appears in both \(other) and \(file.name)")
                }
                owner[row.index] = file.name
                byIndex[row.index] = row
            }
        }
        var table = merged!
        let missing = byIndex.indices.filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let listed = missing.prefix(5).map(String.init).joined(separator: ", ")
            let more = missing.count > 5 ? " and \(missing.count - 5) more" : ""
            throw SweepMergeError(
                "combination\(missing.count == 1 ? "" : "s") \(listed)\(more) missing: is a shard file missing?")
        }
        table.rows = byIndex.map { $0! }
        // The same value on an axis must carry the same label in every row.
        var labels: [[String?]] = table.shape.map { Array(repeating: nil, count: $0) }
        for row in table.rows {
            var rest = row.index
            for a in table.shape.indices.reversed() {
                let c = rest % table.shape[a]
                rest /= table.shape[a]
                if let known = labels[a][c], known != row.parameters[a] {
                    throw SweepMergeError(
                        "\(owner[row.index]!): combination \(row.index) has \(table.parameters[a])=\(row.parameters[a]), other shards have \(known): not the same sweep")
                }
                labels[a][c] = row.parameters[a]
            }
        }
        return table
    }

    /// The label of value `c` of axis `a` (from any row that has it).
    public func label(axis a: Int, value c: Int) -> String? {
        for row in rows {
            var rest = row.index
            for b in shape.indices.reversed() {
                if b == a {
                    if rest % shape[b] == c { return row.parameters[a] }
                    break
                }
                rest /= shape[b]
            }
        }
        return nil
    }
}

/// Shard files that cannot be merged (exit 65).
public struct SweepMergeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
