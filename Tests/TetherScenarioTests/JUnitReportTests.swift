import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TetherScenario

@Suite struct JUnitReportTests {
    final class Attributes: NSObject, XMLParserDelegate {
        var values: [[String: String]] = []
        var texts: [String] = []
        private var open: [Int] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            open.append(values.count)
            values.append(attributes)
            texts.append("")
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { texts[index] += string }
        }
    }

    /// Markup characters, quotes, line breaks and control characters in names and messages still
    /// give well-formed XML whose attributes read back as written (controls XML cannot hold become U+FFFD).
    @Test func awkwardTextRoundTrips() {
        let name = "a<b>&\"c\" 'd'"
        let message = "line 1\nline 2\twith <tab> & \u{1}control"
        let report = JUnitReport(cases: [
            .init(name: name, file: "x.json", seconds: 0.0123, problem: .failure(type: "golden mismatch", message: message, details: message)),
        ])
        let parser = XMLParser(data: Data(report.xml.utf8))
        let delegate = Attributes()
        parser.delegate = delegate
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let testCase = delegate.values[2]
        #expect(testCase["name"] == name)
        #expect(testCase["time"] == "0.012")
        let failure = delegate.values[3]
        #expect(failure["message"] == "line 1\nline 2\twith <tab> & \u{FFFD}control")
        #expect(delegate.texts[3] == "line 1\nline 2\twith <tab> & \u{FFFD}control")
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
