import Foundation
import Testing

/// `tether fit`, run as a user would: a reference made by `tether run` at values off the grid is
/// found again, the same bytes for any --jobs, and bad input is one line with its exit code.
@Suite struct FitEndToEndTests {
    /// Six rows dragged and let go (90 frames), and one item released by a programmatic scroll.
    static let list = """
        {"name": "fit-list", "frames": 90, "viewport": {"width": 320, "height": 200},
         "layout": {"type": "flow", "sections": [6], "itemSize": {"width": 320, "height": 44}},
         "dynamics": {"type": "springy", "preset": "vv"},
         "events": [{"frame": 2, "type": "touchDown", "point": {"x": 160, "y": 20}},
                    {"frame": 2, "type": "drag", "by": {"x": 0, "y": -60}, "frames": 8},
                    {"frame": 10, "type": "touchUp"}]}
        """
    static let single = """
        {"name": "fit-single", "frames": 60, "viewport": {"width": 100, "height": 50},
         "layout": {"type": "flow", "sections": [1], "itemSize": {"width": 100, "height": 100}},
         "dynamics": {"type": "springy", "spring": {"length": 0, "damping": 0.5, "frequency": 1},
                      "resistance": 250, "distance": "axis", "tilePadding": null},
         "events": [{"frame": 0, "type": "scroll", "by": {"x": 0, "y": 50}, "frames": 1}]}
        """
    static let vary = ["--vary", "dynamics.spring.damping=0.1:1", "--vary", "dynamics.spring.frequency=0.5:3"]
    static let quick = ["--max-runs", "120", "--grid", "5"]

    static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The value printed for `path` under "best:".
    static func best(_ output: String, _ path: String) -> Double? {
        output.split(separator: "\n").first { $0.hasPrefix("  \(path) ") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Double($0) } }
    }

    @Test func findsTheSpringOfItsOwnRunWithTheSameBytesForAnyJobs() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try Self.write(Self.list, "list.json", in: directory)
        let reference = directory.appendingPathComponent("old.csv").path
        let recorded = try TetherProcess.run([
            "run", scenario, "--set", "dynamics.spring.damping=0.437", "--set", "dynamics.spring.frequency=1.73", "-o", reference,
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let plot = directory.appendingPathComponent("fit.svg").path
        let one = try TetherProcess.run(["fit", scenario] + Self.vary + Self.quick + ["--to", reference, "--plot", plot])
        let two = try TetherProcess.run(["fit", scenario] + Self.vary + Self.quick + ["--to", reference, "--jobs", "2"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
        #expect(one.stdout == two.stdout)
        #expect(one.stderr == two.stderr)
        let output = one.stdoutText
        let damping = try #require(Self.best(output, "dynamics.spring.damping"), "\(output)")
        let frequency = try #require(Self.best(output, "dynamics.spring.frequency"), "\(output)")
        #expect(abs(damping / 0.437 - 1) < 0.01, "\(damping)")
        #expect(abs(frequency / 1.73 - 1) < 0.01, "\(frequency)")
        #expect(output.contains("reference: \(reference), a Tether CSV: 5 elements over 91 frames"))  // the rows in view
        #expect(output.contains("(91 frames, 5 elements)"))
        #expect(output.contains("replay: tether run \(scenario) --set dynamics.spring.damping="))
        #expect(output.contains("UIKit attachment"))
        #expect(one.stderr.hasPrefix("tether: fit: grid: 25 replays (5 × 5)"), "\(one.stderr)")
        // The printed replay count is bounded by --max-runs.
        let replays = output.split(separator: "\n").first { $0.hasPrefix("replays: ") }.flatMap { Int($0.split(separator: " ")[1]) }
        #expect((replays ?? 1000) <= 120)
        let svg = try String(contentsOfFile: plot, encoding: .utf8)
        #expect(svg.components(separatedBy: "stroke-dasharray=\"5 3\" points=").count - 1 == 4)  // four references, dashed
        #expect(svg.contains("fitted</text>"))
    }

    @Test func theCurveOfOneElementIsFollowed() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try Self.write(Self.single, "single.json", in: directory)
        // SwiftUI response 0.5 s, damping fraction 0.6: f = 2 Hz, ζ = 0.6, released from 10 pt at t = 0.
        let omega = 4 * Double.pi, zeta = 0.6
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        var curve = "time,y\n"
        for i in 1...50 {
            let t = Double(i) / 50
            curve += "\(t),\(10 * exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t)))\n"
        }
        let file = try Self.write(curve, "curve.csv", in: directory)
        let result = try TetherProcess.run(["fit", scenario] + Self.vary + Self.quick + ["--to", file, "--element", "0,0"])
        #expect(result.status == 0, "\(result.stderr)")
        let damping = try #require(Self.best(result.stdoutText, "dynamics.spring.damping"))
        let frequency = try #require(Self.best(result.stdoutText, "dynamics.spring.frequency"))
        #expect(abs(damping / 0.6 - 1) < 0.01 && abs(frequency / 2 - 1) < 0.01, "\(damping) \(frequency)")
        #expect(result.stdoutText.contains("a curve of 50 samples: y as the displacement of cell 0.0"))
        // The same spring named as SwiftUI states it.
        let spring = try TetherProcess.run(["fit", scenario] + Self.vary + Self.quick + ["--to-spring", "swiftui response=0.5 dampingFraction=0.6"])
        #expect(spring.status == 0, "\(spring.stderr)")
        let springDamping = try #require(Self.best(spring.stdoutText, "dynamics.spring.damping"))
        #expect(abs(springDamping / 0.6 - 1) < 0.01)
    }

    @Test func badInputIsOneLine() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try Self.write(Self.single, "single.json", in: directory)
        let late = try Self.write("frame,time,section,item,kind,center_x,center_y\n500,8.333333,0,0,cell,50,50\n", "late.csv", in: directory)
        let curve = try Self.write("time,y\n0,1\n1,0\n", "curve.csv", in: directory)
        let spring = ["--to-spring", "uikit frequency=1 damping=0.5"]
        let cases: [([String], Int32, String)] = [
            (Self.vary, 64, "no reference: give --to FILE.csv"),
            (["--vary", "dynamics.tilePadding=10:200"] + spring, 64,
             "--vary dynamics.tilePadding: every value from 10 to 200 gives the same compared motion"),
            (["--vary", "dynamics.spring.damping=-1:1"] + spring, 65,
             "the box of --vary values makes the scenario invalid at dynamics.spring.damping=-1"),
            (Self.vary + ["--to", late], 65, "\(late): no frame and element in common with the replay"),
            (Self.vary + ["--to", curve], 64, "\(curve) is a curve of one element: name it with one --element"),
            (Self.vary + ["--to-spring", "flutter mass=1"], 64, "invalid --to-spring 'flutter mass=1': unknown vocabulary"),
            (["--vary", "dynamics.spring.damping=1:0.1"] + spring, 64, "invalid --vary 'dynamics.spring.damping=1:0.1': dynamics.spring.damping: LOW 1 must be less than HIGH 0.1"),
            (Self.vary + spring + ["--max-runs", "10"], 64, "--max-runs 10 is too few"),
        ]
        for (arguments, status, message) in cases {
            let result = try TetherProcess.run(["fit", scenario] + arguments + ["--max-runs", "100"].filter { _ in !arguments.contains("--max-runs") })
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("tether: fit: ") }
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(lines.first?.hasPrefix("tether: error: \(message)") == true, "\(arguments): \(result.stderr)")
        }
    }
}
