import Foundation
import Testing

/// The pictures of the docs are what Tether draws today: every `tether render|plot … -o
/// docs/images/NAME` (or `tether fit … --plot docs/images/NAME`) command docs/pictures.md shows is run again, and its output must equal the
/// committed picture byte for byte. A change to the physics, a layout or the drawing that moves a
/// picture fails here until the picture is regenerated with the command shown beside it.
@Suite struct DocPicturesEndToEndTests {
    /// One command of docs/pictures.md that draws a committed picture.
    struct PictureCommand: CustomStringConvertible {
        var arguments: [String]
        var picture: String
        var description: String { (["tether"] + arguments).joined(separator: " ") }
    }

    /// The commands, in the order docs/pictures.md shows them (each picture once).
    static func pictureCommands() throws -> [PictureCommand] {
        let page = try String(contentsOf: TetherProcess.packageRoot.appendingPathComponent("docs/pictures.md"), encoding: .utf8)
        var commands: [PictureCommand] = []
        for span in page.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where span.offset % 2 == 1 {
            let words = span.element.split(separator: " ").map(String.init)
            guard words.count > 3, words[0] == "tether", ["render", "plot", "fit"].contains(words[1]),
                  let output = words.firstIndex(of: words[1] == "fit" ? "--plot" : "-o"), output + 1 < words.count,
                  words[output + 1].hasPrefix("docs/images/"),
                  !commands.contains(where: { $0.picture == words[output + 1] })
            else { continue }
            commands.append(PictureCommand(arguments: Array(words.dropFirst()), picture: words[output + 1]))
        }
        return commands
    }

    @Test func thePicturesPageShowsHowEveryCommittedPictureIsDrawn() throws {
        let drawn = Set(try Self.pictureCommands().map(\.picture))
        let folder = TetherProcess.packageRoot.appendingPathComponent("docs/images")
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".svg") }.map { "docs/images/" + $0 }.sorted()
        #expect(committed.count >= 10)
        let unexplained = committed.filter { !drawn.contains($0) }
        #expect(unexplained.isEmpty, "pictures without a command in docs/pictures.md: \(unexplained)")
    }

    @Test(arguments: try DocPicturesEndToEndTests.pictureCommands())
    func theCommittedPictureIsWhatTheCommandDrawsNow(_ command: PictureCommand) throws {
        let folder = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fresh = folder.appendingPathComponent(URL(fileURLWithPath: command.picture).lastPathComponent)
        var arguments = command.arguments
        arguments[arguments.firstIndex(of: command.picture)!] = fresh.path
        let result = try TetherProcess.run(arguments)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        let committed = try Data(contentsOf: TetherProcess.packageRoot.appendingPathComponent(command.picture))
        let drawn = try Data(contentsOf: fresh)
        #expect(drawn == committed, """
            \(command.picture) (\(committed.count) bytes) is not what Tether draws now \
            (\(drawn.count) bytes); if the change is meant, regenerate it: \(command)
            """)
    }
}
