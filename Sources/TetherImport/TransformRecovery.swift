import TetherLayout
import TetherPhysics

/// The element behind a printed frame and transform: its rectangle before the turn and its angle.
///
/// UIKit's `frame` of a transformed element is what Core Animation reports for a layer at the
/// attributes' center with their size and transform: the axis-aligned box around the turned
/// rectangle, moved by the transform's translation. A custom layout element is the rectangle
/// before the turn (center and size) and an angle, so the importer undoes the box:
/// - the transform must be a rotation, `[cos θ, sin θ, −sin θ, cos θ, tx, ty]`: a = d, b = −c and
///   a² + b² = 1, each within `tolerance` (the printed digits are rounded); θ = atan2(b, a);
/// - the box of a w × h rectangle turned by θ is W = |cos θ|·w + |sin θ|·h wide and
///   H = |sin θ|·w + |cos θ|·h high; solved for w and h, which needs |cos 2θ| = |cos²θ − sin²θ|
///   away from 0 (at 45° every w + h gives the same box), at least `minimumCos2θ`;
/// - the center is the box's center: where UIKit draws the element, translation included.
enum TransformRecovery {
    /// How far a printed rotation's entries may be from an exact rotation: `%g` keeps 6 digits.
    static let tolerance = 1e-5
    /// |cos 2θ| below this (within 0.5° of 45°, 135°…) leaves the size undetermined.
    static let minimumCos2θ = 0.0175

    enum Refusal: Error, Equatable {
        /// Not a rotation (with a reason: scale, shear, reflection).
        case notARotation(String)
        /// A rotation too close to 45° for the box to tell the size.
        case ambiguousSize(degrees: Double)
        /// The box is too small for any rectangle turned by this angle.
        case inconsistentBox
    }

    /// The rectangle before the turn, and the angle, behind `frame` printed with `transform`.
    static func recover(frame: PrintedRect, transform t: AffineTransform) throws(Refusal) -> (rect: Rect, angle: Double) {
        let box = Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        let norm = t.a * t.a + t.b * t.b
        guard abs(t.a - t.d) <= tolerance, abs(t.b + t.c) <= tolerance, abs(norm - 1) <= 2 * tolerance else {
            throw .notARotation(reason(t))
        }
        if t.b == 0 && t.c == 0 && t.a == 1 && t.d == 1 { return (box, 0) }
        let angle = DeterministicMath.atan2(t.b, t.a)
        let length = norm.squareRoot()
        let c = abs(t.a) / length, s = abs(t.b) / length
        let cos2θ = c * c - s * s
        guard abs(cos2θ) >= minimumCos2θ else {
            throw .ambiguousSize(degrees: (angle * 180 / Double.pi * 1000).rounded() / 1000)
        }
        let width = (c * frame.width - s * frame.height) / cos2θ
        let height = (c * frame.height - s * frame.width) / cos2θ
        guard width >= 0, height >= 0 else { throw .inconsistentBox }
        return (Rect(center: box.center, size: Size(width: width, height: height)), angle)
    }

    /// Why a matrix is not a rotation, in words.
    private static func reason(_ t: AffineTransform) -> String {
        let scaleX = (t.a * t.a + t.b * t.b).squareRoot(), scaleY = (t.c * t.c + t.d * t.d).squareRoot()
        let determinant = t.a * t.d - t.b * t.c
        if determinant < 0 { return "it mirrors the element (its determinant is negative)" }
        if abs(t.a * t.c + t.b * t.d) > tolerance { return "it shears the element" }
        return "it scales the element (by \(format(scaleX)) × \(format(scaleY)))"
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
