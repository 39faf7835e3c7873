import Foundation
import Testing

/// `tether schema`, the committed schema, the `$schema` keys of the bundled scenarios and the key
/// tables of the format reference: all written from the decoder's key tables, all kept in step.
@Suite struct SchemaEndToEndTests {
    static let root = TetherProcess.packageRoot

    @Test func theCommittedSchemaIsWhatTetherSchemaPrints() throws {
        let result = try TetherProcess.run(["schema"])
        #expect(result.status == 0, "\(result.stderr)")
        let committed = try Data(contentsOf: Self.root.appendingPathComponent("schema/scenario.schema.json"))
        #expect(result.stdout == committed, "schema/scenario.schema.json is stale: regenerate it with `tether schema -o schema/scenario.schema.json`")
        let document = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        #expect(document?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    /// Every table in docs/scenario-format.md follows a `<!-- keys: NAME -->` marker and is exactly
    /// the table `tether schema --format markdown` prints for NAME; every printed table is there.
    @Test func theReferenceHoldsExactlyTheGeneratedKeyTables() throws {
        let result = try TetherProcess.run(["schema", "--format", "markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = Self.tables(in: result.stdoutText)
        let document = try String(contentsOf: Self.root.appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
        let documented = Self.tables(in: document)
        #expect(generated.count > 20)
        #expect(documented.map(\.name) == generated.map(\.name), "tables missing, extra or out of order in docs/scenario-format.md")
        for table in generated {
            let found = documented.first { $0.name == table.name }
            #expect(found?.text == table.text, "docs/scenario-format.md, table \(table.name) should read:\n\(table.text)")
        }
        // The anchors the type columns link to.
        let lines = Set(document.components(separatedBy: "\n"))
        for anchor in result.stdoutText.components(separatedBy: "\n") where anchor.hasPrefix("<a id=") {
            #expect(lines.contains(anchor), "docs/scenario-format.md has no \(anchor)")
        }
    }

    /// (marker name, the table's lines up to the first blank line).
    static func tables(in text: String) -> [(name: String, text: String)] {
        let lines = text.components(separatedBy: "\n")
        var result: [(String, String)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- keys: ") && line.hasSuffix(" -->") {
            let name = String(line.dropFirst("<!-- keys: ".count).dropLast(" -->".count))
            let table = lines[(index + 1)...].prefix { !$0.isEmpty }
            result.append((name, table.joined(separator: "\n")))
        }
        return result
    }

    /// Editors find the schema from any bundled scenario: the relative `$schema` resolves to the file.
    @Test func everyBundledScenarioPointsAtTheSchema() throws {
        let folders = ["scenarios", "scenarios/bench", "scenarios/invalid"]
        var count = 0
        for folder in folders {
            let directory = Self.root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".json") {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                let reference = try #require(object?["$schema"] as? String, "\(folder)/\(name) has no $schema")
                let target = directory.appendingPathComponent(reference).standardizedFileURL
                #expect(target.path == Self.root.appendingPathComponent("schema/scenario.schema.json").standardizedFileURL.path, "\(folder)/\(name)")
                count += 1
            }
        }
        #expect(count >= 30)
    }

    @Test func theLoaderIgnoresSchemaButNotItsMisspelling() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let body = "\"name\": \"s\", \"frames\": 2, \"viewport\": {\"width\": 100, \"height\": 100}, \"layout\": {\"type\": \"flow\", \"sections\": [1]}"
        let with = directory.appendingPathComponent("with.json")
        let without = directory.appendingPathComponent("without.json")
        let typo = directory.appendingPathComponent("typo.json")
        try "{\"$schema\": \"https://example.org/any.json\", \(body)}".write(to: with, atomically: true, encoding: .utf8)
        try "{\(body)}".write(to: without, atomically: true, encoding: .utf8)
        try "{\"$shema\": \"x\", \(body)}".write(to: typo, atomically: true, encoding: .utf8)
        let a = try TetherProcess.run(["run", with.path])
        let b = try TetherProcess.run(["run", without.path])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == b.stdout)
        let c = try TetherProcess.run(["validate", typo.path])
        #expect(c.status == 65)
        #expect(c.stderr == "tether: error: \(typo.path): [\"$shema\"]: unknown key \"$shema\" (did you mean \"$schema\"?)\n")
    }

    @Test func schemaRefusesStrayArgumentsAndUnknownFormats() throws {
        #expect(try TetherProcess.run(["schema", "extra"]).status == 64)
        #expect(try TetherProcess.run(["schema", "--format", "yaml"]).status == 64)
    }
}
