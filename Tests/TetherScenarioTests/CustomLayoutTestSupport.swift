import Foundation
import TetherJSON
import TetherLayout
@testable import TetherScenario

/// Scenarios, files and outputs for the custom-layout tests.
enum CustomLayoutFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A bundled scenario, loaded as `tether` loads it.
    static func bundled(_ name: String, overrides: [String] = []) throws -> Scenario {
        let path = packageRoot.appendingPathComponent("scenarios/\(name).json").path
        return try ScenarioLoader.load(path, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
    }

    /// The parsed document of a bundled scenario.
    static func bundledDocument(_ name: String) throws -> JSONValue {
        try JSONParser.parse(try ScenarioLoader.read(packageRoot.appendingPathComponent("scenarios/\(name).json").path))
    }

    /// A scenario from its text, as if read from `file` (files it names are found next to it).
    static func scenario(_ text: String, file: String = "t.json") throws -> Scenario {
        try ScenarioLoader.decode(try JSONParser.parse(text), file: file)
    }

    /// A fresh folder for files a test writes.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tether-custom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The CSV `tether run` prints for the scenario (its own output settings), as text.
    static func csv(_ scenario: Scenario) throws -> String {
        String(decoding: try ReplayRunner.csv(for: scenario), as: UTF8.self)
    }

    /// Where two outputs first differ ("line N: A | B"), nil when they are the same bytes; keeps
    /// failure messages short for outputs of thousands of lines.
    static func firstDifference(_ a: String, _ b: String) -> String? {
        if a == b { return nil }
        let la = a.split(separator: "\n", omittingEmptySubsequences: false)
        let lb = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(la.count, lb.count) {
            let x = i < la.count ? String(la[i]) : "(end)", y = i < lb.count ? String(lb[i]) : "(end)"
            if x != y { return "line \(i + 1): \(x) | \(y)" }
        }
        return "same lines, different bytes"
    }

    /// The keys of the elements whose attributes differ (or are missing on one side).
    static func differingElements(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> [ElementKey] {
        var keys = zip(a, b).filter { $0 != $1 }.map(\.0.key)
        keys += a.dropFirst(b.count).map(\.key) + b.dropFirst(a.count).map(\.key)
        return keys
    }

    /// Every frame's rows, frame 0 first.
    static func frames(_ scenario: Scenario, items: Scenario.ItemSelection = .all) throws -> [[ElementRow]] {
        var replay = Replay(scenario)
        var result = [replay.frameRecord(items: items).rows]
        while !replay.isFinished {
            try replay.advance()
            result.append(replay.frameRecord(items: items).rows)
        }
        return result
    }

    /// An element object as a scenario writes it.
    static func json(_ a: LayoutAttributes) -> String {
        let f = a.frame
        return #"{"section": \#(a.key.section), "item": \#(a.key.item), "kind": "\#(a.key.kind.rawValue)", "frame": {"x": \#(f.minX), "y": \#(f.minY), "width": \#(f.size.width), "height": \#(f.size.height)}, "zIndex": \#(a.zIndex), "alpha": \#(a.alpha), "angle": \#(a.angle)}"#
    }

    /// A custom layout object listing `attributes` inline.
    static func customLayout(_ attributes: [LayoutAttributes], contentSize: Size? = nil) -> String {
        let size = contentSize.map { #", "contentSize": {"width": \#($0.width), "height": \#($0.height)}"# } ?? ""
        return #"{"type": "custom"\#(size), "elements": [\#(attributes.map(json).joined(separator: ", "))]}"#
    }
}
