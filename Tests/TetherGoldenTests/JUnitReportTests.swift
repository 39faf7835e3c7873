import Testing
@testable import TetherGolden
import TetherTestSupport

@Suite struct JUnitReportTests {
    /// Markup characters, quotes, line breaks and control characters in names and messages still
    /// give well-formed XML whose attributes read back as written (controls XML cannot hold become U+FFFD).
    @Test func awkwardTextRoundTrips() {
        let name = "a<b>&\"c\" 'd'"
        let message = "line 1\nline 2\twith <tab> & \u{1}control"
        let report = JUnitReport(cases: [
            .init(name: name, file: "x.json", seconds: 0.0123, problem: .failure(type: "golden mismatch", message: message, details: message)),
        ])
        let xml = XMLCollector.parse(Array(report.xml.utf8))
        #expect(xml.error == nil, "\(String(describing: xml.error))")
        let testCase = xml.elements[2].attributes
        #expect(testCase["name"] == name)
        #expect(testCase["time"] == "0.012")
        let failure = xml.elements[3]
        #expect(failure.attributes["message"] == "line 1\nline 2\twith <tab> & \u{FFFD}control")
        #expect(failure.text == "line 1\nline 2\twith <tab> & \u{FFFD}control")
    }

    @Test func countsAndTimesAddUp() {
        let report = JUnitReport(cases: [
            .init(name: "a", file: "a.json", seconds: 0.5, problem: nil),
            .init(name: "b", file: "b.json", seconds: 0.25, problem: .error(message: "bad")),
            .init(name: "c", file: "c.json", seconds: 0.125, problem: .failure(type: "missing golden", message: "m", details: "m")),
        ])
        #expect(report.failures == 1 && report.errors == 1)
        #expect(report.xml.contains("<testsuite name=\"tether check\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\" time=\"0.875\">"))
    }
}
