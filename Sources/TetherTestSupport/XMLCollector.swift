import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document as Foundation's `XMLParser` reads it (libxml2, strict: any well-formedness
/// error fails the parse): every element in document order with its attributes, its depth and
/// the text directly inside it. Test support for the SVG, HTML, heatmap and JUnit writers.
public final class XMLCollector: NSObject, XMLParserDelegate {
    public struct Element: Sendable {
        public var name: String
        public var attributes: [String: String]
        /// The text directly inside the element, not its children's.
        public var text: String
        /// 1 for the root element.
        public var depth: Int
    }

    public private(set) var elements: [Element] = []
    /// Why the document did not parse; nil when it did.
    public private(set) var error: (any Error)?
    /// Indexes of the elements open at the parser's position, innermost last.
    private var open: [Int] = []

    public static func parse(_ bytes: [UInt8]) -> XMLCollector {
        parse(Data(bytes))
    }

    public static func parse(_ data: Data) -> XMLCollector {
        let collector = XMLCollector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        if !parser.parse() { collector.error = parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return collector
    }

    /// The attributes of every element called `name`, in document order.
    public func named(_ name: String) -> [[String: String]] {
        elements(named: name).map(\.attributes)
    }

    public func elements(named name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    public func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes, text: "", depth: open.count))
    }

    public func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }
}
