import Foundation
import TetherRender
import TetherScenario

/// Bundled scenarios and the CSV `tether run` prints for them, for the render tests.
enum RenderFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func scenario(_ name: String, overrides: [String] = []) throws -> Scenario {
        let path = packageRoot.appendingPathComponent("scenarios/\(name).json").path
        return try ScenarioLoader.load(path, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
    }

    /// CSV rows of `scenario` (its own output settings), as (frame, key, center x, center y).
    static func csvRows(_ scenario: Scenario) throws -> [(frame: Int, key: String, x: Double, y: Double)] {
        let text = String(decoding: try ReplayRunner.csv(for: scenario), as: UTF8.self)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f[4] != "viewport" else { return nil }
            return (Int(f[0])!, "\(f[4]) \(f[2]).\(f[3])", Double(f[5])!, Double(f[6])!)
        }
    }
}
