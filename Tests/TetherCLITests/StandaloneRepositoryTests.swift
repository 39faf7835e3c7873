import Foundation
import Testing

/// The repository stands alone: no tracked file points outside it for what a user needs.
@Suite struct StandaloneRepositoryTests {
    /// Written in pieces so this file does not match itself.
    static let forbidden = ["../" + "shared", "shared" + "/spec", "contract" + " §"]

    @Test func noTrackedFileReferencesTheSharedFolder() throws {
        let root = TetherProcess.packageRoot
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "ls-files", "-z"]
        git.currentDirectoryURL = root
        let pipe = Pipe()
        git.standardOutput = pipe
        try git.run()
        let listing = pipe.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        #expect(git.terminationStatus == 0)
        let files = listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let hasReadme = files.contains("README.md")
        let hasReference = files.contains("docs/scenario-format.md")
        #expect(hasReadme)
        #expect(hasReference)
        var offenders: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for needle in Self.forbidden where text.contains(needle) {
                offenders.append("\(file): \(needle)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
