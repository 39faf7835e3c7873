/// One number of a spring in one vocabulary, as `tether spring` and the tuning page print it.
public struct SpringVocabularyEntry: Sendable, Hashable {
    /// The vocabulary: `uikit`, `swiftui`, `coreAnimation`, `origami` or `rebound`.
    public var group: String
    /// The member name in JSON output.
    public var key: String
    /// The name in printed tables.
    public var name: String
    /// nil when the quantity does not exist for this spring: the settling time of an undamped
    /// spring ("never"), Rebound's bounciness/speed outside their domain ("n/a").
    public var value: Double?
    public var unit: String

    /// The printed group titles, by `group`, in table order.
    public static let groupTitles: [(group: String, title: String)] = [
        ("uikit", "UIKit attachment"), ("swiftui", "SwiftUI Spring"), ("coreAnimation", "CASpringAnimation"),
        ("origami", "Origami"), ("rebound", "Rebound / POP"),
    ]

    public static func title(of group: String) -> String {
        groupTitles.first { $0.group == group }?.title ?? group
    }

    /// What a missing value is printed as.
    public var missingText: String { key == "settlingDuration" ? "never" : "n/a" }
}

extension SpringParameters {
    /// The spring in every vocabulary, grouped and ordered as printed: one list shared by the
    /// command line and the pictures, so both always say the same thing.
    public var vocabularyEntries: [SpringVocabularyEntry] {
        let bouncy = bouncinessAndSpeed
        let settling = settlingDuration
        func entry(_ group: String, _ key: String, _ name: String, _ value: Double?, _ unit: String) -> SpringVocabularyEntry {
            SpringVocabularyEntry(group: group, key: key, name: name, value: value, unit: unit)
        }
        return [
            entry("uikit", "frequency", "frequency", frequency, "Hz"),
            entry("uikit", "dampingRatio", "damping ratio", dampingRatio, ""),
            entry("uikit", "stiffnessPerUnitMass", "stiffness / mass", stiffnessPerUnitMass, "1/s²"),
            entry("uikit", "dampingPerUnitMass", "damping / mass", dampingPerUnitMass, "1/s"),
            entry("swiftui", "response", "response", response, "s"),
            entry("swiftui", "dampingFraction", "dampingFraction", dampingFraction, ""),
            entry("swiftui", "duration", "duration", duration, "s"),
            entry("swiftui", "bounce", "bounce", bounce, ""),
            entry("swiftui", "stiffness", "stiffness", swiftUIStiffness, ""),
            entry("coreAnimation", "mass", "mass", mass, ""),
            entry("coreAnimation", "stiffness", "stiffness", stiffness, ""),
            entry("coreAnimation", "damping", "damping", damping, ""),
            entry("coreAnimation", "settlingDuration", "settlingDuration", settling.isFinite ? settling : nil, "s"),
            entry("origami", "tension", "tension", origamiTension, ""),
            entry("origami", "friction", "friction", origamiFriction, ""),
            entry("rebound", "tension", "tension (RN stiffness)", reboundTension, ""),
            entry("rebound", "friction", "friction (RN damping)", reboundFriction, ""),
            entry("rebound", "bounciness", "bounciness", bouncy?.bounciness, ""),
            entry("rebound", "speed", "speed", bouncy?.speed, ""),
        ]
    }
}
