import TetherLayout

/// What `LayoutImport.read` returns: the elements read, the same as a custom layout's elements,
/// a summary and the notes about choices it made.
public struct ImportedLayout: Sendable, Hashable {
    /// One per element, in the order of the text (an element described twice where its kept
    /// description was).
    public var elements: [ImportedElement]
    /// The custom layout's elements, in output order (section, then header < cell < footer <
    /// decoration, then item): hidden elements with alpha 0, supplementary kinds other than
    /// headers and footers as decorations (renumbered past the section's others when two kinds
    /// share an index path; a note says so). Valid for `CustomLayout(elements:)` and for a
    /// scenario's `layout.elements`.
    public var attributes: [LayoutAttributes]
    public var summary: ImportSummary
    public var notes: [ImportNote]
}
