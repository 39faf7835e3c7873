import Foundation
import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
import TetherScenario
import TetherTestSupport
@testable import TetherTuning

/// `tether fit` finds parameters it is given the motion of: references Tether made itself at
/// values off the search grid, with and without ±0.5 pt of seeded noise, and the closed-form step
/// response of a Core Animation spring computed here from the formula. Goal: damping ratio and
/// frequency within 1 % without noise and 5 % with it. Each test prints how close it came and in
/// how many replays.
@Suite struct FitRecoveryTests {
    /// Six full-width rows dragged up 60 pt and let go: 90 frames, every row on a spring.
    static let list: JSONValue = try! JSONParser.parse("""
        {"name": "fit-list", "frames": 90, "viewport": {"width": 320, "height": 200},
         "layout": {"type": "flow", "sections": [6], "itemSize": {"width": 320, "height": 44}},
         "dynamics": {"type": "springy", "preset": "vv"},
         "events": [{"frame": 2, "type": "touchDown", "point": {"x": 160, "y": 20}},
                    {"frame": 2, "type": "drag", "by": {"x": 0, "y": -60}, "frames": 8},
                    {"frame": 10, "type": "touchUp"}]}
        """)

    /// One item shifted 10 pt in one frame by a programmatic scroll (no finger: the touch is at
    /// (0, 0), 50 pt from the anchor, so Δ·d/resistance = 50 · 50/250), then free: a step
    /// response from rest starting at time 0 (the step producing frame 1). See
    /// SingleSpringMetricsTests.
    static let single: JSONValue = try! JSONParser.parse("""
        {"name": "fit-single", "frames": 90, "viewport": {"width": 100, "height": 50},
         "layout": {"type": "flow", "sections": [1], "itemSize": {"width": 100, "height": 100}},
         "dynamics": {"type": "springy", "spring": {"length": 0, "damping": 0.5, "frequency": 1},
                      "resistance": 250, "distance": "axis", "tilePadding": null},
         "events": [{"frame": 0, "type": "scroll", "by": {"x": 0, "y": 50}, "frames": 1}]}
        """)
    static let singleShift = 10.0

    static let parameters = [
        try! FitParameter(parsing: "dynamics.spring.damping=0.1:1"),
        try! FitParameter(parsing: "dynamics.spring.frequency=0.5:3"),
    ]
    static let search = FitSearch(maxRuns: 120, jobs: 2, gridPoints: 5)

    /// The `run` CSV of `document` at the given spring (every element, every frame), with
    /// uniform noise in ±`noise` pt added to both centre coordinates.
    static func referenceCSV(_ document: JSONValue, damping: Double, frequency: Double, noise: Double, seed: UInt64) throws -> String {
        let overrides = [
            ScenarioOverride(path: try JSONPath(parsing: "dynamics.spring.damping"), value: .number(damping)),
            ScenarioOverride(path: try JSONPath(parsing: "dynamics.spring.frequency"), value: .number(frequency)),
        ]
        let scenario = try ScenarioLoader.decode(document, file: "reference.json", overrides: overrides)
        var replay = Replay(scenario)
        var random = SplitMix64(seed: seed)
        var text = CSVFrameWriter.headerLine + "\n"
        func write() {
            let record = replay.frameRecord(items: .all)
            for row in record.rows {
                let x = row.center.x + (row.kind == .viewport ? 0 : random.uniform(-noise, noise))
                let y = row.center.y + (row.kind == .viewport ? 0 : random.uniform(-noise, noise))
                let fields = [
                    "\(record.index)", FixedText.format(record.time, decimals: 6), "\(row.section)", "\(row.item)",
                    row.kind.rawValue, FixedText.format(x, decimals: 3), FixedText.format(y, decimals: 3),
                    FixedText.format(row.size.width, decimals: 3), FixedText.format(row.size.height, decimals: 3),
                    FixedText.format(row.angle, decimals: 6), FixedText.format(row.alpha, decimals: 3), "\(row.zIndex)",
                ]
                text += fields.joined(separator: ",") + "\n"
            }
        }
        write()
        while !replay.isFinished {
            try replay.advance()
            write()
        }
        return text
    }

    static func fit(_ document: JSONValue, reference: FitReference, search: FitSearch = search) throws -> FitResult {
        let plan = try FitPlan(file: "scenario.json", document: document, parameters: parameters, reference: reference)
        return try search.run(plan)
    }

    /// Relative errors of the found damping ratio and frequency, printed with the replays.
    static func errors(_ result: FitResult, damping: Double, frequency: Double, _ label: String) -> (Double, Double) {
        let e = (abs(result.values[0] / damping - 1), abs(result.values[1] / frequency - 1))
        let rms = result.comparison.residual.map { FixedText.format($0.rms, decimals: 4) } ?? "-"
        print("fit \(label): damping \(result.values[0]) (\(FixedText.format(100 * e.0, decimals: 3)) %), frequency \(result.values[1]) (\(FixedText.format(100 * e.1, decimals: 3)) %), RMS \(rms) pt, \(result.replays.total) replays (grid \(result.replays.grid), local \(result.replays.local))")
        return e
    }

    @Test(arguments: [(0.437, 1.73, 0.0, 1), (0.437, 1.73, 0.5, 5), (0.83, 0.77, 0.5, 5)])
    func recoversTheSpringOfATetherCSV(damping: Double, frequency: Double, noise: Double, percent: Double) throws {
        let csv = try Self.referenceCSV(Self.list, damping: damping, frequency: frequency, noise: noise, seed: 23)
        let reference = try TrajectoryReference(file: "reference.csv", text: csv, selection: .all)
        let result = try Self.fit(Self.list, reference: .trajectory(reference))
        let (dampingError, frequencyError) = Self.errors(result, damping: damping, frequency: frequency, "CSV noise \(noise)")
        #expect(dampingError < percent / 100)
        #expect(frequencyError < percent / 100)
        #expect(result.replays.total <= Self.search.maxRuns)
        let residual = try #require(result.comparison.residual)
        // Noise uniform in ±a on both coordinates: E|d|² = 2a²/3, so RMS ≈ 0.41 pt at a = 0.5.
        let expected = (2 * noise * noise / 3).squareRoot()
        #expect(abs(residual.rms - expected) < 0.05, "RMS \(residual.rms) pt, noise alone gives \(expected)")
        #expect(residual.elements == 6)
        #expect(residual.frames == 91)
    }

    /// x(t) of CASpringAnimation (mass 1, stiffness k, damping c, initial velocity v₀), written
    /// out here from the textbook solution rather than taken from the code under test.
    static func caStep(_ t: Double, stiffness k: Double, damping c: Double, v0: Double = 0) -> Double {
        let omega = k.squareRoot()
        let zeta = c / (2 * omega)
        precondition(zeta < 1)
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(omegaD * t) + (zeta * omega - v0) / omegaD * sin(omegaD * t))
    }

    /// Stiffness 120, damping 9: ω = √120 = 10.954 rad/s, f = 1.7434 Hz, ζ = 9/(2√120) = 0.4108.
    static let k = 120.0, c = 9.0
    static var goalFrequency: Double { k.squareRoot() / (2 * Double.pi) }
    static var goalDamping: Double { c / (2 * k.squareRoot()) }

    @Test func theStepResponseIsTheFormulas() throws {
        for (k, c, v0) in [(120.0, 9.0, 0.0), (100.0, 5.0, 3.0), (300.0, 30.0, -2.0)] {
            let spec = try SpringReferenceSpec(parsing: "coreanimation stiffness=\(k) damping=\(c) initialVelocity=\(v0)")
            for t in stride(from: 0.0, through: 2, by: 0.05) {
                #expect(abs(spec.response.value(at: t) - Self.caStep(t, stiffness: k, damping: c, v0: v0)) < 1e-12)
            }
        }
        // Critical and overdamped: d(0) = 1, ḋ(0) = −v₀ and d'' + 2ζω d' + ω² d = 0 by differences.
        for (k, c, v0) in [(100.0, 20.0, 0.0), (100.0, 30.0, 2.0)] {
            let response = try SpringReferenceSpec(parsing: "coreanimation stiffness=\(k) damping=\(c) initialVelocity=\(v0)").response
            let h = 1e-4
            #expect(abs(response.remaining(at: 0) - 1) < 1e-15)
            #expect(abs((response.remaining(at: h) - response.remaining(at: 0)) / h + v0) < 0.01)
            for t in [0.1, 0.3, 0.8] {
                let (a, b, d) = (response.remaining(at: t - h), response.remaining(at: t), response.remaining(at: t + h))
                let residual = (a - 2 * b + d) / (h * h) + c * (d - a) / (2 * h) + k * b
                #expect(abs(residual) < 1e-4 * k, "t \(t): \(residual)")
            }
        }
    }

    /// The curve as a designer's tool exports it: the item's displacement 10·(1 − x(t)) sampled
    /// every 1/100 s (not the 60 Hz clock, so the resampling is exercised), plus noise.
    static func caCurve(noise: Double, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var text = "time,displacement\n"
        for i in 1...140 {
            let t = Double(i) / 100
            let value = singleShift * (1 - caStep(t, stiffness: k, damping: c)) + random.uniform(-noise, noise)
            text += "\(t),\(value)\n"
        }
        return text
    }

    @Test(arguments: [(0.0, 1.0), (0.5, 5.0)])
    func recoversACoreAnimationSpringFromItsCurve(noise: Double, percent: Double) throws {
        let curve = try CurveReference(
            file: "ca.csv", text: Self.caCurve(noise: noise, seed: 7), column: nil,
            element: FitElementKey(kind: .cell, section: 0, item: 0), value: .displacement, shift: 0)
        let result = try Self.fit(Self.single, reference: .curve(curve))
        let (dampingError, frequencyError) = Self.errors(result, damping: Self.goalDamping, frequency: Self.goalFrequency, "CA curve noise \(noise)")
        #expect(dampingError < percent / 100)
        #expect(frequencyError < percent / 100)
        // Frames 1…84 (0.01…1.4 s at 60 Hz) fall within the curve.
        #expect(result.comparison.residual?.points == 84)
    }

    @Test func recoversACoreAnimationSpringFromToSpring() throws {
        let spec = try SpringReferenceSpec(parsing: "coreanimation stiffness=\(Self.k) damping=\(Self.c)")
        let result = try Self.fit(Self.single, reference: .spring(SpringReference(spec: spec, selection: .all)))
        let (dampingError, frequencyError) = Self.errors(result, damping: Self.goalDamping, frequency: Self.goalFrequency, "to-spring")
        #expect(dampingError < 0.01)
        #expect(frequencyError < 0.01)
        // Frames 2…90 after the release frame 1, one element.
        #expect(result.comparison.residual?.points == 89)
    }
}
