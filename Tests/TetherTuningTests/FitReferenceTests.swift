import Testing
import TetherPhysics
import TetherScenario
@testable import TetherTuning

/// Reading references: the `run` CSV, curves and resampling, spring specs.
@Suite struct FitReferenceTests {
    static let header = CSVFrameWriter.headerLine

    @Test func aTetherCSVKeepsTheSelectedElementsFrameByFrame() throws {
        let text = """
            \(Self.header)
            0,0.000000,0,0,viewport,160.000,100.000,320.000,200.000,0.000000,1.000,0
            0,0.000000,0,0,header,160.000,10.000,320.000,20.000,0.000000,1.000,0
            0,0.000000,0,0,cell,160.000,42.000,320.000,44.000,0.000000,1.000,0
            0,0.000000,0,1,cell,160.000,96.000,320.000,44.000,0.000000,1.000,0
            2,0.033333,0,1,cell,160.000,97.500,320.000,44.000,0.000000,1.000,0

            """
        let all = try TrajectoryReference(file: "r.csv", text: text, selection: .all)
        #expect(all.frames.map(\.index) == [0, 2])
        #expect(all.elementCount == 3)  // header 0.0, cell 0.0, cell 0.1; never the viewport
        #expect(all.frames[0].rows.map(\.key.kind) == [.header, .cell, .cell])
        let cells = try TrajectoryReference(file: "r.csv", text: text, selection: FitSelection(kinds: [.cell], paths: [.init(section: 0, item: 1)]))
        #expect(cells.elementCount == 1)
        #expect(cells.frames.map { $0.rows.count } == [1, 1])
        #expect(cells.frames[1].rows[0].center.y == 97.5)
        try all.check(hz: 60)
        let clock = try #require(throws: FitError.self) { try all.check(hz: 30) }
        #expect(clock.message.hasPrefix("r.csv: line 6: frame 2 is at time 0.033333 s, but at 30 Hz"), "\(clock.message)")
    }

    @Test(arguments: [
        ("frame,time,section\n", "r.csv: line 1: no column item"),
        ("\(header)\n0,0.000000,0,0,cell,abc,1.000,1,1,0,1,0\n", "r.csv: line 2: center_x: \"abc\" is not a finite number"),
        ("\(header)\n0,0.000000,0,0,cel,1,1,1,1,0,1,0\n", "r.csv: line 2: kind: unknown kind \"cel\""),
        ("\(header)\n0,0.000000,0,0,cell,1,1\n", "r.csv: line 2: 7 fields, the header has 12"),
        ("\(header)\n0,0.000000,0,0,viewport,1,1,1,1,0,1,0\n", "r.csv: no rows to compare"),
    ])
    func aBrokenTetherCSVIsOneLine(text: String, message: String) {
        let error = #expect(throws: FitError.self) { try TrajectoryReference(file: "r.csv", text: text, selection: .all) }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        #expect(error?.kind == .data)
    }

    static let cell = FitElementKey(kind: .cell, section: 0, item: 0)

    @Test func aCurveIsReadLinearlyBetweenSamplesAndNotOutsideThem() throws {
        let curve = try CurveReference(
            file: "c.csv", text: "time,y\n0.1,10\n0.2,4\n0.25,5\n", column: nil, element: Self.cell, value: .displacement, shift: 0)
        #expect(curve.sample(at: 0.05) == nil)
        #expect(curve.sample(at: 0.1) == 10)
        #expect(abs(curve.sample(at: 0.15)! - 7) < 1e-12)
        #expect(curve.sample(at: 0.2) == 4)
        #expect(abs(curve.sample(at: 0.24)! - 4.8) < 1e-12)
        #expect(curve.sample(at: 0.25) == 5)
        #expect(curve.sample(at: 0.26) == nil)
    }

    @Test(arguments: [
        ("y,z\n1,2\n", nil as String?, "c.csv: line 1: no column time"),
        ("time,y,z\n0,1,2\n1,1,2\n", nil, "c.csv has the columns y, z besides time: pick the value with --column NAME"),
        ("time,y\n0,1\n1,2\n", "z", "--column z: c.csv has no such column (its columns: time, y)"),
        ("time,y\n0,1\n0,2\n", nil, "c.csv: line 3: time 0 does not follow 0; times must increase"),
        ("time,y\n0,1\n", nil, "c.csv: 1 sample; a curve needs at least 2"),
        ("time,y\n0,1\n0.5,x\n", nil, "c.csv: line 3: y: \"x\" is not a finite number"),
    ])
    func aBrokenCurveIsOneLine(text: String, column: String?, message: String) {
        let error = #expect(throws: FitError.self) {
            try CurveReference(file: "c.csv", text: text, column: column, element: Self.cell, value: .displacement, shift: 0)
        }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }

    @Test func springSpecsReadEachVocabulary() throws {
        let swiftUI = try SpringReferenceSpec(parsing: "swiftui response=0.5 dampingFraction=0.7")
        #expect(abs(swiftUI.response.spring.frequency - 2) < 1e-12)
        #expect(abs(swiftUI.response.spring.dampingRatio - 0.7) < 1e-12)
        let ca = try SpringReferenceSpec(parsing: "coreanimation,mass=2,stiffness=200,damping=20,initialVelocity=1.5")
        #expect(abs(ca.response.spring.naturalAngularFrequency - 10) < 1e-12)
        #expect(abs(ca.response.spring.dampingRatio - 0.5) < 1e-12)
        #expect(ca.response.initialVelocity == 1.5)
        let origami = try SpringReferenceSpec(parsing: "origami tension=40 friction=7")
        #expect(origami.response.spring.stiffness == (40 - 30) * 3.62 + 194)
        #expect(origami.response.spring.damping == (7 - 8) * 3 + 25)
        #expect(try SpringReferenceSpec(parsing: "uikit frequency=2 damping=0.5").response.spring.frequency == 2)
        #expect(try SpringReferenceSpec(parsing: "rebound tension=100 friction=10").response.spring.stiffness == 100)
        #expect(throws: SweepSpecError.self) { try SpringReferenceSpec(parsing: "swiftui response=0.5") }
        #expect(throws: SweepSpecError.self) { try SpringReferenceSpec(parsing: "flutter mass=1") }
        #expect(throws: SweepSpecError.self) { try SpringReferenceSpec(parsing: "uikit frequency=2 damping=0.5 mass=3") }
        #expect(throws: SweepSpecError.self) { try SpringReferenceSpec(parsing: "uikit frequency=-2 damping=0.5") }
    }
}
