import TetherJSON
import TetherScenario

/// The numbers a sweep reports for each run (see `MetricRecorder` for how each is measured).
public enum SweepMetric: String, Sendable, Hashable, CaseIterable {
    /// Seconds from the release frame until every sprung element stays settled; nil if never.
    case settle
    /// Largest distance past rest, against the initial displacement, along the scroll axis (pt).
    case overshoot
    /// `overshoot` as a percentage of `displacement`; nil when nothing was displaced.
    case overshootPercent
    /// Largest |displacement| along the scroll axis while a finger is down (pt).
    case lag
    /// Largest element speed from the release frame on (pt/s).
    case peakSpeed
    /// Swings of the most displaced element past ±settle distance, counted in sign changes, halved.
    case oscillations
    /// Largest distance from rest at the last frame (pt).
    case finalError
    /// Largest |displacement| along the scroll axis at the release frame (pt).
    case displacement

    public var unit: String {
        switch self {
        case .settle: "s"
        case .overshoot, .lag, .finalError, .displacement: "pt"
        case .overshootPercent: "%"
        case .peakSpeed: "pt/s"
        case .oscillations: ""
        }
    }

    /// The divisor of `metric − target` in the ranking distance (`--scale` changes it).
    public var defaultScale: Double {
        switch self {
        case .settle: 0.1
        case .overshoot, .lag, .displacement: 1
        case .overshootPercent: 1
        case .peakSpeed: 10
        case .oscillations: 1
        case .finalError: 0.1
        }
    }

    /// Decimals in the output; every other use (ranking, heatmaps, merging) reads the printed
    /// value back, so shards merged and a whole run agree to the byte.
    public var decimals: Int { self == .oscillations ? 0 : 3 }

    /// "settle,overshoot" (also accepts repeated lists); duplicates are an error.
    public static func parseList(_ texts: [String]) throws(SweepSpecError) -> [SweepMetric] {
        var result: [SweepMetric] = []
        for text in texts {
            for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingSpaces }) {
                let metric = try named(name)
                guard !result.contains(metric) else { throw SweepSpecError("metric \(name) is listed twice") }
                result.append(metric)
            }
        }
        return result
    }

    public static func named(_ name: String) throws(SweepSpecError) -> SweepMetric {
        guard let metric = SweepMetric(rawValue: name) else {
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            throw SweepSpecError("unknown metric \(MessageText.quoted(name)) (known: \(known))")
        }
        return metric
    }
}

/// When an element counts as settled: within `distance` points of its rest place and slower
/// than `speed` points per second.
public struct SettleCriteria: Sendable, Hashable {
    public var distance: Double
    public var speed: Double

    public init(distance: Double = 0.5, speed: Double = 1) {
        self.distance = distance
        self.speed = speed
    }
}

/// The metrics of one run, at full precision.
public struct RunMetrics: Sendable, Hashable {
    public var settle: Double?
    public var overshoot: Double
    public var overshootPercent: Double?
    public var lag: Double
    public var peakSpeed: Double
    public var oscillations: Int
    public var finalError: Double
    public var displacement: Double
    /// The frame the post-release metrics start from (see `MetricRecorder`).
    public var releaseFrame: Int
    /// The element (index into the layout attributes) whose oscillations are counted, if any.
    public var leadElement: Int?
    /// The last frame of the run; `lastFrame == releaseFrame` means the content was still moving
    /// at the end and the post-release metrics describe a single frame.
    public var lastFrame: Int

    public init(
        settle: Double?, overshoot: Double, overshootPercent: Double?, lag: Double, peakSpeed: Double,
        oscillations: Int, finalError: Double, displacement: Double, releaseFrame: Int, leadElement: Int?,
        lastFrame: Int
    ) {
        self.settle = settle
        self.overshoot = overshoot
        self.overshootPercent = overshootPercent
        self.lag = lag
        self.peakSpeed = peakSpeed
        self.oscillations = oscillations
        self.finalError = finalError
        self.displacement = displacement
        self.releaseFrame = releaseFrame
        self.leadElement = leadElement
        self.lastFrame = lastFrame
    }

    public func value(of metric: SweepMetric) -> Double? {
        switch metric {
        case .settle: settle
        case .overshoot: overshoot
        case .overshootPercent: overshootPercent
        case .lag: lag
        case .peakSpeed: peakSpeed
        case .oscillations: Double(oscillations)
        case .finalError: finalError
        case .displacement: displacement
        }
    }

    /// The printed cell: fixed decimals, or "" for a missing value.
    public func text(of metric: SweepMetric) -> String {
        guard let value = value(of: metric) else { return "" }
        return FixedDecimal.text(value, decimals: metric.decimals)
    }
}
