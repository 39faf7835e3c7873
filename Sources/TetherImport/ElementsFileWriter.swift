import TetherJSON
import TetherLayout
import TetherPhysics

/// A custom layout's elements as the JSON array `layout.elementsFile` reads: one element per
/// line, every key written (so the file says what each element is without the defaults at hand),
/// numbers in the shortest form that reads back as the same double.
public enum ElementsFileWriter {
    /// The file's text, elements in the order given, ending with a line break.
    public static func json(_ elements: [LayoutAttributes]) -> String {
        guard !elements.isEmpty else { return "[]\n" }
        var text = "[\n"
        for (k, element) in elements.enumerated() {
            text += "  " + object(element) + (k < elements.count - 1 ? ",\n" : "\n")
        }
        return text + "]\n"
    }

    /// One element object on one line.
    static func object(_ e: LayoutAttributes) -> String {
        let f = e.frame
        func n(_ value: Double) -> String { JSONNumberFormat.compact(value == 0 ? 0 : value) }
        return #"{"section": \#(e.key.section), "item": \#(e.key.item), "kind": "\#(e.key.kind.rawValue)", "#
            + #""frame": {"x": \#(n(f.origin.x)), "y": \#(n(f.origin.y)), "width": \#(n(f.size.width)), "height": \#(n(f.size.height))}, "#
            + #""zIndex": \#(e.zIndex), "alpha": \#(n(e.alpha)), "angle": \#(n(e.angle))}"#
    }
}
