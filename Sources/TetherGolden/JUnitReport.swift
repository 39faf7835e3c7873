import TetherScenario

/// `tether check --junit FILE`: the check as JUnit XML, the format GitHub Actions, GitLab and
/// Jenkins show as test results. One `testsuite`, one `testcase` per scenario file with its time;
/// a mismatch or a missing golden is a `failure`, a file that cannot be checked (invalid scenario,
/// simulation failure) an `error`.
///
/// The times are wall-clock seconds, so this is the one output of Tether that differs between
/// runs; everything else in it is fixed by the scenarios and goldens.
public struct JUnitReport: Sendable {
    /// Why a test case did not pass.
    public enum Problem: Sendable, Hashable {
        /// The replay differs from the golden ("golden mismatch"), or the golden is missing
        /// ("missing golden"): a test failure.
        case failure(type: String, message: String, details: String)
        /// The scenario could not be checked at all.
        case error(message: String)
    }

    public struct TestCase: Sendable, Hashable {
        /// The scenario's name (its file when it could not be read).
        public var name: String
        public var file: String
        public var seconds: Double
        public var problem: Problem?

        public init(name: String, file: String, seconds: Double, problem: Problem?) {
            self.name = name
            self.file = file
            self.seconds = seconds
            self.problem = problem
        }
    }

    public var suiteName: String
    public var cases: [TestCase]

    public init(suiteName: String = "tether check", cases: [TestCase] = []) {
        self.suiteName = suiteName
        self.cases = cases
    }

    public var failures: Int { cases.filter { if case .failure = $0.problem { true } else { false } }.count }
    public var errors: Int { cases.filter { if case .error = $0.problem { true } else { false } }.count }

    /// The XML document, UTF-8, ending with a newline.
    public var xml: String {
        let total = Self.seconds(cases.reduce(0) { $0 + $1.seconds })
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\(Self.attribute(suiteName)) \(counts) time=\"\(total)\">",
            "  <testsuite name=\(Self.attribute(suiteName)) \(counts) skipped=\"0\" time=\"\(total)\">",
        ]
        for testCase in cases {
            let opening = "    <testcase name=\(Self.attribute(testCase.name)) classname=\"tether.check\" file=\(Self.attribute(testCase.file)) time=\"\(Self.seconds(testCase.seconds))\""
            switch testCase.problem {
            case nil:
                lines.append(opening + "/>")
            case .failure(let type, let message, let details):
                lines.append(opening + ">")
                lines.append("      <failure message=\(Self.attribute(message)) type=\(Self.attribute(type))>\(Self.text(details))</failure>")
                lines.append("    </testcase>")
            case .error(let message):
                lines.append(opening + ">")
                lines.append("      <error message=\(Self.attribute(message)) type=\"error\">\(Self.text(message))</error>")
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds with millisecond precision, as JUnit readers expect ("0.042").
    static func seconds(_ value: Double) -> String {
        FixedDecimal.text(max(0, value), decimals: 3)
    }

    /// A quoted attribute value: markup characters escaped, line breaks kept as character references.
    static func attribute(_ value: String) -> String {
        "\"" + XMLText.escaped(value, lineBreaksAsReferences: true) + "\""
    }

    static func text(_ value: String) -> String {
        XMLText.escaped(value)
    }
}
