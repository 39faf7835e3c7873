import Foundation
import Testing

/// The package builds on macOS and iOS as well as Linux because exactly one module,
/// `TetherPlatform`, touches the C library, and it does so behind `#if canImport` for each of
/// Darwin, Glibc and Musl (docs/platforms.md). No other file of `Sources/` or `Tests/` imports a
/// C library module in any form, or names a symbol only one C library has (glibc's, or Darwin's,
/// which a file could reach through Foundation without importing anything). This machine cannot
/// compile for Darwin, so this test is what keeps a Linux-only call from slipping in.
@Suite struct PortabilityTests {
    /// The platform layer's folder, the only one allowed to import the C library.
    static let platformFolder = "Sources/TetherPlatform"

    /// The C library modules: Apple's, glibc's and the static Linux SDK's.
    static let cModules = ["Glibc", "Darwin", "Musl"]

    /// Names one C library has and another lacks, or spells another way; each has a portable
    /// face in the platform layer. Written in pieces so this file does not match itself.
    static let oneSystemOnly: [(name: String, instead: String)] = [
        ("Glibc" + ".", "the platform layer's own name for the call"),
        ("Darwin" + ".", "the platform layer's own name for the call"),
        ("Musl" + ".", "the platform layer's own name for the call"),
        ("__sigaction" + "_handler", "Signals.isIgnored"),
        ("__sigaction" + "_u", "Signals.isIgnored"),
        ("SOCK_" + "CLOEXEC", "UnixSocket"),
        ("st_" + "mtim", "FileStatus"),
        ("st_" + "atim", "FileStatus"),
        ("O_" + "TMPFILE", "a named temporary file (TemporaryFiles)"),
        ("pipe" + "2", "Foundation's Pipe"),
        ("renameat" + "2", "FileSystem.rename"),
        ("renamex" + "_np", "FileSystem.rename"),
        ("F_SETPIPE" + "_SZ", "PipeBuffer"),
        ("F_GETPIPE" + "_SZ", "PipeBuffer"),
        ("F_FULL" + "FSYNC", "FileDescriptor.synchronize"),
        ("/proc" + "/self", "/dev/fd, which Linux and macOS both have"),
        ("/usr/bin/" + "time", "ExternalTools.gnuTime, found by what it can do"),
        ("/usr/bin/" + "script", "ExternalTools.utilLinuxScript, found by what it can do"),
    ]

    /// An import of a C library module however it is written: plain, attributed
    /// (`@preconcurrency import`), or of one declaration (`import func` and a qualified name).
    static func importedCModules(in text: String) throws -> [String] {
        let line = try Regex(
            #"(?m)^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)
        return text.matches(of: line).map { String($0.output[1].substring!) }.filter(cModules.contains)
    }

    /// The one-system-only names `text` uses, as whole words (`pipe20` is not `pipe` and 2); a module
    /// qualifier (the module's name and a dot) counts only when a name follows it, so prose may end a sentence with
    /// the word.
    static func oneSystemOnlyNames(in text: String) -> [String] {
        func isWordCharacter(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        }
        return oneSystemOnly.map(\.name).filter { name in
            var searchStart = text.startIndex
            while let found = text.range(of: name, range: searchStart..<text.endIndex) {
                let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
                let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
                let qualifier = name.hasSuffix(".")
                let endsWell = qualifier ? (isWordCharacter(after) && !(after?.isNumber ?? false)) : !isWordCharacter(after)
                if !isWordCharacter(before) && endsWell { return true }
                searchStart = found.upperBound
            }
            return false
        }
    }

    /// Every Swift file of `Sources/` and `Tests/`, as paths relative to the package root.
    static func swiftFiles() -> [String] {
        ["Sources", "Tests"].flatMap { top -> [String] in
            let root = TetherProcess.packageRoot.appendingPathComponent(top)
            let all = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
            return all.filter { $0.pathExtension == "swift" }.map { top + "/" + relative($0.path, to: root.path) }
        }.sorted()
    }

    static func relative(_ path: String, to root: String) -> String {
        let resolvedRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return String(resolved.dropFirst(resolvedRoot.count + 1))
    }

    static func text(of file: String) throws -> String {
        try String(contentsOf: TetherProcess.packageRoot.appendingPathComponent(file), encoding: .utf8)
    }

    @Test func noFileOutsideThePlatformLayerImportsTheCLibrary() throws {
        let files = Self.swiftFiles().filter { !$0.hasPrefix(Self.platformFolder + "/") }
        #expect(files.contains("Sources/TetherCLI/Tether.swift"), "the scan reaches the sources")
        #expect(files.contains("Tests/TetherCLITests/FileNodes.swift"), "the scan reaches the tests")
        var offenders: [String] = []
        for file in files {
            let modules = try Self.importedCModules(in: Self.text(of: file))
            offenders += modules.map { "\(file) imports \($0); call TetherPlatform instead" }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test func noFileOutsideThePlatformLayerNamesASymbolOfOneCLibrary() throws {
        let files = Self.swiftFiles().filter { !$0.hasPrefix(Self.platformFolder + "/") }
        var offenders: [String] = []
        for file in files {
            for name in Self.oneSystemOnlyNames(in: try Self.text(of: file)) {
                let instead = Self.oneSystemOnly.first { $0.name == name }!.instead
                offenders.append("\(file) names \(name); use \(instead)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// Inside the platform layer each C library import sits in its own `#if canImport` branch of
    /// the same module, and a file that imports one has the branches for all three, so a file
    /// compiles on every system or says plainly which it leaves out.
    @Test func thePlatformLayerImportsTheCLibraryOnlyBehindCanImport() throws {
        let files = Self.swiftFiles().filter { $0.hasPrefix(Self.platformFolder + "/") }
        #expect(files.count >= 5, "the platform layer has its files: \(files)")
        for file in files {
            let lines = try Self.text(of: file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var branch: String?  // the module of the nearest `#if` / `#elseif canImport(…)` above
            var imported: Set<String> = []
            for line in lines {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#if ") || trimmed.hasPrefix("#elseif ") {
                    branch = trimmed.firstMatch(of: /^#(?:else)?if canImport\(([A-Za-z]+)\)$/).map { String($0.output.1) }
                } else if trimmed.hasPrefix("#else") || trimmed.hasPrefix("#endif") {
                    branch = nil
                }
                for module in try Self.importedCModules(in: line) {
                    imported.insert(module)
                    #expect(branch == module, "\(file): `\(trimmed)` is not inside #if canImport(\(module))")
                }
            }
            if !imported.isEmpty {
                #expect(imported == Set(Self.cModules), "\(file) imports \(imported.sorted()), not one branch for each of \(Self.cModules)")
            }
        }
    }

    /// The scanners find what they should, so the checks above cannot pass vacuously.
    @Test func theScannersFindEachFormOfImportAndWholeNamesOnly() throws {
        let c = "Gli" + "bc"
        let text = "import \(c)\n@preconcurrency import Dar" + "win\n  import func Mu" + "sl.read\nimport Foundation\n// not code: import\n"
        #expect(try Self.importedCModules(in: text) == [c, "Dar" + "win", "Mu" + "sl"])
        #expect(try Self.importedCModules(in: "import GlibcExtras\nimport Dispatch\n").isEmpty)
        #expect(Self.oneSystemOnlyNames(in: "let flags = SOCK_" + "CLOEXEC | x") == ["SOCK_" + "CLOEXEC"])
        #expect(Self.oneSystemOnlyNames(in: "info.st_" + "mtim.tv_sec") == ["st_" + "mtim"])
        #expect(Self.oneSystemOnlyNames(in: "let pipe20 = 1; my_pipe" + "2()").isEmpty, "whole words only")
        #expect(Self.oneSystemOnlyNames(in: "read(\"/proc" + "/self/fd/1\")") == ["/proc" + "/self"])
        #expect(Self.oneSystemOnlyNames(in: "x = Gli" + "bc.read(fd)") == ["Gli" + "bc."])
        #expect(Self.oneSystemOnlyNames(in: "// what glibc does, not Dar" + "win. The end").isEmpty, "prose ends sentences")
    }

    /// The manifest declares the Apple platforms `Mutex` and `Atomic` need.
    @Test func theManifestDeclaresTheApplePlatforms() throws {
        let manifest = try Self.text(of: "Package.swift")
        #expect(manifest.contains("platforms: [.macOS(.v15), .iOS(.v18)]"))
    }
}
