import TetherJSON
import TetherPhysics
import TetherScenario

/// `tether spring …`: one spring, given in any vocabulary, printed in all of them.
struct SpringCommand: TetherCommand {
    static let name = "spring"
    static let abstract = "Convert a spring between UIKit, SwiftUI, Core Animation and Origami/Rebound terms."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static func number(_ name: String, _ value: String, _ help: String) -> Option<Double> {
            Option(name, value: value, help: help, expected: "a number") { Double($0) }
        }

        static let frequency = number("--frequency", "F", "UIKit attachment, with --damping: frequency f in Hz.")
        static let damping = number("--damping", "Z", "UIKit: damping ratio ζ. k = m(2πf)², c = 2mζ·2πf.")
        static let response = number(
            "--response", "R", "SwiftUI Spring(response:dampingRatio:), with --damping-fraction:\nR = 1/f.")
        static let dampingFraction = number("--damping-fraction", "Z", "SwiftUI: damping ratio ζ.")
        static let duration = number("--duration", "D", "SwiftUI Spring(duration:bounce:), with --bounce: D = response.")
        static let bounce = number("--bounce", "B", "SwiftUI: ζ = 1 − B (B ≥ 0) or 1/(1 + B) (B < 0), −1 < B ≤ 1.")
        static let stiffness = number(
            "--stiffness", "K", "CASpringAnimation / SwiftUI Spring(mass:stiffness:damping:), with\n--damping-coefficient: stiffness K.")
        static let dampingCoefficient = number(
            "--damping-coefficient", "C",
            """
            CASpringAnimation: damping coefficient C. Overdamped (C > 2√(KM)) it
            is treated as critically damped (C = 2√(KM)), as SwiftUI does by default.
            """)
        static let tension = number(
            "--tension", "T", "Origami (React Native tension/friction, default 40/7), with --friction:\nk = (T − 30)·3.62 + 194, m = 1.")
        static let friction = number("--friction", "F", "Origami: c = (F − 8)·3 + 25.")
        static let bounciness = number("--bounciness", "B", "Rebound / POP / React Native (default 8/12), with --speed; m = 1.")
        static let speed = number("--speed", "S", "Rebound: speed.")
        static let mass = number(
            "--mass", "M",
            """
            Mass (default 1) for the UIKit, SwiftUI and CASpringAnimation
            vocabularies; Origami and Rebound springs have mass 1.
            """)
        static let allowOverdamping = Flag(
            "--allow-overdamping",
            help: """
                Keep an overdamped --stiffness/--damping-coefficient spring as
                given (SwiftUI's allowOverDamping: true).
                """)
        static let json = Flag("--json", help: "Print a JSON object (full double precision) instead of the table.")
    }

    static let help: CommandHelp = {
        let pairs = Vocabulary.allCases.map { [$0.options.0.declaration, $0.options.1.declaration] }
        let options = [Options.mass.declaration, Options.allowOverdamping.declaration, Options.json.declaration]
        return CommandHelp(
            overview: """
                \(abstract)
                Give one spring in exactly one vocabulary; prints the same spring in every vocabulary
                (canonical form: mass m, stiffness k, damping coefficient c; ω₀ = √(k/m), ζ = c/(2√(km))).
                """,
            usages: [.init("", [.oneOf(pairs)] + options.map(CommandHelp.Usage.Item.option))],
            sections: [
                .init("VOCABULARIES (exactly one pair)", options: pairs.flatMap { $0 }),
                .init("OPTIONS", options: options + [CommonOptions.help.declaration]),
            ],
            notes: [
                """
                settlingDuration is the last time the unit step response from rest (target 1, velocity 0)
                is 0.001 away from its target, on the exact curve, as SwiftUI defines Spring.settlingDuration.
                SwiftUI's stiffness is what Spring.stiffness reports: k, except c²/(2m) − k when overdamped.
                Origami and Rebound values describe the spring per unit mass.
                """,
            ])
    }()

    /// The input vocabularies, each a pair of options.
    enum Vocabulary: CaseIterable {
        case uikit, swiftUIResponse, swiftUIDuration, coreAnimation, origami, rebound

        var options: (Option<Double>, Option<Double>) {
            switch self {
            case .uikit: (SpringCommand.Options.frequency, SpringCommand.Options.damping)
            case .swiftUIResponse: (SpringCommand.Options.response, SpringCommand.Options.dampingFraction)
            case .swiftUIDuration: (SpringCommand.Options.duration, SpringCommand.Options.bounce)
            case .coreAnimation: (SpringCommand.Options.stiffness, SpringCommand.Options.dampingCoefficient)
            case .origami: (SpringCommand.Options.tension, SpringCommand.Options.friction)
            case .rebound: (SpringCommand.Options.bounciness, SpringCommand.Options.speed)
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

    /// The options of each vocabulary that were given (every vocabulary is read, so that
    /// mixing can be reported precisely).
    var given: [(vocabulary: Vocabulary, first: Double?, second: Double?)] = []
    var mass: Double?
    var allowOverDamping: Bool
    var json: Bool

    init(_ arguments: ParsedArguments) throws(CommandError) {
        json = arguments.isSet(Options.json)
        allowOverDamping = arguments.isSet(Options.allowOverdamping)
        mass = try arguments.value(Options.mass)
        for vocabulary in Vocabulary.allCases {
            let first = try arguments.value(vocabulary.options.0)
            let second = try arguments.value(vocabulary.options.1)
            if first != nil || second != nil { given.append((vocabulary, first, second)) }
        }
        if let extra = arguments.positionals.first {
            throw arguments.usageError("unexpected argument '\(MessageText.plain(extra))'")
        }
    }

    /// Exactly one whole vocabulary; --mass and --allow-overdamping only where they apply.
    func validate() throws(CommandError) {
        guard let input = given.first else {
            throw .usage("no spring given: pass exactly one vocabulary, e.g. --frequency 2 --damping 0.7 or --duration 0.5 --bounce 0.3", command: Self.name)
        }
        guard given.count == 1 else {
            let named = given.map { entry in
                let option = entry.first != nil ? entry.vocabulary.options.0 : entry.vocabulary.options.1
                return "\(option.declaration.name) (\(entry.vocabulary.title))"
            }
            throw .usage("options from different vocabularies: \(named.joined(separator: " and ")); give exactly one", command: Self.name)
        }
        let (first, second) = (input.vocabulary.options.0.declaration.name, input.vocabulary.options.1.declaration.name)
        if input.first == nil { throw .usage("\(second) needs \(first) (\(input.vocabulary.title))", command: Self.name) }
        if input.second == nil { throw .usage("\(first) needs \(second) (\(input.vocabulary.title))", command: Self.name) }
        if mass != nil && !input.vocabulary.takesMass {
            throw .usage("--mass does not apply to \(input.vocabulary.title): Origami and Rebound springs have mass 1", command: Self.name)
        }
        if allowOverDamping && input.vocabulary != .coreAnimation {
            throw .usage("--allow-overdamping applies to --stiffness/--damping-coefficient (SwiftUI's Spring(mass:stiffness:damping:allowOverDamping:)); \(input.vocabulary.title) keeps an overdamped spring as given", command: Self.name)
        }
    }

    /// The spring the one vocabulary describes, and a note when an overdamped spring was made critical.
    func spring() throws(CommandError) -> (vocabulary: Vocabulary, spring: SpringParameters, note: String?) {
        let input = given[0]
        let (a, b, m) = (input.first!, input.second!, mass ?? 1)
        do {
            switch input.vocabulary {
            case .uikit: return (input.vocabulary, try SpringParameters(frequency: a, dampingRatio: b, mass: m), nil)
            case .swiftUIResponse: return (input.vocabulary, try SpringParameters(response: a, dampingRatio: b, mass: m), nil)
            case .swiftUIDuration: return (input.vocabulary, try SpringParameters(duration: a, bounce: b, mass: m), nil)
            case .coreAnimation:
                let spring = try SpringParameters(mass: m, stiffness: a, damping: b, allowOverDamping: allowOverDamping)
                let note = Self.overdampingNote(given: try SpringParameters(mass: m, stiffness: a, damping: b), used: spring)
                return (input.vocabulary, spring, note)
            case .origami: return (input.vocabulary, try SpringParameters(origamiTension: a, origamiFriction: b), nil)
            case .rebound: return (input.vocabulary, try SpringParameters(bounciness: a, speed: b), nil)
            }
        } catch {
            throw .usage("invalid spring: \(error.description)", command: Self.name)
        }
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
        let (vocabulary, spring, note) = try spring()
        if let note { Console.error(note) }
        Console.output(json ? Self.jsonText(spring, input: vocabulary) : Self.table(spring, input: vocabulary))
        return .success
    }

    // MARK: - Output

    /// The aligned table: group, name, value (4 decimals, right-aligned), unit.
    static func table(_ spring: SpringParameters, input vocabulary: Vocabulary) -> String {
        let rows = spring.vocabularyEntries
        let values = rows.map { row in row.value.map { fixed($0) } ?? row.missingText }
        let valueWidth = values.map(\.count).max() ?? 0
        let groupWidth = SpringVocabularyEntry.groupTitles.map(\.title.count).max()! + 2
        let nameWidth = rows.map(\.name.count).max()! + 2
        var lines = ["input: \(vocabulary.title)", ""]
        var previousGroup = ""
        for (row, value) in zip(rows, values) {
            let group = row.group == previousGroup ? "" : SpringVocabularyEntry.title(of: row.group)
            previousGroup = row.group
            var line = pad(group, groupWidth) + pad(row.name, nameWidth)
            line += String(repeating: " ", count: valueWidth - value.count) + value
            if !row.unit.isEmpty && row.value != nil { line += " " + row.unit }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The same rows as one JSON object per group, numbers in shortest round-trip form.
    static func jsonText(_ spring: SpringParameters, input vocabulary: Vocabulary) -> String {
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
    static func short(_ x: Double) -> String { FixedDecimal.trimmedText(x, decimals: 4) }

    /// Fixed 4 decimals, no "-0.0000" (the writers' rounding).
    static func fixed(_ x: Double) -> String { FixedDecimal.text(x, decimals: 4) }
}
