/// UIScrollView's rubber band: how far the content follows a finger dragged past an edge.
///
/// `band(x) = (1 − 1/(x·c/d + 1))·d` with c = 0.55 and d the viewport's extent along the axis.
/// It starts with slope c and approaches d without reaching it, so the content can never be
/// pulled a whole viewport past its edge.
public enum RubberBand {
    /// UIKit's coefficient c: the content follows the finger at 55 % right at the edge.
    public static let coefficient = 0.55

    /// The displayed overscroll for a finger overscroll `x ≥ 0` and dimension `d`; 0 when d ≤ 0.
    public static func band(_ x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (x * coefficient / d + 1)) * d
    }

    /// The finger overscroll that displays `b ≥ 0`, the inverse of `band`.
    ///
    /// `b` is capped at `maximumInvertibleFraction·d` because `band` never reaches d: content
    /// pushed farther (an outward fling while bouncing, or shrinking content) can't be reached
    /// by a finger, and jumps to the cap when the finger first moves.
    public static func inverse(_ b: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let capped = min(b, maximumInvertibleFraction * d)
        return capped * d / (coefficient * (d - capped))
    }

    /// The largest displayed overscroll, as a fraction of d, a finger can take over.
    public static let maximumInvertibleFraction = 0.99
}
