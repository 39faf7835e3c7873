import TetherJSON
import TetherLayout
import TetherPhysics
import TetherScenario

/// A reference recorded by `tether run` (its CSV, any `--items` and `--every`): every selected
/// row is compared with the same element (kind and index path) at the same frame of the
/// candidate replay, by the distance between the two centers (pt). Frames the replay does not
/// reach and elements it does not have at that frame are not compared; viewport rows never are.
public struct TrajectoryReference: Sendable {
    public struct Row: Sendable {
        public var key: FitElementKey
        /// 0 for the first row with this key in its frame, 1 for a second (a deleted cell fading
        /// out is written after the live cell with the same index path).
        public var occurrence: Int
        public var center: Vec2
    }

    public struct Frame: Sendable {
        public var index: Int
        public var time: Double
        /// In the CSV's order within the frame.
        public var rows: [Row]
        /// The line of the frame's first row, for messages.
        public var line: Int
    }

    /// The file, for messages.
    public var file: String
    /// In frame order.
    public var frames: [Frame]
    /// Distinct selected elements in the file.
    public var elementCount: Int
    public var selection: FitSelection

    /// The columns a Tether CSV must have.
    static let requiredColumns = ["frame", "time", "section", "item", "kind", "center_x", "center_y"]

    /// Reads `text` (the contents of `file`) and keeps the rows `selection` takes.
    public init(file: String, text: String, selection: FitSelection) throws(FitError) {
        guard let records = CSVText.records(text) else { throw .data("\(file): a quoted field is not closed") }
        guard let header = records.first else { throw .data("\(file): empty file; expected the CSV of 'tether run'") }
        var column: [String: Int] = [:]
        for (position, name) in header.enumerated() where column[name] == nil { column[name] = position }
        for name in Self.requiredColumns where column[name] == nil {
            throw .data("\(file): line 1: no column \(name); expected the header of 'tether run' (\(CSVFrameWriter.headerLine))")
        }
        let c = Self.requiredColumns.map { column[$0]! }
        var rows: [(frame: Int, time: Double, line: Int, key: FitElementKey, center: Vec2)] = []
        for (offset, record) in records.enumerated().dropFirst() {
            let line = offset + 1
            if record.count == 1 && record[0].isEmpty { continue }
            guard record.count == header.count else {
                throw .data("\(file): line \(line): \(record.count) fields, the header has \(header.count)")
            }
            func integer(_ index: Int) throws(FitError) -> Int {
                guard let value = Int(record[c[index]]), value >= 0 else {
                    throw .data("\(file): line \(line): \(Self.requiredColumns[index]): \(MessageText.quoted(record[c[index]])) is not a whole number ≥ 0")
                }
                return value
            }
            func number(_ index: Int) throws(FitError) -> Double {
                guard let value = Double(record[c[index]]), value.isFinite else {
                    throw .data("\(file): line \(line): \(Self.requiredColumns[index]): \(MessageText.quoted(record[c[index]])) is not a finite number")
                }
                return value
            }
            guard let kind = RowKind(rawValue: record[c[4]]) else {
                throw .data("\(file): line \(line): kind: unknown kind \(MessageText.quoted(record[c[4]]))")
            }
            let key = FitElementKey(kind: kind, section: try integer(2), item: try integer(3))
            let frame = try integer(0)
            let time = try number(1)
            guard selection.contains(key) else { continue }
            rows.append((frame, time, line, key, Vec2(try number(5), try number(6))))
        }
        guard !rows.isEmpty else {
            let what = selection.describe.isEmpty ? "" : " of the selected elements (\(selection.describe))"
            throw .data("\(file): no rows\(what) to compare")
        }
        // Frames in order; rows keep the file's order within a frame.
        let order = rows.indices.sorted { rows[$0].frame != rows[$1].frame ? rows[$0].frame < rows[$1].frame : $0 < $1 }
        var frames: [Frame] = []
        var keys = Set<FitElementKey>()
        for i in order {
            let row = rows[i]
            keys.insert(row.key)
            if frames.last?.index != row.frame {
                frames.append(Frame(index: row.frame, time: row.time, rows: [], line: row.line))
            }
            let occurrence = frames[frames.count - 1].rows.reduce(0) { $0 + ($1.key == row.key ? 1 : 0) }
            frames[frames.count - 1].rows.append(Row(key: row.key, occurrence: occurrence, center: row.center))
        }
        self.file = file
        self.frames = frames
        self.elementCount = keys.count
        self.selection = selection
    }

    /// The reference's frames must be on the scenario's clock: `time` = frame / hz as `run`
    /// prints it (6 decimals), so a reference of another scenario's clock is not compared frame
    /// by frame by mistake.
    public func check(hz: Int) throws(FitError) {
        for frame in frames {
            let expected = Double(frame.index) / Double(hz)
            if abs(frame.time - expected) > 1e-6 {
                throw .data(
                    "\(file): line \(frame.line): frame \(frame.index) is at time \(FixedDecimal.text(frame.time, decimals: 6)) s, but at \(hz) Hz the scenario's frame \(frame.index) is at \(FixedDecimal.text(expected, decimals: 6)) s; the reference was recorded on another clock")
            }
        }
    }

    /// Replays `scenario` up to the reference's last frame and compares.
    public func compare(_ scenario: Scenario, overlay wantsOverlay: Bool = false) throws(ReplayError) -> FitComparison {
        var replay = makeReplay(scenario)
        var residual = FitResidual()
        var elements = Set<FitElementKey>()
        var next = 0
        var series: [FitElementKey: FitOverlay.Trace] = [:]
        let hz = Double(scenario.clock.hz)
        let axis = scenario.layoutScene?.layout.scrollDirection ?? .vertical
        while next < frames.count {
            while next < frames.count && frames[next].index < replay.frame { next += 1 }
            if next < frames.count && frames[next].index == replay.frame {
                let reference = frames[next]
                let candidate = replay.frameRecord(items: .all).rows.dropFirst(scenario.layoutScene == nil ? 0 : 1)
                let rows = Array(candidate)
                var compared = false
                for row in reference.rows {
                    guard let match = Self.find(row.key, occurrence: row.occurrence, in: rows) else { continue }
                    let difference = (match.center - row.center).length
                    residual.add(difference)
                    elements.insert(row.key)
                    compared = true
                    if wantsOverlay {
                        let rest = Self.rest(of: row.key, in: replay, axis: axis)
                        let time = Double(replay.frame) / hz
                        series[row.key, default: FitOverlay.Trace(name: row.key.description, reference: [], replay: [])]
                            .reference.append((time, row.center[axis] - rest))
                        series[row.key]!.replay.append((time, match.center[axis] - rest))
                    }
                }
                if compared { residual.frames += 1 }
                next += 1
            }
            if next >= frames.count || replay.isFinished { break }
            try replay.advance()
        }
        residual.elements = elements.count
        var overlay: FitOverlay?
        if wantsOverlay {
            let name = axis == .vertical ? "center_y" : "center_x"
            let quantity = scenario.layoutScene == nil ? name : "displacement of \(name)"
            overlay = FitOverlay(quantity: quantity, traces: Self.mostMoving(series))
        }
        return FitComparison(objective: residual.meanSquare, residual: residual, overlay: overlay)
    }

    /// The row with `key` (its `occurrence`-th) among rows in output order (binary search).
    static func find(_ key: FitElementKey, occurrence: Int, in rows: [ElementRow]) -> ElementRow? {
        func rowKey(_ row: ElementRow) -> FitElementKey { FitElementKey(kind: row.kind, section: row.section, item: row.item) }
        var (low, high) = (0, rows.count)
        while low < high {
            let mid = (low + high) / 2
            if rowKey(rows[mid]) < key { low = mid + 1 } else { high = mid }
        }
        let position = low + occurrence
        guard position < rows.count, rowKey(rows[position]) == key else { return nil }
        return rows[position]
    }

    /// The element's layout position along `axis` (0 in world scenes, which have no layout).
    static func rest(of key: FitElementKey, in replay: any SceneReplay, axis: Axis) -> Double {
        guard let layoutReplay = replay as? Replay, let elementKey = key.elementKey,
              let index = layoutReplay.dynamics.layoutAttributes.index(of: elementKey)
        else { return 0 }
        return layoutReplay.dynamics.layoutAttributes[index].center[axis]
    }

    /// At most `maximumTraces` traces, spread over how far the reference moves (its range),
    /// in element order.
    static func mostMoving(_ series: [FitElementKey: FitOverlay.Trace]) -> [FitOverlay.Trace] {
        let keys = series.keys.sorted()
        let ranges = keys.map { key in
            let values = series[key]!.reference.map(\.value)
            return (values.max() ?? 0) - (values.min() ?? 0)
        }
        return FitOverlay.spread(ranges).map { series[keys[$0]]! }
    }
}
