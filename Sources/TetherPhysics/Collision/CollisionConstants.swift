/// Lengths, in points, that decide when shapes count as touching.
///
/// Box2D's values are for metres; UIKit items are tens to hundreds of points, so the slop is
/// scaled to half a point: small enough to be invisible on screen, large enough to absorb
/// round-off and keep resting contacts from chattering.
public enum CollisionConstants {
    /// The overlap the solver tolerates at rest; also the base of the tolerances below.
    public static let linearSlop = 0.5

    /// Contact points are produced this far before the shapes touch, so the solver can stop a
    /// fast body before it passes through (Box2D v3 uses 4 × slop).
    public static let speculativeDistance = 4 * linearSlop

    /// How much more B's separating axis must separate than A's before B's face becomes the
    /// reference face; without this margin the reference face flips between frames on ties and
    /// the feature ids (hence warm starting) are lost.
    public static let referenceFaceTolerance = 0.1 * linearSlop
}
