/// What flow and waterfall layouts share: sections stacked along the scroll axis, each as
/// header, body (laid out by the layout), footer, and an optional background decoration over
/// the body, with the band each section covers.
struct SectionStack {
    let axis: Axis
    /// The content's size across the scroll axis (the viewport's).
    let crossExtent: Double
    /// Header and footer lengths along the scroll axis; 0 means none.
    let headerLength: Double
    let footerLength: Double
    let pinHeaders: Bool
    let sectionBackground: Bool

    private(set) var attributes: [LayoutAttributes] = []
    private(set) var sectionFrames: [Rect] = []
    /// Where the next section starts along the scroll axis; the content length at the end.
    private(set) var offset = 0.0

    init(axis: Axis, crossExtent: Double, headerLength: Double, footerLength: Double,
         pinHeaders: Bool, sectionBackground: Bool, capacity: Int) {
        self.axis = axis
        self.crossExtent = crossExtent
        self.headerLength = headerLength
        self.footerLength = footerLength
        self.pinHeaders = pinHeaders
        self.sectionBackground = sectionBackground
        attributes.reserveCapacity(capacity)
    }

    /// A frame from its scroll-axis and cross-axis position and length.
    static func frame(_ axis: Axis, along: Double, across: Double, length: Double, breadth: Double) -> Rect {
        axis == .vertical
            ? Rect(x: across, y: along, width: breadth, height: length)
            : Rect(x: along, y: across, width: length, height: breadth)
    }

    func frame(along: Double, across: Double, length: Double, breadth: Double) -> Rect {
        Self.frame(axis, along: along, across: across, length: length, breadth: breadth)
    }

    /// Adds one section. `body` appends the section's cells, starting at the given offset along
    /// the scroll axis, and returns where the body ends (insets included).
    mutating func addSection(_ section: Int, body: (_ start: Double, _ cells: inout [LayoutAttributes]) -> Double) {
        let sectionStart = offset
        if headerLength > 0 {
            attributes.append(LayoutAttributes(
                key: ElementKey(section: section, kind: .header, item: 0),
                frame: frame(along: offset, across: 0, length: headerLength, breadth: crossExtent),
                zIndex: pinHeaders ? PinnedHeaders.zIndex : 0))
            offset += headerLength
        }
        let bodyStart = offset
        let bodyEnd = body(bodyStart, &attributes)
        offset = bodyEnd
        if footerLength > 0 {
            attributes.append(LayoutAttributes(
                key: ElementKey(section: section, kind: .footer, item: 0),
                frame: frame(along: offset, across: 0, length: footerLength, breadth: crossExtent)))
            offset += footerLength
        }
        if sectionBackground, bodyEnd > bodyStart {
            attributes.append(LayoutAttributes(
                key: ElementKey(section: section, kind: .decoration, item: 0),
                frame: frame(along: bodyStart, across: 0, length: bodyEnd - bodyStart, breadth: crossExtent), zIndex: -1))
        }
        sectionFrames.append(frame(along: sectionStart, across: 0, length: offset - sectionStart, breadth: crossExtent))
    }

    /// The content size: the viewport across, the end of the last section along.
    var contentSize: Size {
        var size = Size.zero
        size[axis.cross] = crossExtent
        size[axis] = offset
        return size
    }
}
