import Foundation
import Testing

/// The module graph `Package.swift` declares is the one the code uses: a target's files import
/// exactly the package modules it lists (an executable it lists is built for its tests, not
/// imported), nothing re-exports a module (`@_exported`), and every target comes after the
/// targets it depends on, so the arrows of docs/architecture.md's diagram point one way.
/// (The compiler's `MemberImportVisibility` holds each file to importing what it uses; SwiftPM's
/// own check of undeclared imports does not run on Linux, hence this test.)
@Suite struct ModuleGraphTests {
    struct Target {
        var name: String
        var directory: String
        var isExecutable: Bool
        var dependencies: [String]
    }

    /// The targets in declaration order, read from the `.target(name: …, dependencies: […])`
    /// calls of `Package.swift`.
    static func targets() throws -> [Target] {
        let manifest = try String(
            contentsOf: TetherProcess.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let call = try Regex(#"\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        let quoted = try Regex(#""([^"]+)""#)
        return manifest.matches(of: call).map { match in
            let kind = String(match.output[1].substring!)
            let name = String(match.output[2].substring!)
            let list = match.output[3].substring.map(String.init) ?? ""
            return Target(
                name: name, directory: (kind == "testTarget" ? "Tests/" : "Sources/") + name,
                isExecutable: kind == "executableTarget",
                dependencies: list.matches(of: quoted).map { String($0.output[1].substring!) })
        }
    }

    /// Every Swift file under a target's folder.
    static func swiftFiles(in directory: String) -> [URL] {
        let root = TetherProcess.packageRoot.appendingPathComponent(directory)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The package modules a file imports, however the import is attributed.
    static func imports(in text: String, among modules: Set<String>) throws -> Set<String> {
        let line = try Regex(#"(?m)^\s*(?:@[A-Za-z_]+\s+)*import\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        return Set(text.matches(of: line).map { String($0.output[1].substring!) }.filter(modules.contains))
    }

    @Test func everyFolderIsATargetAndArrowsPointDown() throws {
        let targets = try Self.targets()
        let names = targets.map(\.name)
        let folders = ["Sources", "Tests"].flatMap { top in
            ((try? FileManager.default.contentsOfDirectory(
                atPath: TetherProcess.packageRoot.appendingPathComponent(top).path)) ?? []).map { "\(top)/\($0)" }
        }
        #expect(Set(folders) == Set(targets.map(\.directory)), "every folder of Sources/ and Tests/ is one target")
        #expect(names.contains("TetherJSON") && names.contains("TetherPhysics"))
        for (index, target) in targets.enumerated() {
            for dependency in target.dependencies {
                let position = names.firstIndex(of: dependency)
                #expect(position != nil, "\(target.name) depends on \(dependency), which is not a target")
                #expect((position ?? .max) < index, "\(target.name) depends on \(dependency), declared after it")
            }
        }
    }

    @Test func eachTargetImportsWhatItDeclares() throws {
        let targets = try Self.targets()
        let modules = Set(targets.map(\.name))
        let reexport = try Regex(#"(?m)^\s*@_exported\s"#)
        let executables = Set(targets.filter(\.isExecutable).map(\.name))
        for target in targets {
            var imported: Set<String> = []
            for file in Self.swiftFiles(in: target.directory) {
                let text = try String(contentsOf: file, encoding: .utf8)
                imported.formUnion(try Self.imports(in: text, among: modules))
                #expect(!text.contains(reexport), "\(file.lastPathComponent) re-exports a module")
            }
            let declared = Set(target.dependencies)
            #expect(imported.subtracting(declared).isEmpty, "\(target.name) imports undeclared \(imported.subtracting(declared).sorted())")
            let unused = declared.subtracting(imported).subtracting(executables)
            #expect(unused.isEmpty, "\(target.name) declares but never imports \(unused.sorted())")
        }
    }

    /// The scanner of this test finds what it should, so the checks above cannot pass vacuously.
    @Test func theImportScannerReadsAttributedImports() throws {
        let text = "import Foundation\n@testable import TetherJSON\n@preconcurrency import Dispatch\n  import TetherLayout\n// import TetherRender\n"
        #expect(try Self.imports(in: text, among: ["TetherJSON", "TetherLayout", "TetherRender"]) == ["TetherJSON", "TetherLayout"])
        let targets = try Self.targets()
        #expect(targets.first { $0.name == "TetherScenario" }?.dependencies == ["TetherPlatform", "TetherJSON", "TetherPhysics", "TetherLayout"])
    }
}
