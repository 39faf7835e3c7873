import Foundation
import Testing
@testable import TetherRender

/// The scripts compiled into the binary are the `.js` files an editor sees: the generated
/// `PageScripts.swift` holds every file of `Sources/TetherRender/Scripts/`, byte for byte. After
/// editing a script, `swift tools/embed-page-scripts.swift` writes the Swift file again.
@Suite struct PageScriptsTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TetherRender/Scripts")

    @Test func theEmbeddedScriptsAreTheJavaScriptFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".js") }.sorted()
        #expect(files == ["drawing.js", "player.js", "tune.js"])
        #expect(PageScripts.byFile.map(\.file) == files, "run swift tools/embed-page-scripts.swift")
        for (file, text) in PageScripts.byFile {
            let source = try Data(contentsOf: Self.folder.appendingPathComponent(file))
            #expect(Data(text.utf8) == source, "\(file) differs from PageScripts.swift: run swift tools/embed-page-scripts.swift")
        }
    }

    /// The pages carry the scripts whole: the player its drawing helpers and its own script, the
    /// tuning page the drawing helpers and its own.
    @Test func thePagesCarryTheirScripts() throws {
        let player = String(decoding: HTMLPlayer.page(title: "t", sections: []), as: UTF8.self)
        #expect(player.contains(PageScripts.drawing + PageScripts.player))
        #expect(!player.contains(PageScripts.tune))
    }
}
