import TetherJSON
import TetherLayout
import TetherScenario

/// A whole scenario around imported elements, ready for `tether run` and `tether tune`: the
/// custom layout (elements inline), the springy list of ASH's preset over it, and a fling along
/// the scroll axis, so the first run shows the layout moving. Every choice is a default a person
/// edits next.
public enum ScenarioWriter {
    public struct Options: Sendable, Hashable {
        /// The scenario's name (1 … 100 of A–Z a–z 0–9 - _): the golden file is golden/NAME.csv.
        public var name: String
        public var scrollDirection: Axis
        /// Nil: none written, so the custom layout takes the union of the frames.
        public var contentSize: Size?
        /// Nil: `defaultViewport`.
        public var viewport: Size?
        /// Where the text came from, for the description ("dump.txt", "standard input").
        public var source: String

        public init(name: String = "imported", scrollDirection: Axis = .vertical, contentSize: Size? = nil, viewport: Size? = nil, source: String = "the debugger") {
            self.name = name
            self.scrollDirection = scrollDirection
            self.contentSize = contentSize
            self.viewport = viewport
            self.source = source
        }
    }

    /// An iPhone's screen in points (390 × 844): the viewport's length along the scroll axis when
    /// none is given.
    public static let phoneScreen = Size(width: 390, height: 844)
    /// Frames of the scenario (4 s at 60 Hz), the frame of the fling and its speed.
    public static let frames = 240
    public static let flingFrame = 10
    public static let flingSpeed = 1500.0

    /// The viewport when none is given: as wide as the content across a vertical list (as high
    /// across a horizontal one), and an iPhone screen's length along the scroll axis.
    public static func defaultViewport(contentSize: Size, scrollDirection: Axis) -> Size {
        scrollDirection == .vertical
            ? Size(width: contentSize.width, height: phoneScreen.height)
            : Size(width: phoneScreen.width, height: contentSize.height)
    }

    /// The scenario's text. It is decoded as `tether run` would decode it before it is returned:
    /// a value the format refuses is an error here, never a file that fails later.
    public static func scenario(_ layout: ImportedLayout, options: Options) throws(ImportError) -> String {
        let content = options.contentSize ?? layout.summary.contentSize
        let viewport = options.viewport ?? defaultViewport(contentSize: content, scrollDirection: options.scrollDirection)
        let vertical = options.scrollDirection == .vertical
        func n(_ value: Double) -> String { JSONNumberFormat.compact(value) }
        let description = "Imported by tether import from \(options.source): \(plural(layout.attributes.count, "element")). "
            + "The springy list (ASH's preset) over the app's own layout; the content is flung toward its end at frame \(flingFrame)."
        var lines = [
            "{",
            "  \"name\": \(JSONValue.quoted(options.name)),",
            "  \"description\": \(JSONValue.quoted(description)),",
            "  \"clock\": {\"hz\": 60, \"substeps\": 4},",
            "  \"frames\": \(frames),",
            "  \"viewport\": {\"width\": \(n(viewport.width)), \"height\": \(n(viewport.height))},",
            "  \"layout\": {",
            "    \"type\": \"custom\",",
            "    \"scrollDirection\": \"\(options.scrollDirection.rawValue)\",",
        ]
        if let size = options.contentSize {
            lines.append("    \"contentSize\": {\"width\": \(n(size.width)), \"height\": \(n(size.height))},")
        }
        lines.append("    \"elements\": [")
        for (k, element) in layout.attributes.enumerated() {
            lines.append("      " + ElementsFileWriter.object(element) + (k < layout.attributes.count - 1 ? "," : ""))
        }
        let velocity = vertical ? "{\"x\": 0, \"y\": \(n(flingSpeed))}" : "{\"x\": \(n(flingSpeed)), \"y\": 0}"
        lines += [
            "    ]",
            "  },",
            "  \"dynamics\": {\"type\": \"springy\", \"preset\": \"ash\"},",
            "  \"events\": [",
            "    {\"frame\": \(flingFrame), \"type\": \"fling\", \"velocity\": \(velocity)}",
            "  ]",
            "}",
        ]
        let text = lines.joined(separator: "\n") + "\n"
        try check(text)
        return text
    }

    /// Decodes the scenario the way `tether run` does.
    private static func check(_ text: String) throws(ImportError) {
        do {
            _ = try ScenarioLoader.decode(try JSONParser.parse(Array(text.utf8)), file: "imported.json")
        } catch let error as ScenarioLoadError {
            throw ImportError(nil, "the scenario cannot be written: \(error.problemDescription)")
        } catch {
            throw ImportError(nil, "the scenario cannot be written: \(error)")
        }
    }
}

extension ScenarioLoadError {
    /// The problem without the file name (the scenario has not been written anywhere yet).
    var problemDescription: String {
        switch problem {
        case .invalid(let e): "\(e.path): \(e.message)"
        default: description
        }
    }
}
