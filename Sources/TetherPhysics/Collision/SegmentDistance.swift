/// The closest points of two segments `p1 → q1` and `p2 → q2`.
///
/// Used when two polygons are apart (speculative contact) to tell a corner facing a corner
/// (one point along the line between them) from a face facing a face (clip as usual). The
/// fractions are clamped to exactly 0 or 1 at the ends, so callers can test for vertices with
/// `==`.
struct SegmentDistance {
    /// Parameter of the closest point on the first segment, in [0, 1].
    var fraction1: Double
    /// Parameter of the closest point on the second segment, in [0, 1].
    var fraction2: Double
    var closest1: Vec2
    var closest2: Vec2
    var distanceSquared: Double

    init(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) {
        let d1 = q1 - p1
        let d2 = q2 - p2
        let r = p1 - p2
        let a = d1.dot(d1)
        let e = d2.dot(d2)
        let f = d2.dot(r)
        let epsilon = 1e-18
        var s = 0.0
        var t = 0.0
        if a <= epsilon && e <= epsilon {
            // Both are points.
        } else if a <= epsilon {
            t = Self.clamp01(f / e)
        } else {
            let c = d1.dot(r)
            if e <= epsilon {
                s = Self.clamp01(-c / a)
            } else {
                // Minimize |p1 + s·d1 − p2 − t·d2|² over the square [0, 1]²: first on the
                // infinite lines (s = 0 when parallel), then clamp t and re-solve s.
                let b = d1.dot(d2)
                let denominator = a * e - b * b
                s = denominator > 0 ? Self.clamp01((b * f - c * e) / denominator) : 0
                t = (b * s + f) / e
                if t < 0 {
                    t = 0
                    s = Self.clamp01(-c / a)
                } else if t > 1 {
                    t = 1
                    s = Self.clamp01((b - c) / a)
                }
            }
        }
        fraction1 = s
        fraction2 = t
        closest1 = p1 + s * d1
        closest2 = p2 + t * d2
        distanceSquared = (closest2 - closest1).lengthSquared
    }

    private static func clamp01(_ x: Double) -> Double { x < 0 ? 0 : (x > 1 ? 1 : x) }
}
