import Foundation
import Testing

/// `tether tune` as a user runs it, and its page driven through the DOM in headless Chromium.
@Suite struct TuneEndToEndTests {
    static let scenario = "scenarios/ash-drag-fling.json"
    /// The grid's values as the page labels them (and `--set` reads them).
    static let damping = ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"]
    static let frequency = ["0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"]
    static let grid = ["--vary", "dynamics.spring.damping=0.1:1.0:0.1", "--vary", "dynamics.spring.frequency=0.5:5:0.5"]

    /// The 10 × 10 page of the issue, written once for the browser tests.
    static let page: Result<(path: String, stderr: String), Error> = Result {
        let directory = try TetherProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("tune.html").path
        let result = try TetherProcess.run(["tune", scenario] + grid + ["--jobs", "2", "-o", path])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
        return (path, result.stderr)
    }

    @Test func aTenByTenGridOfAshDragFlingIsOnePageUnderThreeMegabytes() throws {
        let (path, stderr) = try Self.page.get()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(size < 3_000_000, "\(size) bytes")
        // stderr is not a terminal here: no progress line, only the note that the bundled fling
        // is still coasting when its 240 frames end.
        #expect(stderr == "tether: note: 100 of 100 runs never settle within the scenario's frames (the heatmap of settle reads never); lengthen them with --set frames=N\n")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Self-contained: nothing loaded from elsewhere.
        for reference in ["src=", "href=", "http://", "https://", "@import"] {
            let hits = html.components(separatedBy: reference).count - 1
            let allowed = reference == "http://" ? html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1 : 0
            #expect(hits == allowed, "\(reference)")
        }
    }

    @Test func thePageIsTheSameBytesForAnyJobCount() throws {
        let directory = try TetherProcess.temporaryDirectory()
        var pages: [Data] = []
        for jobs in ["1", "2"] {
            let path = directory.appendingPathComponent("tune-\(jobs).html").path
            let result = try TetherProcess.run(["tune", "scenarios/vv-list.json", "--vary", "dynamics.spring.damping=0.2,0.5,0.9", "--vary", "dynamics.resistance=200,800", "--jobs", jobs, "-o", path])
            #expect(result.status == 0, "\(result.stderr)")
            pages.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(pages[0] == pages[1])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["tune-1.html", "tune-2.html"])
    }

    @Test func refusalsSayWhyWithTheirExitCodes() throws {
        /// `oneLine`: the error is all of stderr (usage errors add the usage line).
        func check(_ arguments: [String], _ status: Int32, _ message: String, oneLine: Bool = true) throws {
            let result = try TetherProcess.run(["tune"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("tether: error: "), "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            if oneLine { #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)") }
            #expect(result.stdout.isEmpty)
        }
        try check(["scenarios/card-drop-shelf.json", "--vary", "frames=100,200"], 64, "scenarios/card-drop-shelf.json is a world scene; 'tune' draws layout scenes only")
        try check([Self.scenario, "--vary", "layout.sectionInset.left=10,12"], 64, "combination 1 (layout.sectionInset.left=12) changes the size or the place of cell 0.0")
        try check([Self.scenario, "--vary", "frames=100,200"], 64, "combination 1 (frames=200) changes the frame count")
        try check([Self.scenario, "--vary", "dynamics.spring.damping=0.5,-1"], 65, "combination 1 (dynamics.spring.damping=-1) makes the scenario invalid")
        try check(["scenarios/nope.json", "--vary", "dynamics.spring.damping=0.5"], 66, "scenarios/nope.json")
        try check([Self.scenario], 64, "nothing to tune", oneLine: false)
        try check([Self.scenario, "--vary", "dynamics.spring.damping=0.1:1.3:0.1"], 64, "--vary dynamics.spring.damping has 13 values; a tuning page takes at most 12 per parameter", oneLine: false)
        try check([Self.scenario, "--vary", "a=1,2", "--vary", "b=1,2", "--vary", "c=1,2"], 64, "a tuning page takes one or two --vary parameters, got 3", oneLine: false)
        try check([Self.scenario, "--vary", "dynamics.spring.damping=0.1:0.5"], 64, "invalid --vary", oneLine: false)
        try check([Self.scenario, "--vary", "dynamics.spring.damping=0.5", "--jobs", "0"], 64, "--jobs", oneLine: false)
    }

    @Test(.enabled(if: ExternalTools.utilLinuxScript != nil, "needs util-linux `script` (`script --version` says util-linux) for a pseudo-terminal"))
    func aTerminalSeesProgressWhileTheGridRuns() throws {
        // `script` runs tether on a pseudo-terminal (its own typescript goes to the test's folder).
        let directory = try TetherProcess.temporaryDirectory()
        let page = directory.appendingPathComponent("t.html").path
        let command = "\(TetherProcess.executable.path) tune \(Self.scenario) --vary dynamics.spring.damping=0.3,0.6,0.9 -o \(page)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ExternalTools.utilLinuxScript))
        process.arguments = ["-qec", command, directory.appendingPathComponent("typescript").path]
        process.currentDirectoryURL = TetherProcess.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = try TetherProcess.emptyInput()
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("tune: 3/3 runs"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: page))
    }

    // MARK: - In a browser

    static var chromium: String? { RenderEndToEndTests.chromium }

    /// Loads the page with `script` run right after the page's own (through the DOM only, as a
    /// person's clicks would) and returns the DOM after it.
    static func dump(_ path: String, hash: String = "", script: String) throws -> String {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let driven = (path as NSString).deletingLastPathComponent + "/driven-\(UUID().uuidString).html"
        let injected = html.replacingOccurrences(of: "</body>", with: "<script>\n\(script)\n</script>\n</body>")
        try injected.write(toFile: driven, atomically: true, encoding: .utf8)
        return try RenderEndToEndTests.dumpDOM("file://\(driven)\(hash)")
    }

    /// The DOM-driving helpers the scripts below use.
    static let helpers = """
        const $ = (s) => document.querySelector(s);
        function pause() { if ($(".play").textContent === "pause") $(".play").click(); }
        function slide(selector, value) { const s = $(selector); s.value = value; s.dispatchEvent(new Event("input")); }
        function choose(selector, value) { const s = $(selector); s.value = value; s.dispatchEvent(new Event("change")); }
        function log(key, value) { const pre = $("#test-log") || document.body.appendChild(Object.assign(document.createElement("pre"), { id: "test-log" })); pre.setAttribute("data-" + key, String(value)); }
        """

    /// The inside of `<g … data-track="NAME" …>` on the stage `stage` ("A" or "B").
    static func layer(_ dom: String, stage: String, track: String) -> (point: Int?, cells: [String: [Double]]) {
        guard let svgStart = dom.range(of: "data-stage=\"\(stage)\"") else { return (nil, [:]) }
        let svg = dom[svgStart.upperBound...]
        let svgText = String(svg[..<(svg.range(of: "</svg>")?.lowerBound ?? svg.endIndex)])
        guard let open = svgText.range(of: "data-track=\"\(track)\"") else { return (nil, [:]) }
        let tagEnd = svgText[open.upperBound...].firstIndex(of: ">")!
        let tag = String(svgText[open.upperBound..<tagEnd])
        let point = tag.range(of: "data-point=\"").flatMap { Int(tag[$0.upperBound...].prefix { $0 != "\"" }) }
        let body = svgText[tagEnd...]
        let inside = String(body[..<(body.range(of: "</g>")?.lowerBound ?? body.endIndex)])
        return (point, RenderEndToEndTests.drawnCells(inside))
    }

    static func attribute(_ dom: String, _ name: String, of marker: String) -> String? {
        guard let at = dom.range(of: marker) else { return nil }
        let tagStart = dom[..<at.lowerBound].lastIndex(of: "<")!
        let tag = dom[tagStart..<(dom[at.upperBound...].firstIndex(of: ">") ?? dom.endIndex)]
        guard let r = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[r.upperBound...].prefix { $0 != "\"" })
    }

    /// `tether run` of grid point (i, j), at `frame`.
    static func csv(_ i: Int, _ j: Int, frame: Int) throws -> [String: [Double]] {
        let run = try TetherProcess.run(["run", scenario, "--set", "dynamics.spring.damping=\(damping[i])", "--set", "dynamics.spring.frequency=\(frequency[j])"])
        return RenderEndToEndTests.csvCells(run.stdoutText, frame: frame)
    }

    static func expectSame(_ drawn: [String: [Double]], _ expected: [String: [Double]], _ what: String, atLeast: Int = 20) {
        #expect(expected.count >= atLeast, "\(what)")
        #expect(drawn.keys.sorted() == expected.keys.sorted(), "\(what): drawn and CSV cells differ")
        for (key, e) in expected {
            guard let d = drawn[key] else { continue }
            #expect(abs(d[0] + d[2] / 2 - e[0]) <= 0.01 && abs(d[1] + d[3] / 2 - e[1]) <= 0.01, "\(what) \(key): drawn \(d), CSV \(e)")
        }
    }

    @Test(
        "Sliders set through the DOM and frame steps draw the CSV of that grid point",
        .enabled(if: chromium != nil, "no Chromium found on PATH (install Debian's `chromium` package to run this test)"),
        .timeLimit(.minutes(5)))
    func slidersAndStepsDrawTheCSVOfThePoint() throws {
        let (path, _) = try Self.page.get()
        for (i, j, k) in [(2, 7, 45), (9, 0, 31), (0, 9, 160)] {
            let dom = try Self.dump(path, script: Self.helpers + """
                log("loaded-ms", performance.now().toFixed(1));
                pause();
                slide(".frame", 0);   // the page may have played a few frames before this script ran
                slide("#axis-0", \(i)); slide("#axis-1", \(j));
                for (let n = 0; n < \(k); n++) $(".forward").click();
                pause();
                """)
            let what = "point (\(i), \(j)) frame \(k)"
            #expect(Self.attribute(dom, "data-frame", of: "data-stage=\"B\"") == "\(k)", "\(what)")
            let b = Self.layer(dom, stage: "B", track: "B")
            #expect(b.point == i * 10 + j, "\(what)")
            Self.expectSame(b.cells, try Self.csv(i, j, frame: k), what)
            // Nothing pinned: no ghost drawn.
            #expect(Self.layer(dom, stage: "B", track: "A").cells.isEmpty)
            // The setting, as flags and as the command that prints the exact CSV.
            let flags = "--set dynamics.spring.damping=\(Self.damping[i]) --set dynamics.spring.frequency=\(Self.frequency[j])"
            #expect(dom.contains("<pre class=\"set\">\(flags)</pre>"), "\(what)")
            #expect(dom.contains("<pre class=\"command\">tether run scenarios/ash-drag-fling.json \(flags) -o ash-drag-fling-\(i * 10 + j).csv</pre>"), "\(what)")
            if let loaded = Self.attribute(dom, "data-loaded-ms", of: "id=\"test-log\"") {
                print("tune page (100 points, \(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int) bytes): scripts done \(loaded) ms after navigation start")
            }
        }
    }

    @Test(
        "A pinned point is drawn as a ghost over the current one, and side by side, on the same clock",
        .enabled(if: chromium != nil, "no Chromium found on PATH (install Debian's `chromium` package to run this test)"),
        .timeLimit(.minutes(5)))
    func pinnedAndCurrentPointsAreDrawnTogether() throws {
        let (path, _) = try Self.page.get()
        let frame = 100
        let pinned = (8, 1), current = (3, 5)
        let expectedA = try Self.csv(pinned.0, pinned.1, frame: frame)
        let expectedB = try Self.csv(current.0, current.1, frame: frame)
        for mode in ["ghost", "side"] {
            let dom = try Self.dump(path, script: Self.helpers + """
                pause();
                slide("#axis-0", \(pinned.0)); slide("#axis-1", \(pinned.1));
                $(".pin").click();
                slide("#axis-0", \(current.0)); slide("#axis-1", \(current.1));
                choose(".mode", "\(mode)");
                slide(".frame", \(frame));
                """)
            let b = Self.layer(dom, stage: "B", track: "B")
            #expect(b.point == current.0 * 10 + current.1)
            Self.expectSame(b.cells, expectedB, "\(mode): B")
            let a = mode == "ghost" ? Self.layer(dom, stage: "B", track: "A") : Self.layer(dom, stage: "A", track: "A")
            #expect(a.point == pinned.0 * 10 + pinned.1)
            Self.expectSame(a.cells, expectedA, "\(mode): A")
            #expect(Self.attribute(dom, "data-frame", of: "data-stage=\"B\"") == "\(frame)")
            if mode == "side" {
                #expect(Self.attribute(dom, "data-frame", of: "data-stage=\"A\"") == "\(frame)")
                #expect(Self.layer(dom, stage: "B", track: "A").cells.isEmpty, "side by side draws no ghost")
                #expect(!dom.contains("<figure class=\"stage-a\" hidden"))
            } else {
                #expect(dom.contains("<figure class=\"stage-a\" hidden"))
            }
            #expect(dom.contains("A: dynamics.spring.damping=0.9, dynamics.spring.frequency=1"))
        }
    }

    @Test(
        "A heatmap click selects its point, mid-play, at the same frame",
        .enabled(if: chromium != nil, "no Chromium found on PATH (install Debian's `chromium` package to run this test)"),
        .timeLimit(.minutes(5)))
    func aHeatmapClickSelectsItsPoint() throws {
        let (path, _) = try Self.page.get()
        let dom = try Self.dump(path, script: Self.helpers + """
            pause();
            slide(".frame", 150);
            $(".play").click();
            $('.heat .cell[data-point="64"]').click();
            log("playing", $(".play").textContent);
            log("frame", $('svg[data-stage="B"]').getAttribute("data-frame"));
            pause();
            """)
        #expect(Self.attribute(dom, "data-playing", of: "id=\"test-log\"") == "pause", "the replay kept playing")
        #expect(Self.attribute(dom, "data-frame", of: "id=\"test-log\"") == "150", "the switch kept the frame")
        #expect(Self.layer(dom, stage: "B", track: "B").point == 64)
        #expect(dom.contains("B: dynamics.spring.damping=0.7, dynamics.spring.frequency=2.5"))
        #expect(dom.contains("<button type=\"button\" class=\"cell current\" data-point=\"64\""))
        #expect(dom.components(separatedBy: "class=\"cell current\"").count == 2, "exactly one current cell")
        // The sliders moved with the click (DOM properties are not attributes: read the outputs).
        let outputs = dom.components(separatedBy: "<output>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(outputs == ["0.7", "2.5"])
    }

    @Test(
        "A one-parameter page follows the keyboard: parameter, pin, frames",
        .enabled(if: chromium != nil, "no Chromium found on PATH (install Debian's `chromium` package to run this test)"),
        .timeLimit(.minutes(5)))
    func aOneParameterPageFollowsTheKeyboard() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("vv.html").path
        let result = try TetherProcess.run(["tune", "scenarios/vv-list.json", "--vary", "dynamics.spring.damping=0.2,0.5,0.8", "-o", path])
        #expect(result.status == 0, "\(result.stderr)")
        let dom = try Self.dump(path, script: Self.helpers + """
            pause();
            slide(".frame", 0);   // the page may have played a few frames before this script ran
            function key(k) { document.body.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); }
            key("ArrowDown"); key("ArrowDown"); key("ArrowDown");   // 0.5 (the middle) → 0.8, and no further
            key("p");                                               // pin 0.8 as A
            key("ArrowUp");                                         // B: 0.5
            for (let n = 0; n < 30; n++) key("ArrowRight");
            """)
        func csv(_ damping: String) throws -> [String: [Double]] {
            RenderEndToEndTests.csvCells(try TetherProcess.run(["run", "scenarios/vv-list.json", "--set", "dynamics.spring.damping=\(damping)"]).stdoutText, frame: 30)
        }
        #expect(Self.attribute(dom, "data-frame", of: "data-stage=\"B\"") == "30")
        let b = Self.layer(dom, stage: "B", track: "B"), a = Self.layer(dom, stage: "B", track: "A")
        #expect(b.point == 1 && a.point == 2)
        Self.expectSame(b.cells, try csv("0.5"), "B (damping 0.5)", atLeast: 8)
        Self.expectSame(a.cells, try csv("0.8"), "A ghost (damping 0.8)", atLeast: 8)
        // One parameter: a single row of three cells.
        #expect(dom.components(separatedBy: "class=\"cell").count - 1 == 3)
    }
}
