import Foundation
import Testing
import TetherPlatform

/// No command turns what an output path names into something else: a FIFO, a device, a socket
/// or a link stays what it was, a read-only file is refused, an input is never overwritten. Each
/// case runs the built binary in a temporary folder of its own.
@Suite struct OutputSafetyEndToEndTests {
    static let scenario = TetherProcess.packageRoot.appendingPathComponent("scenarios/vv-list.json").path

    /// What `tether run vv-list.json` prints: the bytes every output below must receive.
    static func expectedBytes() throws -> Data {
        let result = try TetherProcess.run(["run", scenario])
        #expect(result.status == 0)
        return result.stdout
    }

    @Test func aFIFOWithAReaderGetsTheBytesAndStaysAFIFO() throws {
        let folder = try TetherProcess.temporaryDirectory().path
        let fifo = folder + "/frames.csv"
        #expect(FileNodes.makeFIFO(fifo))
        let reader = FileNodes.Reader(fifo: fifo)
        let result = try TetherProcess.run(["run", Self.scenario, "-o", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(reader.received() == (try Self.expectedBytes()))
        #expect(FileNodes.kind(fifo) == .fifo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frames.csv"], "no temporary file")
    }

    /// A device node made in the test's folder with the numbers of /dev/null takes the bytes and
    /// stays a device; one with the numbers of /dev/full (Linux has it, macOS not) refuses them
    /// (exit 73) and stays a device too. Making device nodes needs root; other users skip this test.
    @Test(.enabled(if: CurrentProcess.isRoot, "mknod needs root")) func aDeviceNodeStaysADevice() throws {
        let folder = try TetherProcess.temporaryDirectory().path
        let null = folder + "/null"
        let nullNumber = try #require(try FileStatus.of("/dev/null").device)
        #expect(FileNodes.makeCharacterDevice(null, nullNumber))
        let written = try TetherProcess.run(["run", Self.scenario, "-o", null])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileNodes.kind(null) == .characterDevice(nullNumber))
        var made = ["null"]
        if let fullNumber = (try? FileStatus.of("/dev/full"))?.device {
            let full = folder + "/full"
            #expect(FileNodes.makeCharacterDevice(full, fullNumber))
            made.append("full")
            let refused = try TetherProcess.run(["run", Self.scenario, "-o", full])
            #expect(refused.status == 73)
            #expect(refused.stderr == "tether: error: \(full): cannot write: No space left on device\n")
            #expect(FileNodes.kind(full) == .characterDevice(fullNumber))
        }
        // A link to the device is followed to it, and neither is replaced.
        let link = folder + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "null")
        #expect(try TetherProcess.run(["render", Self.scenario, "-o", link, "--format", "svg"]).status == 0)
        #expect(FileNodes.kind(link) == .link)
        #expect(FileNodes.kind(null) == .characterDevice(nullNumber))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == (made + ["link"]).sorted())
    }

    /// In a folder with a short path: a socket's path must fit `sockaddr_un` (104 bytes on
    /// macOS, whose temporary folder alone is some 50).
    @Test func aSocketIsConnectedToAndStaysASocket() throws {
        let folder = try TetherProcess.temporaryDirectory(shortPath: true).path
        let socket = folder + "/frames.sock"
        let reader = try #require(FileNodes.Reader(socket: socket))
        let result = try TetherProcess.run(["run", Self.scenario, "-o", socket])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(reader.received() == (try Self.expectedBytes()))
        #expect(FileNodes.kind(socket) == .socket)
    }

    /// A link stays a link and its target gets the bytes, through chains of links and to a target
    /// that does not exist yet; a link whose target is a folder is refused.
    @Test func aSymbolicLinkStaysALinkAndItsTargetGetsTheBytes() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: folder.appendingPathComponent("sub/target.csv"))
        try FileManager.default.createSymbolicLink(atPath: path("link.csv"), withDestinationPath: "sub/target.csv")
        try FileManager.default.createSymbolicLink(atPath: path("chain.csv"), withDestinationPath: path("link.csv"))
        try FileManager.default.createSymbolicLink(atPath: path("dangling.csv"), withDestinationPath: "sub/new.csv")
        try FileManager.default.createSymbolicLink(atPath: path("to-folder"), withDestinationPath: "sub")
        let expected = try Self.expectedBytes()

        #expect(try TetherProcess.run(["run", Self.scenario, "-o", path("chain.csv")]).status == 0)
        #expect(FileNodes.kind(path("chain.csv")) == .link)
        #expect(FileNodes.kind(path("link.csv")) == .link)
        #expect(try Data(contentsOf: folder.appendingPathComponent("sub/target.csv")) == expected)

        #expect(try TetherProcess.run(["run", Self.scenario, "-o", path("dangling.csv")]).status == 0)
        #expect(FileNodes.kind(path("dangling.csv")) == .link)
        #expect(try Data(contentsOf: folder.appendingPathComponent("sub/new.csv")) == expected)

        let refused = try TetherProcess.run(["run", Self.scenario, "-o", path("to-folder")])
        #expect(refused.status == 73)
        #expect(refused.stderr.hasSuffix("cannot write: links to \(path("sub")), which is a directory\n"), "\(refused.stderr)")
        #expect(FileNodes.kind(path("to-folder")) == .link)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("sub")).sorted() == ["new.csv", "target.csv"])
    }

    /// A link that the kernel follows to standard output (as /dev/stdout does; on Linux through
    /// /dev/fd/1, a link to the process's own descriptor whose text is "pipe:[…]") writes to the
    /// pipe and stays a link. /dev/fd/1 names standard output on Linux and macOS alike.
    @Test func aLinkToStandardOutputWritesToThePipe() throws {
        let folder = try TetherProcess.temporaryDirectory().path
        let link = folder + "/stdout"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/fd/1")
        let result = try TetherProcess.run(["run", Self.scenario, "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try Self.expectedBytes()))
        #expect(FileNodes.kind(link) == .link)
        let dash = try TetherProcess.run(["run", Self.scenario, "-o", "-"])
        #expect(dash.stdout == (try Self.expectedBytes()), "-o - is standard output")
    }

    /// A file with no write permission (0444) is refused and left as it was, even for root (who
    /// is told it is read-only; others that they may not write it); a writable one is replaced
    /// and keeps its mode.
    @Test func aReadOnlyFileIsRefusedAndAReplacedFileKeepsItsMode() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let readOnly = folder.appendingPathComponent("locked.csv")
        try Data("keep".utf8).write(to: readOnly)
        try FileSystem.setPermissions(readOnly.path, 0o444)
        let refused = try TetherProcess.run(["run", Self.scenario, "-o", readOnly.path])
        #expect(refused.status == 73)
        let reason = CurrentProcess.isRoot ? "is read-only (mode 0444)" : "is not writable by you (Permission denied)"
        #expect(refused.stderr.contains("cannot write: \(reason)"), "\(refused.stderr)")
        #expect(try Data(contentsOf: readOnly) == Data("keep".utf8))
        #expect(FileNodes.permissions(readOnly.path) == 0o444)

        let writable = folder.appendingPathComponent("shared.csv")
        try Data("old".utf8).write(to: writable)
        try FileSystem.setPermissions(writable.path, 0o664)
        #expect(try TetherProcess.run(["run", Self.scenario, "-o", writable.path]).status == 0)
        #expect(try Data(contentsOf: writable) == (try Self.expectedBytes()))
        #expect(FileNodes.permissions(writable.path) == 0o664)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["locked.csv", "shared.csv"])
    }

    /// `-o` naming the input, however it is named (itself, ./itself, a symbolic link, a hard link),
    /// is a usage error and the input is not touched; the same for every command and input.
    @Test func anOutputNamingAnInputIsRefused() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.scenario))
        try original.write(to: folder.appendingPathComponent("x.json"))
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: "x.json")
        try FileManager.default.linkItem(atPath: path("x.json"), toPath: path("hard.json"))
        for output in ["x.json", "./x.json", "link.json", "hard.json"] {
            for command in [["run", "x.json", "-o", output], ["run", "x.json", "--contacts", output],
                            ["render", "x.json", "-o", output, "--format", "html"], ["plot", "x.json", "-o", output],
                            ["tune", "x.json", "--vary", "dynamics.spring.damping=0.5,0.9", "-o", output]] {
                let result = try TetherProcess.run(command, in: folder)
                #expect(result.status == 64, "\(command)")
                #expect(result.stderr.contains(": is the scenario x.json; write the output somewhere else"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
            }
        }
        let sweep = try TetherProcess.run(["sweep", "x.json", "--vary", "frames=100,200", "-o", "link.json"], in: folder)
        #expect(sweep.status == 64)
        #expect(try Data(contentsOf: folder.appendingPathComponent("x.json")) == original)
        #expect(FileNodes.kind(path("link.json")) == .link)

        // A shard being merged, and a golden being compared (through --report).
        let shard = try TetherProcess.run(["sweep", "x.json", "--vary", "frames=100,200", "--shard", "0/1", "-o", "shard.csv"], in: folder)
        #expect(shard.status == 0, "\(shard.stderr)")
        let shardBytes = try Data(contentsOf: folder.appendingPathComponent("shard.csv"))
        let merge = try TetherProcess.run(["sweep", "--merge", "shard.csv", "-o", "shard.csv"], in: folder)
        #expect(merge.status == 64)
        #expect(merge.stderr.contains("-o shard.csv: is the shard shard.csv"), "\(merge.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("shard.csv")) == shardBytes)
        try FileManager.default.createDirectory(atPath: path("golden"), withIntermediateDirectories: false)
        try Data("not the golden".utf8).write(to: folder.appendingPathComponent("golden/vv-list.csv"))
        let report = try TetherProcess.run(["check", "x.json", "--golden", "golden", "--report", "golden/vv-list.csv"], in: folder)
        #expect(report.status == 64)
        #expect(report.stderr.contains("--report golden/vv-list.csv: is the golden golden/vv-list.csv"), "\(report.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("golden/vv-list.csv")) == Data("not the golden".utf8))
        // Recording a golden over the scenario it comes from (a scenario kept as NAME.csv).
        try original.write(to: folder.appendingPathComponent("golden/vv-list.csv"))
        let record = try TetherProcess.run(["check", "--record", "golden/vv-list.csv", "--golden", "golden"], in: folder)
        #expect(record.status == 64)
        #expect(try Data(contentsOf: folder.appendingPathComponent("golden/vv-list.csv")) == original)
    }

    /// A custom layout's elements file is an input too: no command's output may replace it,
    /// whichever way the path is written.
    @Test func anOutputNamingAnElementsFileIsRefused() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let layouts = folder.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: false)
        let elements = Data(#"[{"section": 0, "item": 0, "frame": {"x": 10, "y": 10, "width": 100, "height": 50}}]"#.utf8)
        try elements.write(to: layouts.appendingPathComponent("cells.json"))
        let scenario = #"{"name": "one-cell", "frames": 5, "viewport": {"width": 320, "height": 568}, "layout": {"type": "custom", "elementsFile": "layouts/cells.json"}, "dynamics": {"type": "springy"}}"#
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("x.json"))
        for command in [["run", "x.json", "-o", "layouts/cells.json"], ["run", "x.json", "--contacts", "layouts/./cells.json"],
                        ["render", "x.json", "-o", "layouts/cells.json", "--format", "svg"], ["plot", "x.json", "-o", "layouts/cells.json"],
                        ["sweep", "x.json", "--vary", "dynamics.spring.damping=0.5,0.9", "-o", "layouts/cells.json"],
                        ["tune", "x.json", "--vary", "dynamics.spring.damping=0.5,0.9", "-o", "layouts/cells.json"]] {
            let result = try TetherProcess.run(command, in: folder)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("is the elements file layouts/cells.json; write the output somewhere else"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(try Data(contentsOf: layouts.appendingPathComponent("cells.json")) == elements)
        }
        #expect(try TetherProcess.run(["run", "x.json", "-o", "out.csv"], in: folder).status == 0)
    }

    /// Two outputs of one command may not be one file, nor both standard output.
    @Test func twoOutputsMayNotBeTheSameFile() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let same = try TetherProcess.run(["run", Self.scenario, "-o", "a.csv", "--contacts", "./a.csv"], in: folder)
        #expect(same.status == 64)
        #expect(same.stderr.contains("--contacts ./a.csv: is also the output of -o (a.csv)"), "\(same.stderr)")
        let both = try TetherProcess.run(["run", Self.scenario, "--contacts", "-"], in: folder)
        #expect(both.status == 64)
        #expect(both.stderr.contains("-o and --contacts both write to standard output"), "\(both.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// One rule for folders: no command creates them. `run -o` and `check --record --golden`
    /// into a missing folder both fail with 73 and create nothing.
    @Test func noCommandCreatesFolders() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let run = try TetherProcess.run(["run", Self.scenario, "-o", "missing/out.csv"], in: folder)
        #expect(run.status == 73)
        #expect(run.stderr == "tether: error: missing/out.csv: cannot write: is in a folder that does not exist (missing); tether does not create folders\n")
        let record = try TetherProcess.run(["check", "--record", Self.scenario, "--golden", "missing"], in: folder)
        #expect(record.status == 73)
        #expect(record.stderr == "tether: error: missing/vv-list.csv: cannot write: is in a folder that does not exist (missing); tether does not create folders\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A golden is replaced through its link like any output: the link stays.
    @Test func recordingAGoldenThatIsALinkWritesItsTarget() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try FileManager.default.createDirectory(atPath: path("golden"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: path("store"), withIntermediateDirectories: false)
        try Data("stale".utf8).write(to: folder.appendingPathComponent("store/vv-list.csv"))
        try FileManager.default.createSymbolicLink(atPath: path("golden/vv-list.csv"), withDestinationPath: "../store/vv-list.csv")
        let record = try TetherProcess.run(["check", "--record", Self.scenario, "--golden", "golden"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(FileNodes.kind(path("golden/vv-list.csv")) == .link)
        #expect(try Data(contentsOf: folder.appendingPathComponent("store/vv-list.csv")) == (try Self.expectedBytes()))
    }
}
