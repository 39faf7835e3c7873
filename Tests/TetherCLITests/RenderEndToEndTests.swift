import Foundation
import Testing

/// `tether render`, `tether plot` and `tether check --report` run as a user would, and the HTML
/// player in a real headless Chromium when one is installed.
@Suite struct RenderEndToEndTests {
    @Test func renderWritesHTMLAndSVGIdenticallyEveryTime() throws {
        let directory = try TetherProcess.temporaryDirectory()
        for name in ["a.html", "b.html", "a.svg", "b.svg"] {
            let result = try TetherProcess.run(["render", "scenarios/rubber-band-end.json", "-o", directory.appendingPathComponent(name).path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let html = try Data(contentsOf: directory.appendingPathComponent("a.html"))
        let svg = try Data(contentsOf: directory.appendingPathComponent("a.svg"))
        #expect(html == (try Data(contentsOf: directory.appendingPathComponent("b.html"))))
        #expect(svg == (try Data(contentsOf: directory.appendingPathComponent("b.svg"))))
        #expect(String(decoding: html, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
        #expect(String(decoding: svg, as: UTF8.self).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        // Nothing but the two pictures was left behind (writes are atomic).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["a.html", "a.svg", "b.html", "b.svg"])
    }

    @Test func renderPlotSweepAndBenchWorkOnCustomLayouts() throws {
        let directory = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["circle-layout", "card-stack", "from-output"] {
            let svg = directory.appendingPathComponent("\(name).svg").path
            let render = try TetherProcess.run(["render", "scenarios/\(name).json", "-o", svg])
            #expect(render.status == 0, "\(render.stderr)")
            let plot = try TetherProcess.run(["plot", "scenarios/\(name).json", "-o", directory.appendingPathComponent("\(name)-plot.svg").path])
            #expect(plot.status == 0, "\(plot.stderr)")
        }
        // The circle's ring (a decoration) comes first in the picture, under the cells.
        let circle = try String(contentsOfFile: directory.appendingPathComponent("circle-layout.svg").path, encoding: .utf8)
        let ring = try #require(circle.range(of: "decoration 0.0"))
        let firstCell = try #require(circle.range(of: "cell 0.0"))
        #expect(ring.lowerBound < firstCell.lowerBound)
        // Translucent elements are drawn with the layout's alpha; opaque ones carry no opacity.
        #expect(circle.contains(##"data-key="decoration 0.0" fill="#d7dbe0" opacity="0.5""##))
        #expect(circle.contains(##"data-key="cell 0.0" fill="#f28e2b">"##))
        let cards = try String(contentsOfFile: directory.appendingPathComponent("card-stack.svg").path, encoding: .utf8)
        #expect(cards.contains(##"data-key="cell 0.0" fill="#f28e2b" opacity="0.64""##))
        #expect(cards.contains(##"data-key="cell 0.9" fill="#f28e2b" visibility="hidden">"##))
        let sweep = try TetherProcess.run(["sweep", "scenarios/card-stack.json", "--vary", "dynamics.spring.damping=0.5,0.9"])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdoutText.split(separator: "\n").count == 3)
        let bench = try TetherProcess.run(["bench", "scenarios/circle-layout.json", "--repeat", "1"])
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(bench.stdoutText.contains("load:"))
    }

    @Test func renderRejectsAnUnknownExtensionAndBadOptions() throws {
        let noFormat = try TetherProcess.run(["render", "scenarios/vv-list.json", "-o", "/tmp/x.png"])
        #expect(noFormat.status == 64)
        #expect(noFormat.stderr.contains("name it .html or .svg"))
        let badEvery = try TetherProcess.run(["render", "scenarios/vv-list.json", "--every", "0"])
        #expect(badEvery.status == 64)
        let missing = try TetherProcess.run(["render", "scenarios/nope.json", "-o", "/tmp/x.html"])
        #expect(missing.status == 66)
    }

    @Test func plotWritesAChartOfTheChosenItems() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("plot.svg").path
        let result = try TetherProcess.run(["plot", "scenarios/ash-drag-fling.json", "-o", path, "--items", "0,5,60", "--column", "center_y"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in ["cell 0.0", "cell 0.5", "cell 0.60"] { #expect(text.contains("data-key=\"\(key)\"")) }
        #expect(text.contains("time (s)"))
        #expect(text.contains("displacement of center_y (pt)"))
        let unknown = try TetherProcess.run(["plot", "scenarios/vv-list.json", "--items", "500"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("the layout has no cell 0.500"))
        let garbage = try TetherProcess.run(["plot", "scenarios/vv-list.json", "--items", "a,b"])
        #expect(garbage.status == 64)
    }

    @Test func checkWritesAReportOfTheFailedScenario() throws {
        let directory = try TetherProcess.temporaryDirectory()
        // A golden whose cell 0.4 sits 12 pt lower in frames 40…60.
        let golden = try String(contentsOf: TetherProcess.packageRoot.appendingPathComponent("golden/vv-list.csv"), encoding: .utf8)
        let changed = golden.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 12, let frame = Int(f[0]), (40...60).contains(frame), f[3] == "4", f[4] == "cell" else { return String(line) }
            f[6] = String(format: "%.3f", Double(f[6])! + 12)
            return f.joined(separator: ",")
        }
        try changed.joined(separator: "\n").write(to: directory.appendingPathComponent("vv-list.csv"), atomically: true, encoding: .utf8)
        let report = directory.appendingPathComponent("report.html").path
        let result = try TetherProcess.run(["check", "scenarios/vv-list.json", "scenarios/rubber-band-end.json", "--golden", directory.path, "--report", report])
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("report: \(report)"))
        let html = try String(contentsOfFile: report, encoding: .utf8)
        // vv-list (mismatch) and rubber-band-end (missing golden) each get a player.
        #expect(html.components(separatedBy: "class=\"tether-data\"").count == 3)
        #expect(html.contains("\"name\": \"golden\", \"ghost\": true"))
        #expect(html.contains("largest difference from the golden"))
        #expect(html.contains("21 rows differ"))
        let withRecord = try TetherProcess.run(["check", "--record", "--report", report])
        #expect(withRecord.status == 64)
    }

    @Test func renderDrawsAWorldSceneAndPlotStillRefusesOne() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let svg = directory.appendingPathComponent("x.svg").path
        let result = try TetherProcess.run(["render", "scenarios/card-drop-shelf.json", "-o", svg])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("<g data-key=\"item 0.0\""))
        #expect(text.contains(">card</text>"))
        #expect(text.contains("data-key=\"boundary shelf\""))
        let html = directory.appendingPathComponent("x.html").path
        #expect(try TetherProcess.run(["render", "scenarios/newtons-cradle.json", "-o", html]).status == 0)
        let plot = try TetherProcess.run(["plot", "scenarios/card-drop-shelf.json", "-o", directory.appendingPathComponent("p.svg").path])
        #expect(plot.status == 64)
        #expect(plot.stderr.contains("is a world scene"))
    }

    // MARK: - A real browser

    /// Chromium from the system packages (`apt-get install chromium`), if installed.
    static let chromium: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// Loads the page in headless Chromium and returns the DOM after its scripts ran.
    static func dumpDOM(_ url: String) throws -> String {
        let profile = try TetherProcess.temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments = [
            "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile.path)",
            "--dump-dom", url,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try TetherProcess.discardedOutput(in: profile)
        try process.run()
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: timer)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return String(decoding: data, as: UTF8.self)
    }

    /// The drawn cells of a dumped page: key → (x, y, width, height) of each `<rect data-key>`
    /// whose display is not none (the first player's solid track).
    static func drawnCells(_ dom: String, kind: String = "cell") -> [String: [Double]] {
        var cells: [String: [Double]] = [:]
        let rect = try! NSRegularExpression(pattern: "<rect [^>]*data-key=\"(\(kind) [0-9.]+)\"[^>]*>")
        for match in rect.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)) {
            let tag = String(dom[Range(match.range, in: dom)!])
            let key = String(dom[Range(match.range(at: 1), in: dom)!])
            func attribute(_ name: String) -> String? {
                guard let r = tag.range(of: " \(name)=\"") else { return nil }
                return String(tag[r.upperBound...].prefix { $0 != "\"" })
            }
            guard attribute("display") != "none" else { continue }
            cells[key] = ["x", "y", "width", "height"].map { attribute($0).flatMap(Double.init) ?? .nan }
        }
        return cells
    }

    /// The cells `tether run` prints for one frame: key → (center x, center y, width, height).
    static func csvCells(_ csv: String, frame: Int, kind: String = "cell") -> [String: [Double]] {
        var cells: [String: [Double]] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            guard Int(f[0]) == frame, f[4] == kind else { continue }
            cells["\(kind) \(f[2]).\(f[3])"] = [5, 6, 7, 8].map { Double(f[$0])! }
        }
        return cells
    }

    @Test(
        "The player in headless Chromium draws each cell where the CSV puts it",
        .enabled(if: chromium != nil, "no Chromium found on PATH (install Debian's `chromium` package to run this test)"),
        .timeLimit(.minutes(5)))
    func headlessChromiumShowsTheCSVPositions() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let scenario = "scenarios/ash-drag-fling.json"
        let csv = try TetherProcess.run(["run", scenario]).stdoutText
        let page = directory.appendingPathComponent("player.html").path
        #expect(try TetherProcess.run(["render", scenario, "-o", page]).status == 0)
        let paused = directory.appendingPathComponent("paused.html").path
        #expect(try TetherProcess.run(["render", scenario, "-o", paused, "--start-frame", "120"]).status == 0)

        // Frame 37 (mid-fling) through the URL, frame 120 through --start-frame.
        for (url, frame) in [("file://\(page)#frame=37", 37), ("file://\(paused)", 120)] {
            let dom = try Self.dumpDOM(url)
            #expect(dom.contains("data-frame=\"\(frame)\""), "the page did not show frame \(frame)")
            let drawn = Self.drawnCells(dom)
            let expected = Self.csvCells(csv, frame: frame)
            #expect(expected.count > 20)
            #expect(drawn.keys.sorted() == expected.keys.sorted(), "frame \(frame)")
            for (key, e) in expected {
                guard let d = drawn[key] else { continue }
                #expect(abs(d[0] + d[2] / 2 - e[0]) <= 0.011 && abs(d[1] + d[3] / 2 - e[1]) <= 0.011, "frame \(frame) \(key): drawn \(d), CSV \(e)")
                #expect(d[2] == e[2] && d[3] == e[3])
            }
        }
    }

    @Test(
        "The player in headless Chromium draws each world item where the CSV puts it",
        .enabled(if: chromium != nil, "no Chromium found on PATH (install Debian's `chromium` package to run this test)"),
        .timeLimit(.minutes(5)))
    func headlessChromiumShowsAWorldSceneAtTheCSVPositions() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let scenario = "scenarios/newtons-cradle.json"
        let csv = try TetherProcess.run(["run", scenario, "--items", "all"]).stdoutText
        let page = directory.appendingPathComponent("cradle.html").path
        #expect(try TetherProcess.run(["render", scenario, "--items", "all", "-o", page]).status == 0)
        let frame = 30
        let dom = try Self.dumpDOM("file://\(page)#frame=\(frame)")
        #expect(dom.contains("data-frame=\"\(frame)\""), "the page did not show frame \(frame)")
        let drawn = Self.drawnCells(dom, kind: "item")
        let expected = Self.csvCells(csv, frame: frame, kind: "item")
        #expect(expected.count == 5)
        #expect(drawn.keys.sorted() == expected.keys.sorted())
        for (key, e) in expected {
            guard let d = drawn[key] else { continue }
            #expect(abs(d[0] + d[2] / 2 - e[0]) <= 0.011 && abs(d[1] + d[3] / 2 - e[1]) <= 0.011, "frame \(frame) \(key): drawn \(d), CSV \(e)")
            #expect(d[2] == e[2] && d[3] == e[3])
        }
        // Five attachments drawn from their anchors, no boundaries.
        #expect(dom.components(separatedBy: "class=\"attachment\"").count - 1 == 5)
        #expect(!dom.contains("class=\"boundary\""))
    }
}
