import Foundation
import Testing

/// `tether spring`, run as a user would.
@Suite struct SpringCommandEndToEndTests {
    /// The value printed on the table row whose text (after the group column) starts with `name`,
    /// within the group that starts at `group`.
    private func value(_ output: String, group: String, _ name: String) -> Double? {
        var inGroup = false
        for line in output.split(separator: "\n").map(String.init) {
            if line.hasPrefix(group) { inGroup = true } else if !line.hasPrefix(" ") { inGroup = false }
            guard inGroup else { continue }
            let fields = line.dropFirst(19).split(separator: " ", omittingEmptySubsequences: true)
            let label = fields.prefix { Double($0) == nil }.joined(separator: " ")
            if label == name, let number = fields.first(where: { Double($0) != nil }) { return Double(number) }
        }
        return nil
    }

    private func rounded(_ x: Double?, _ places: Int) -> Double? {
        guard let x else { return nil }
        let scale = pow(10, Double(places))
        return (x * scale).rounded() / scale
    }

    /// Apple's example: Spring(duration: 0.5, bounce: 0.3) = mass 1, stiffness 157.9, damping 17.6.
    @Test func durationAndBounceGiveApplesStiffnessAndDamping() throws {
        let result = try TetherProcess.run(["spring", "--duration", "0.5", "--bounce", "0.3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let out = result.stdoutText
        #expect(out.contains("157.9137"), "\(out)")
        #expect(out.contains("17.5929"))
        #expect(value(out, group: "CASpringAnimation", "mass") == 1)
        #expect(rounded(value(out, group: "CASpringAnimation", "stiffness"), 1) == 157.9)
        #expect(rounded(value(out, group: "CASpringAnimation", "damping"), 1) == 17.6)
        #expect(value(out, group: "UIKit", "frequency") == 2)
        #expect(value(out, group: "UIKit", "damping ratio") == 0.7)
        #expect(value(out, group: "SwiftUI", "bounce") == 0.3)
        #expect(value(out, group: "SwiftUI", "response") == 0.5)
        // Deterministic text: a second run prints the same bytes.
        #expect(try TetherProcess.run(["spring", "--duration", "0.5", "--bounce", "0.3"]).stdout == result.stdout)
    }

    /// Every vocabulary describes the same spring: CASpringAnimation's default (1, 100, 10).
    @Test(arguments: [
        ["--stiffness", "100", "--damping-coefficient", "10"],
        ["--frequency", "1.5915494309189535", "--damping", "0.5"],
        ["--response", "0.6283185307179586", "--damping-fraction", "0.5"],
        ["--duration", "0.6283185307179586", "--bounce", "0.5"],
        ["--tension", "4.033149171270718", "--friction", "3"],
        ["--stiffness=200", "--damping-coefficient=20", "--mass=2"],
    ])
    func everyVocabularyDescribesTheSameSpring(arguments: [String]) throws {
        let result = try TetherProcess.run(["spring"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdoutText
        #expect(value(out, group: "UIKit", "stiffness / mass") == 100, "\(out)")
        #expect(value(out, group: "UIKit", "damping / mass") == 10)
        #expect(value(out, group: "SwiftUI", "duration") == 0.6283)
        #expect(value(out, group: "SwiftUI", "bounce") == 0.5)
        #expect(value(out, group: "CASpringAnimation", "settlingDuration") == 1.2702)
        #expect(value(out, group: "Origami", "friction") == 3)
    }

    @Test func origamiDefaultAndBouncinessSpeed() throws {
        let origami = try TetherProcess.run(["spring", "--tension", "40", "--friction", "7"]).stdoutText
        #expect(value(origami, group: "Rebound", "tension (RN stiffness)") == 230.2, "\(origami)")
        #expect(value(origami, group: "Rebound", "friction (RN damping)") == 22)
        #expect(rounded(value(origami, group: "UIKit", "frequency"), 2) == 2.41)
        #expect(value(origami, group: "UIKit", "damping ratio") == 0.725)
        let bouncy = try TetherProcess.run(["spring", "--bounciness", "8", "--speed", "12"]).stdoutText
        #expect(value(bouncy, group: "Rebound", "bounciness") == 8, "\(bouncy)")
        #expect(value(bouncy, group: "Rebound", "speed") == 12)
        #expect(rounded(value(bouncy, group: "CASpringAnimation", "stiffness"), 1) == 342.1)
    }

    /// An undamped spring never settles; a too-bouncy one has no bounciness/speed.
    @Test func undefinedValuesAreSpelledOut() throws {
        let undamped = try TetherProcess.run(["spring", "--frequency", "1", "--damping", "0"])
        #expect(undamped.status == 0)
        #expect(undamped.stdoutText.contains("settlingDuration           never"), "\(undamped.stdoutText)")
        let json = try TetherProcess.run(["spring", "--frequency", "1", "--damping", "0", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let ca = try #require(object["coreAnimation"] as? [String: Any])
        #expect(ca["settlingDuration"] is NSNull)
        let bouncy = try TetherProcess.run(["spring", "--tension", "40", "--friction", "0"]).stdoutText
        #expect(bouncy.contains("n/a"))
    }

    /// `--json` parses and carries the same numbers at full precision.
    @Test func jsonParses() throws {
        let result = try TetherProcess.run(["spring", "--duration", "0.5", "--bounce", "0.3", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["input"] as? String == "swiftui-duration")
        #expect(Set(object.keys) == ["input", "uikit", "swiftui", "coreAnimation", "origami", "rebound"])
        let ca = try #require(object["coreAnimation"] as? [String: Double])
        #expect(ca["mass"] == 1)
        #expect(abs(ca["stiffness"]! - 16 * Double.pi * Double.pi) < 1e-12)
        #expect(abs(ca["damping"]! - 17.59291886010284) < 1e-12)
        #expect(ca["settlingDuration"]! > 0.81 && ca["settlingDuration"]! < 0.82)
        let uikit = try #require(object["uikit"] as? [String: Double])
        #expect(uikit["frequency"] == 2 && uikit["dampingRatio"] == 0.7)
        let swiftui = try #require(object["swiftui"] as? [String: Double])
        #expect(abs(swiftui["bounce"]! - 0.3) < 1e-12 && swiftui["duration"] == 0.5)
        let rebound = try #require(object["rebound"] as? [String: Double])
        #expect(rebound.keys.sorted() == ["bounciness", "friction", "speed", "tension"])
    }

    /// Mixing vocabularies: exit 64, one error line naming both options and ending with the
    /// help hint every usage error ends with, nothing on stdout.
    @Test func mixedVocabulariesAreAUsageError() throws {
        let result = try TetherProcess.run(["spring", "--frequency", "1", "--damping", "0.8", "--bounce", "0.3"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("tether: error: options from different vocabularies"), "\(result.stderr)")
        #expect(line.contains("--frequency") && line.contains("--bounce"))
        #expect(line.hasSuffix(" (see 'tether spring --help')"))
    }

    /// Apple's CASpringAnimation example (mass 1, stiffness 100, damping 5): "approximately 2.85
    /// seconds"; the exact curve last leaves the 0.1 % band at 2.6879 s.
    @Test func settlingDurationOfApplesExample() throws {
        let result = try TetherProcess.run(["spring", "--stiffness", "100", "--damping-coefficient", "5"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(value(result.stdoutText, group: "CASpringAnimation", "settlingDuration") == 2.6879, "\(result.stdoutText)")
    }

    /// Like SwiftUI's Spring(mass:stiffness:damping:), an overdamped spring is made critical (a note
    /// on stderr says so) unless --allow-overdamping keeps it; SwiftUI then reports stiffness
    /// c²/(2m) − k = 350 for (1, 100, 30).
    @Test func overdampingIsRefusedUnlessAllowed() throws {
        let refused = try TetherProcess.run(["spring", "--stiffness", "100", "--damping-coefficient", "30"])
        #expect(refused.status == 0)
        #expect(refused.stderr == "tether: note: damping 30 is overdamped (damping ratio 1.5); treated as critically damped (damping 20) as SwiftUI's Spring(mass:stiffness:damping:) does; --allow-overdamping keeps it\n", "\(refused.stderr)")
        let out = refused.stdoutText
        #expect(value(out, group: "CASpringAnimation", "damping") == 20, "\(out)")
        #expect(value(out, group: "UIKit", "damping ratio") == 1)
        #expect(value(out, group: "SwiftUI", "stiffness") == 100)
        #expect(value(out, group: "CASpringAnimation", "settlingDuration") == 0.9233)

        let allowed = try TetherProcess.run(["spring", "--stiffness", "100", "--damping-coefficient", "30", "--allow-overdamping"])
        #expect(allowed.status == 0 && allowed.stderr.isEmpty, "\(allowed.stderr)")
        #expect(value(allowed.stdoutText, group: "CASpringAnimation", "damping") == 30)
        #expect(value(allowed.stdoutText, group: "UIKit", "damping ratio") == 1.5)
        #expect(value(allowed.stdoutText, group: "SwiftUI", "stiffness") == 350)
        #expect(value(allowed.stdoutText, group: "CASpringAnimation", "stiffness") == 100)

        // Not overdamped: nothing to say, with or without the switch.
        let plain = try TetherProcess.run(["spring", "--stiffness", "100", "--damping-coefficient", "20", "--allow-overdamping"])
        #expect(plain.status == 0 && plain.stderr.isEmpty)
        #expect(plain.stdout == (try TetherProcess.run(["spring", "--stiffness", "100", "--damping-coefficient", "20"])).stdout)
    }

    /// Incomplete, empty, invalid and unknown input: exit 64 and a single error line that says why.
    @Test(arguments: [
        (["--frequency", "1"], "--frequency needs --damping"),
        (["--bounce", "0.3"], "--bounce needs --duration"),
        (["--damping-coefficient", "10", "--mass", "2"], "--damping-coefficient needs --stiffness"),
        ([], "no spring given"),
        (["--mass", "2"], "no spring given"),
        (["--json"], "no spring given"),
        (["--tension", "40", "--friction", "7", "--mass", "2"], "--mass does not apply to Origami"),
        (["--duration", "0.5", "--bounce", "-1"], "invalid spring: bounce must be greater than -1 and at most 1 (got -1)"),
        (["--duration", "0", "--bounce", "0.3"], "invalid spring: duration must be greater than 0 (got 0)"),
        (["--stiffness", "100", "--damping-coefficient", "10", "--mass", "0"], "invalid spring: mass must be greater than 0 (got 0)"),
        (["--stiffness", "nan", "--damping-coefficient", "10"], "invalid spring: stiffness must be a finite number (got nan)"),
        (["--frequency", "1", "--damping", "-0.1"], "invalid spring: damping ratio must be 0 or more (got -0.1)"),
        (["--tension", "-30", "--friction", "7"], "invalid spring: Origami tension -30 and friction 7 give stiffness -23.2"),
        (["--frequency", "x", "--damping", "1"], "invalid value 'x' for '--frequency': expected a number"),
        (["--frequency", "1", "--damping", "1", "--bogus"], "unknown option '--bogus'"),
        (["--frequency", "1", "--damping", "1", "extra"], "unexpected argument 'extra'"),
        (["--duration", "0.5", "--bounce", "-0.5", "--allow-overdamping"], "--allow-overdamping applies to --stiffness/--damping-coefficient"),
    ])
    func badInputIsAUsageError(arguments: [String], message: String) throws {
        let result = try TetherProcess.run(["spring"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("tether: error: \(message)"), "\(result.stderr)")
    }

    @Test func helpListsEveryVocabulary() throws {
        let result = try TetherProcess.run(["spring", "--help"])
        #expect(result.status == 0)
        for option in ["--frequency", "--damping", "--response", "--damping-fraction", "--duration", "--bounce",
                       "--stiffness", "--damping-coefficient", "--tension", "--friction", "--bounciness", "--speed", "--mass", "--allow-overdamping", "--json"] {
            #expect(result.stdoutText.contains(option), "\(option)")
        }
        #expect(try TetherProcess.run(["--help"]).stdoutText.contains("spring"))
    }
}
