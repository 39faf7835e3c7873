import TetherPhysics

/// `tether spring …`: one spring, given in any vocabulary, printed in all of them.
struct SpringCommand: TetherCommand {
    static let name = "spring"
    static let abstract = "Convert a spring between UIKit, SwiftUI, Core Animation and Origami/Rebound terms."
    /// One line (it follows every usage error); the help lists all six vocabularies.
    static let usage = "tether spring (--frequency F --damping Z | --duration D --bounce B | …one vocabulary) [--mass M] [--allow-overdamping] [--json]"
    static var help: String {
        """
        OVERVIEW: \(abstract)
        Give one spring in exactly one vocabulary; prints the same spring in every vocabulary
        (canonical form: mass m, stiffness k, damping coefficient c; ω₀ = √(k/m), ζ = c/(2√(km))).

        USAGE: \(usage)

        VOCABULARIES (exactly one):
          --frequency F --damping Z            UIKit attachment: f Hz, damping ratio ζ.
                                               k = m(2πf)², c = 2mζ·2πf.
          --response R --damping-fraction Z    SwiftUI Spring(response:dampingRatio:): R = 1/f.
          --duration D --bounce B              SwiftUI Spring(duration:bounce:): D = response,
                                               ζ = 1 − B (B ≥ 0) or 1/(1 + B) (B < 0), −1 < B ≤ 1.
          --stiffness K --damping-coefficient C
                                               CASpringAnimation / SwiftUI Spring(mass:stiffness:damping:).
                                               Overdamped (C > 2√(KM)) it is treated as critically
                                               damped (C = 2√(KM)), as SwiftUI does by default.
          --tension T --friction F             Origami (React Native tension/friction, default 40/7):
                                               k = (T − 30)·3.62 + 194, c = (F − 8)·3 + 25, m = 1.
          --bounciness B --speed S             Rebound / POP / React Native (default 8/12), m = 1.

        OPTIONS:
          --mass M                Mass (default 1) for the UIKit, SwiftUI and CASpringAnimation
                                  vocabularies; Origami and Rebound springs have mass 1.
          --allow-overdamping     Keep an overdamped --stiffness/--damping-coefficient spring as
                                  given (SwiftUI's allowOverDamping: true).
          --json                  Print a JSON object (full double precision) instead of the table.
          -h, --help              Show help information.

        settlingDuration is the last time the unit step response from rest (target 1, velocity 0)
        is 0.001 away from its target, on the exact curve, as SwiftUI defines Spring.settlingDuration.
        SwiftUI's stiffness is what Spring.stiffness reports: k, except c²/(2m) − k when overdamped.
        Origami and Rebound values describe the spring per unit mass.
        """
    }

    /// The input vocabularies, each a pair of options.
    enum Vocabulary: CaseIterable {
        case uikit, swiftUIResponse, swiftUIDuration, coreAnimation, origami, rebound

        var options: (String, String) {
            switch self {
            case .uikit: ("--frequency", "--damping")
            case .swiftUIResponse: ("--response", "--damping-fraction")
            case .swiftUIDuration: ("--duration", "--bounce")
            case .coreAnimation: ("--stiffness", "--damping-coefficient")
            case .origami: ("--tension", "--friction")
            case .rebound: ("--bounciness", "--speed")
            }
        }

        var title: String {
            switch self {
            case .uikit: "UIKit frequency/damping"
            case .swiftUIResponse: "SwiftUI response/damping-fraction"
            case .swiftUIDuration: "SwiftUI duration/bounce"
            case .coreAnimation: "CASpringAnimation stiffness/damping-coefficient"
            case .origami: "Origami tension/friction"
            case .rebound: "Rebound bounciness/speed"
            }
        }

        /// The `input` field of the JSON output.
        var key: String {
            switch self {
            case .uikit: "uikit"
            case .swiftUIResponse: "swiftui-response"
            case .swiftUIDuration: "swiftui-duration"
            case .coreAnimation: "core-animation"
            case .origami: "origami"
            case .rebound: "rebound"
            }
        }

        var takesMass: Bool { self != .origami && self != .rebound }
    }

    var vocabulary: Vocabulary
    var spring: SpringParameters
    var json: Bool
    /// Set when an overdamped --stiffness/--damping-coefficient spring was made critical.
    var overdampingNote: String?

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        json = arguments.flag("--json")
        let allowOverDamping = arguments.flag("--allow-overdamping")
        let mass = try Self.number(&arguments, "--mass")
        // Every option of every vocabulary, so that mixing can be reported precisely.
        var given: [(vocabulary: Vocabulary, first: Double?, second: Double?)] = []
        for vocabulary in Vocabulary.allCases {
            let first = try Self.number(&arguments, vocabulary.options.0)
            let second = try Self.number(&arguments, vocabulary.options.1)
            if first != nil || second != nil { given.append((vocabulary, first, second)) }
        }
        if let extra = try arguments.positionals().first {
            throw .usage("unexpected argument '\(extra)'", command: Self.name)
        }
        guard let input = given.first else {
            throw .usage("no spring given: pass exactly one vocabulary, e.g. --frequency 2 --damping 0.7 or --duration 0.5 --bounce 0.3", command: Self.name)
        }
        guard given.count == 1 else {
            let named = given.map { entry in
                let option = entry.first != nil ? entry.vocabulary.options.0 : entry.vocabulary.options.1
                return "\(option) (\(entry.vocabulary.title))"
            }
            throw .usage("options from different vocabularies: \(named.joined(separator: " and ")); give exactly one", command: Self.name)
        }
        let (first, second) = input.vocabulary.options
        guard let a = input.first else {
            throw .usage("\(second) needs \(first) (\(input.vocabulary.title))", command: Self.name)
        }
        guard let b = input.second else {
            throw .usage("\(first) needs \(second) (\(input.vocabulary.title))", command: Self.name)
        }
        if mass != nil && !input.vocabulary.takesMass {
            throw .usage("--mass does not apply to \(input.vocabulary.title): Origami and Rebound springs have mass 1", command: Self.name)
        }
        if allowOverDamping && input.vocabulary != .coreAnimation {
            throw .usage("--allow-overdamping applies to --stiffness/--damping-coefficient (SwiftUI's Spring(mass:stiffness:damping:allowOverDamping:)); \(input.vocabulary.title) keeps an overdamped spring as given", command: Self.name)
        }
        vocabulary = input.vocabulary
        do {
            let m = mass ?? 1
            switch input.vocabulary {
            case .uikit: spring = try SpringParameters(frequency: a, dampingRatio: b, mass: m)
            case .swiftUIResponse: spring = try SpringParameters(response: a, dampingRatio: b, mass: m)
            case .swiftUIDuration: spring = try SpringParameters(duration: a, bounce: b, mass: m)
            case .coreAnimation:
                spring = try SpringParameters(mass: m, stiffness: a, damping: b, allowOverDamping: allowOverDamping)
                overdampingNote = Self.overdampingNote(given: try SpringParameters(mass: m, stiffness: a, damping: b), used: spring)
            case .origami: spring = try SpringParameters(origamiTension: a, origamiFriction: b)
            case .rebound: spring = try SpringParameters(bounciness: a, speed: b)
            }
        } catch {
            throw .usage("invalid spring: \(error.description)", command: Self.name)
        }
    }

    private static func number(_ arguments: inout ArgumentList, _ name: String) throws(CommandError) -> Double? {
        try arguments.option(name, { Double($0) }, expected: "a number")
    }

    /// Says that an overdamped spring was made critical, and how to keep it; nil if nothing changed.
    static func overdampingNote(given: SpringParameters, used: SpringParameters) -> String? {
        guard used != given else { return nil }
        return "tether: note: damping \(Self.short(given.damping)) is overdamped "
            + "(damping ratio \(Self.short(given.dampingRatio))); treated as critically damped "
            + "(damping \(Self.short(used.damping))) as SwiftUI's Spring(mass:stiffness:damping:) does; "
            + "--allow-overdamping keeps it"
    }

    func run() throws(CommandError) -> ExitCode {
        if let overdampingNote { Console.error(overdampingNote) }
        Console.output(json ? jsonText : table)
        return .success
    }

    // MARK: - Output

    /// The aligned table: group, name, value (4 decimals, right-aligned), unit.
    var table: String {
        let rows = spring.vocabularyEntries
        let values = rows.map { row in row.value.map { Self.fixed($0) } ?? row.missingText }
        let valueWidth = values.map(\.count).max() ?? 0
        let groupWidth = SpringVocabularyEntry.groupTitles.map(\.title.count).max()! + 2
        let nameWidth = rows.map(\.name.count).max()! + 2
        var lines = ["input: \(vocabulary.title)", ""]
        var previousGroup = ""
        for (row, value) in zip(rows, values) {
            let group = row.group == previousGroup ? "" : SpringVocabularyEntry.title(of: row.group)
            previousGroup = row.group
            var line = Self.pad(group, groupWidth) + Self.pad(row.name, nameWidth)
            line += String(repeating: " ", count: valueWidth - value.count) + value
            if !row.unit.isEmpty && row.value != nil { line += " " + row.unit }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The same rows as one JSON object per group, numbers in shortest round-trip form.
    var jsonText: String {
        var groups: [(String, [String])] = []
        for row in spring.vocabularyEntries {
            let value = row.value.map { "\($0)" } ?? "null"
            let member = "\"\(row.key)\": \(value)"
            if groups.last?.0 == row.group {
                groups[groups.count - 1].1.append(member)
            } else {
                groups.append((row.group, [member]))
            }
        }
        var lines = ["{", "  \"input\": \"\(vocabulary.key)\","]
        for (index, (group, members)) in groups.enumerated() {
            let comma = index == groups.count - 1 ? "" : ","
            lines.append("  \"\(group)\": {\(members.joined(separator: ", "))}\(comma)")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// `fixed` without trailing zeros: "30", "1.5".
    static func short(_ x: Double) -> String {
        var text = fixed(x)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Fixed 4 decimals, no "-0.0000"; very large magnitudes fall back to Swift's shortest form.
    static func fixed(_ x: Double) -> String {
        let scaled = (abs(x) * 10_000).rounded()
        guard scaled < 9e15 else { return "\(x)" }
        let units = Int64(scaled)
        let fraction = String(units % 10_000)
        let sign = x < 0 && units != 0 ? "-" : ""
        return "\(sign)\(units / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }
}
