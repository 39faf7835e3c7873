import TetherJSON
import TetherLayout
import TetherPhysics
import TetherScenario

/// A reference curve: a CSV with a `time` column (seconds) and one value column (pt), one
/// element's motion along the scroll axis, e.g. exported from an animation tool or tracked in
/// a screen recording.
///
/// - **Value**: by default the element's displacement from its rest (its layout position), as
///   `tether plot` draws it; with `position`, its center in content coordinates (the `run`
///   CSV's center_x or center_y).
/// - **Clock**: the curve's time t is the scenario's time t + `shift` (frame f is at f/hz). At
///   each frame whose time falls within the curve's first and last time, the curve is read by
///   linear interpolation between the two samples around it (exactly at a sample's time, that
///   sample); frames outside the curve's time range are not compared.
public struct CurveReference: Sendable {
    public enum Value: String, Sendable, CaseIterable {
        case displacement
        case position
    }

    public var file: String
    /// The value column's name.
    public var column: String
    /// Strictly increasing.
    public var times: [Double]
    public var values: [Double]
    public var element: FitElementKey
    public var value: Value
    /// Seconds added to the curve's times to put them on the scenario's clock.
    public var shift: Double

    /// Reads `text` (the contents of `file`): a header naming `time` and the value column
    /// (`column`, or the only other column), then one sample per line.
    public init(file: String, text: String, column: String?, element: FitElementKey, value: Value, shift: Double) throws(FitError) {
        guard let records = CSVText.records(text) else { throw .data("\(file): a quoted field is not closed") }
        guard let header = records.first else { throw .data("\(file): empty file; expected a header with time and a value column") }
        guard let timeColumn = header.firstIndex(of: "time") else {
            throw .data("\(file): line 1: no column time (a curve has a header naming time, in seconds, and a value column)")
        }
        let others = header.indices.filter { $0 != timeColumn }
        let valueColumn: Int
        if let column {
            guard let position = header.firstIndex(of: column), position != timeColumn else {
                throw .usage("--column \(column): \(file) has no such column (its columns: \(MessageText.plain(header.joined(separator: ", "))))")
            }
            valueColumn = position
        } else {
            guard others.count == 1 else {
                let names = others.map { header[$0] }.joined(separator: ", ")
                throw .usage("\(file) has \(others.isEmpty ? "no column" : "the columns \(MessageText.plain(names))") besides time: pick the value with --column NAME")
            }
            valueColumn = others[0]
        }
        var times: [Double] = []
        var values: [Double] = []
        for (offset, record) in records.enumerated().dropFirst() {
            let line = offset + 1
            if record.count == 1 && record[0].isEmpty { continue }
            guard record.count == header.count else {
                throw .data("\(file): line \(line): \(record.count) fields, the header has \(header.count)")
            }
            guard let t = Double(record[timeColumn].trimmingSpaces), t.isFinite else {
                throw .data("\(file): line \(line): time: \(MessageText.quoted(record[timeColumn])) is not a finite number")
            }
            guard let v = Double(record[valueColumn].trimmingSpaces), v.isFinite else {
                throw .data("\(file): line \(line): \(MessageText.plain(header[valueColumn])): \(MessageText.quoted(record[valueColumn])) is not a finite number")
            }
            if let last = times.last, t <= last {
                throw .data("\(file): line \(line): time \(record[timeColumn]) does not follow \(FitParameter.number(last)); times must increase")
            }
            times.append(t)
            values.append(v)
        }
        guard times.count >= 2 else { throw .data("\(file): \(times.count) sample\(times.count == 1 ? "" : "s"); a curve needs at least 2") }
        self.file = file
        self.column = header[valueColumn]
        self.times = times
        self.values = values
        self.element = element
        self.value = value
        self.shift = shift
    }

    /// The curve at curve time t, or nil outside its time range.
    public func sample(at t: Double) -> Double? {
        guard let first = times.first, let last = times.last, t >= first, t <= last else { return nil }
        var (low, high) = (0, times.count - 1)
        // The last sample at or before t.
        while low < high {
            let mid = (low + high + 1) / 2
            if times[mid] <= t { low = mid } else { high = mid - 1 }
        }
        if times[low] == t || low == times.count - 1 { return values[low] }
        let fraction = (t - times[low]) / (times[low + 1] - times[low])
        return values[low] + fraction * (values[low + 1] - values[low])
    }

    public func compare(_ scenario: Scenario, overlay wantsOverlay: Bool = false) throws(ReplayError) -> FitComparison {
        var replay = Replay(scenario)
        let axis = replay.scene.layout.scrollDirection
        let hz = Double(scenario.clock.hz)
        var residual = FitResidual()
        var trace = FitOverlay.Trace(name: element.description, reference: [], replay: [])
        while true {
            let time = Double(replay.frame) / hz
            if time - shift > times[times.count - 1] { break }
            if let expected = sample(at: time - shift), let key = element.elementKey,
               let index = replay.dynamics.layoutAttributes.index(of: key) {
                var actual = replay.dynamics.currentAttributes(at: index).center[axis]
                if value == .displacement { actual -= replay.dynamics.layoutAttributes[index].center[axis] }
                residual.add(actual - expected)
                if wantsOverlay {
                    trace.reference.append((time, expected))
                    trace.replay.append((time, actual))
                }
            }
            if replay.isFinished { break }
            try replay.advance()
        }
        residual.frames = residual.points
        residual.elements = residual.points > 0 ? 1 : 0
        let name = axis == .vertical ? "center_y" : "center_x"
        let overlay = wantsOverlay
            ? FitOverlay(quantity: value == .displacement ? "displacement of \(name)" : name, traces: [trace]) : nil
        return FitComparison(objective: residual.meanSquare, residual: residual, overlay: overlay)
    }
}
