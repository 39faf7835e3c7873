import Testing
import TetherJSON
@testable import TetherScenario

/// Decoders read keys through typed tables (`keys[.hz]`), so a misspelt key does not compile.
/// These tests hold each table's names to its keys, both ways, and check that every object and
/// variant of the format has such a table.
@Suite struct KeyTableTests {
    /// Every object format and every union variant with keys in the format, by the name its
    /// typed table carries ("clock", "event.fling", "attachment.pin").
    static var tablesOfTheFormat: [String] {
        var names: [String] = []
        for format in ScenarioFormat.all {
            switch format {
            case .object(let object) where !object.keys.isEmpty:
                names.append(object.name)
            case .union(let union):
                names += union.variants.filter { !$0.keys.isEmpty }.map { "\(union.name).\($0.tag)" }
            default:
                break
            }
        }
        return names
    }

    @Test func everyTableNamesExactlyItsKeys() {
        #expect(KeyTables.all.count > 50)
        for table in KeyTables.all {
            #expect(table.keysWithoutName.isEmpty, "\(table.name): keys without a name: \(table.keysWithoutName)")
            #expect(table.namesWithoutKey.isEmpty, "\(table.name): names without a key: \(table.namesWithoutKey)")
            #expect(Set(table.keys.map(\.name)).count == table.keys.count, "\(table.name) has a key twice")
        }
    }

    @Test func everyObjectAndVariantWithKeysHasATable() {
        let typed = KeyTables.all.map(\.name)
        #expect(Set(typed).count == typed.count, "a table is listed twice")
        let format = Self.tablesOfTheFormat
        #expect(format.count == typed.count)
        for name in format where !typed.contains(name) { Issue.record("\(name) has no typed key table in KeyTables.all") }
        for name in typed where !format.contains(name) { Issue.record("\(name) is not a table of ScenarioFormat.all") }
    }

    /// The check above can fail: names one letter off a table are reported on both sides.
    @Test func aTableOutOfStepWithItsNamesIsReported() {
        enum Misspelt: String, FormatKeyName { case hz, substep }
        let table = KeyTable<Misspelt>(ScenarioFormat.clock)
        #expect(table.keysWithoutName == ["substeps"])
        #expect(table.namesWithoutKey == ["substep"])
        enum Short: String, FormatKeyName { case hz }
        #expect(KeyTable<Short>(ScenarioFormat.clock).keysWithoutName == ["substeps"])
        #expect(KeyTable<Short>(ScenarioFormat.clock).namesWithoutKey.isEmpty)
    }

    /// A name reads the key it spells, raw values included ("$schema").
    @Test func aNameReadsTheKeyItSpells() {
        #expect(ScenarioFormat.rootKeys[.schema].name == "$schema")
        #expect(ScenarioFormat.rootKeys[.frames].isRequired)
        #expect(EventFormats.flingKeys[.rate].defaultValue == 0.998)
        #expect(WorldFormats.pinAttachmentKeys[.anchor].isRequired)
        #expect(!WorldFormats.springAttachmentKeys[.anchor].isRequired)
        #expect(LayoutFormats.elementKeys.keys == LayoutFormats.element.keys)
        #expect(WorldFormats.gravityVectorKeys[.x].unit == "1000 pt/s²")
    }

    /// Tests and tools that look a key up by its spelling get nil for a missing one, never a trap.
    @Test func aLookUpBySpellingIsOptional() {
        #expect(ScenarioFormat.clock.key(named: "hz") == ScenarioFormat.clockKeys[.hz])
        #expect(ScenarioFormat.clock.key(named: "hzz") == nil)
        #expect(EventFormats.set.key(named: "value")?.isRequired == true)
        #expect(EventFormats.set.key(named: "frame") == nil)
    }
}
