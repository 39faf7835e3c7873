import TetherPhysics

/// `--to-spring VOCABULARY NAME=VALUE…`: a spring as a designer's tool states it, read through
/// the vocabularies of `tether spring` (the conversions of `SpringParameters`).
///
/// | vocabulary | names (defaults) |
/// |---|---|
/// | `uikit` | `frequency`, `damping` (the damping ratio) |
/// | `swiftui` | `response`, `dampingFraction` — or `duration`, `bounce` |
/// | `coreanimation` | `stiffness`, `damping`, `mass` (1) |
/// | `origami` | `tension`, `friction` |
/// | `rebound` | `bounciness`, `speed` — or `tension`, `friction` |
///
/// Every vocabulary also takes `initialVelocity` (0): the step response's starting speed in
/// distances per second, as CASpringAnimation's. Words are separated by spaces or commas.
/// An overdamped Core Animation spring is kept as given (CASpringAnimation animates it so;
/// only SwiftUI's `Spring(mass:stiffness:damping:)` makes it critical).
public struct SpringReferenceSpec: Sendable, Hashable {
    public var response: SpringStepResponse
    /// The spec as given, normalized: "coreanimation stiffness=100 damping=10".
    public var text: String

    public static let vocabularies: [(name: String, parameters: [[String]])] = [
        ("uikit", [["frequency", "damping"]]),
        ("swiftui", [["response", "dampingFraction"], ["duration", "bounce"]]),
        ("coreanimation", [["stiffness", "damping"]]),
        ("origami", [["tension", "friction"]]),
        ("rebound", [["bounciness", "speed"], ["tension", "friction"]]),
    ]

    public init(parsing text: String) throws(SweepSpecError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        guard let first = words.first else {
            throw SweepSpecError("expected VOCABULARY NAME=VALUE…, e.g. 'swiftui response=0.5 dampingFraction=0.7'")
        }
        let vocabulary = first.lowercased()
        guard let entry = Self.vocabularies.first(where: { $0.name == vocabulary }) else {
            let known = Self.vocabularies.map(\.name).joined(separator: ", ")
            throw SweepSpecError("unknown vocabulary \"\(first)\" (known: \(known))")
        }
        var values: [(String, Double)] = []
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite else {
                throw SweepSpecError("\(vocabulary): expected NAME=NUMBER, found \"\(word)\"")
            }
            let name = String(parts[0])
            guard !values.contains(where: { $0.0 == name }) else { throw SweepSpecError("\(vocabulary): \(name) is given twice") }
            values.append((name, value))
        }
        func value(_ name: String) -> Double? { values.first { $0.0 == name }?.1 }
        let extras = vocabulary == "coreanimation" ? ["mass", "initialVelocity"] : ["initialVelocity"]
        let given = values.map(\.0).filter { !extras.contains($0) }
        guard let pair = entry.parameters.first(where: { Set($0) == Set(given) }) else {
            let expected = entry.parameters.map { $0.joined(separator: "= ") + "=" }.joined(separator: " or ")
            let allowed = extras.map { $0 + "=" }.joined(separator: ", ")
            throw SweepSpecError("\(vocabulary) takes \(expected) (and optionally \(allowed)); got \(given.isEmpty ? "nothing" : given.joined(separator: ", "))")
        }
        let (a, b) = (value(pair[0])!, value(pair[1])!)
        let spring: SpringParameters
        do {
            switch (vocabulary, pair[0]) {
            case ("uikit", _): spring = try SpringParameters(frequency: a, dampingRatio: b)
            case ("swiftui", "response"): spring = try SpringParameters(response: a, dampingRatio: b)
            case ("swiftui", _): spring = try SpringParameters(duration: a, bounce: b)
            case ("coreanimation", _): spring = try SpringParameters(mass: value("mass") ?? 1, stiffness: a, damping: b)
            case ("origami", _): spring = try SpringParameters(origamiTension: a, origamiFriction: b)
            case ("rebound", "bounciness"): spring = try SpringParameters(bounciness: a, speed: b)
            default: spring = try SpringParameters(reboundTension: a, reboundFriction: b)
            }
        } catch {
            throw SweepSpecError("\(vocabulary): \(error.description)")
        }
        response = SpringStepResponse(spring: spring, initialVelocity: value("initialVelocity") ?? 0)
        self.text = ([vocabulary] + values.map { "\($0.0)=\(FitParameter.number($0.1))" }).joined(separator: " ")
    }
}
