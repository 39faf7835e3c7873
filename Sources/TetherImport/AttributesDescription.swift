/// One `UICollectionViewLayoutAttributes` description as printed, read but not yet interpreted:
/// UIKit's fields with their values, and the names of the fields after them.
///
/// UIKit prints (from `-[UICollectionViewLayoutAttributes description]`):
///
///     <CLASS: 0xADDRESS> index path: (<NSIndexPath: 0x…> {length = 2, path = S - I}); [element kind: (KIND); ]
///     frame = (X Y; W H); [transform = [A, B, C, D, TX, TY]; | non-affine transform; ][hidden = YES; ]
///     [alpha = A; ][zIndex = Z; ][IS CLONE; ]
///
/// on one line, numbers in `%g` form (`-8.98847e+307`), each field ended by "; ". A subclass's
/// description usually appends its own fields (`originalFrame: (…); identifier: …`).
struct AttributesDescription: Sendable {
    var className: String
    /// Offset of the `<` that starts it, and of the first byte after it.
    var start: Int
    var end: Int
    var section: Int
    var item: Int
    /// The `element kind` field: nil for cells (UIKit prints it for every other element).
    var elementKind: String?
    /// The printed frame: the bounding box of the element as drawn, transform included.
    var frame: PrintedRect
    var framePlace: TextPlace
    var transform: AffineTransform?
    var transformPlace: TextPlace?
    /// `non-affine transform`: a 3D transform, which the description does not print.
    var nonAffinePlace: TextPlace?
    var isHidden = false
    var alpha = 1.0
    var alphaPlace: TextPlace?
    var zIndex = 0
    var zIndexPlace: TextPlace?
    /// A field saying what the element is (`representedElementCategory = …`), as written.
    var category: String?
    /// Fields after UIKit's, by name (their values are not read).
    var ignoredFields: [String] = []
}

/// A rectangle as a description prints it: `(x y; w h)`.
struct PrintedRect: Sendable, Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

/// `[a, b, c, d, tx, ty]`, as `NSStringFromCGAffineTransform` prints it: the point (x, y) goes to
/// (a·x + c·y + tx, b·x + d·y + ty).
struct AffineTransform: Sendable, Hashable {
    var a: Double
    var b: Double
    var c: Double
    var d: Double
    var tx: Double
    var ty: Double
}
