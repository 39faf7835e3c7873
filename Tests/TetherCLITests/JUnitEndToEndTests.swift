import Foundation
import Testing
import TetherTestSupport

/// `tether check --junit FILE`, read back with Foundation's XMLParser (libxml2, strict: any
/// well-formedness error fails the parse).
@Suite struct JUnitEndToEndTests {
    static func parse(_ data: Data) -> XMLCollector {
        let xml = XMLCollector.parse(data)
        #expect(xml.error == nil, "not well-formed XML: \(String(describing: xml.error))")
        return xml
    }

    /// vv-list with one changed number, snap without a golden, an invalid file, and a passing run.
    @Test func failuresMissingGoldensAndErrorsAreReported() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let golden = TetherProcess.packageRoot.appendingPathComponent("golden")
        var lines = try String(contentsOf: golden.appendingPathComponent("vv-list.csv"), encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[499].components(separatedBy: ",")
        let original = fields[6]
        fields[6] = String(format: "%.3f", Double(original)! + 3.2)
        lines[499] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: directory.appendingPathComponent("vv-list.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: golden.appendingPathComponent("rope-10.csv"), to: directory.appendingPathComponent("rope-10.csv"))
        let report = directory.appendingPathComponent("report.xml")
        let files = ["scenarios/vv-list.json", "scenarios/snap.json", "scenarios/invalid/schema-wrong-type.json", "scenarios/rope-10.json"]
        let result = try TetherProcess.run(["check"] + files + ["--golden", directory.path, "--junit", report.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdoutText.contains("junit: \(report.path)"))

        let xml = Self.parse(try Data(contentsOf: report))
        #expect(xml.elements.first?.name == "testsuites")
        let suites = xml.elements(named: "testsuite")
        try #require(suites.count == 1)
        #expect(suites[0].attributes["tests"] == "4")
        #expect(suites[0].attributes["failures"] == "2")
        #expect(suites[0].attributes["errors"] == "1")
        let cases = xml.elements(named: "testcase")
        #expect(cases.map { $0.attributes["name"] } == ["vv-list", "snap", "scenarios/invalid/schema-wrong-type.json", "rope-10"])
        #expect(cases.map { $0.attributes["file"] } == files)
        for testCase in cases {
            let time = try #require(testCase.attributes["time"].flatMap(Double.init))
            #expect(time >= 0)
        }
        let failures = xml.elements(named: "failure")
        try #require(failures.count == 2)
        let mismatch = failures[0]
        #expect(mismatch.attributes["type"] == "golden mismatch")
        let message = try #require(mismatch.attributes["message"])
        #expect(message.hasPrefix("first difference: frame \(fields[0]), \(fields[4]) \(fields[2]).\(fields[3]), center_y: expected \(fields[6]), actual \(original)"), "\(message)")
        #expect(message.contains("1 row differs, 0 missing, 0 extra"))
        #expect(mismatch.text.contains("scenario vv-list does not match"))
        #expect(failures[1].attributes["type"] == "missing golden")
        #expect(failures[1].attributes["message"]?.contains("record it with: tether check --record scenarios/snap.json") == true)
        let errors = xml.elements(named: "error")
        #expect(errors.count == 1)
        #expect(errors.first?.attributes["message"] == "scenarios/invalid/schema-wrong-type.json: frames: expected an integer, found a string")
        // rope-10 passed: an empty test case.
        #expect(xml.elements.last?.name == "testcase")
    }

    @Test func aPassingCheckWritesOnlyTheReport() throws {
        let directory = try TetherProcess.temporaryDirectory()
        let report = directory.appendingPathComponent("junit.xml")
        let result = try TetherProcess.run(["check", "scenarios/snap.json", "scenarios/pin-door.json", "--junit", report.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["junit.xml"])
        let xml = Self.parse(try Data(contentsOf: report))
        #expect(xml.elements(named: "testcase").count == 2)
        #expect(xml.elements(named: "failure").isEmpty && xml.elements(named: "error").isEmpty)
        #expect(xml.elements(named: "testsuite").first?.attributes["failures"] == "0")
    }

    @Test func anUnwritableReportIsExit73AndOneLine() throws {
        let result = try TetherProcess.run(["check", "scenarios/snap.json", "--junit", "/nonexistent-folder/junit.xml"])
        #expect(result.status == 73)
        #expect(result.stderr.hasPrefix("tether: error: /nonexistent-folder/junit.xml: cannot write"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func junitWithRecordIsAUsageError() throws {
        let result = try TetherProcess.run(["check", "--record", "--junit", "x.xml", "scenarios/snap.json"])
        #expect(result.status == 64)
        #expect(!FileManager.default.fileExists(atPath: TetherProcess.packageRoot.appendingPathComponent("x.xml").path))
    }
}
