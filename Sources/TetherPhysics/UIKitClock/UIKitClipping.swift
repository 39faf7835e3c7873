/// A point of an incident edge while Box2D 2.3 clips it, with its feature id.
struct UIKitClipVertex: Sendable {
    var point: Vec2
    var feature: ContactFeature
}

/// b2ClipSegmentToLine: keeps the part of the segment `input` behind the line
/// `normal·p = offset`; a point made by cutting is vertex `vertexIndexA` (of the reference
/// shape) against the incident edge. Returns how many points came out (2 means the segment
/// survives).
///
/// A cut point is put back on the line after interpolating (2.3 keeps the interpolated point):
/// interpolation leaves it an ulp or two off, differently at the two ends of a face, and a box
/// centered on a wider one then gets lever arms that differ in the last bit.
func uikitClip(
    _ input: (UIKitClipVertex, UIKitClipVertex), normal: Vec2, offset: Double, vertexIndexA: Int
) -> (count: Int, points: (UIKitClipVertex, UIKitClipVertex)) {
    var first = input.0
    var second = input.1
    var count = 0
    func keep(_ v: UIKitClipVertex) {
        if count == 0 { first = v } else { second = v }
        count += 1
    }
    let d0 = normal.dot(input.0.point) - offset
    let d1 = normal.dot(input.1.point) - offset
    if d0 <= 0 { keep(input.0) }
    if d1 <= 0 { keep(input.1) }
    if d0 * d1 < 0 {
        let t = d0 / (d0 - d1)
        let cut = input.0.point + t * (input.1.point - input.0.point)
        keep(UIKitClipVertex(
            point: cut - (normal.dot(cut) - offset) * normal,
            feature: ContactFeature(
                indexA: vertexIndexA, typeA: .vertex, indexB: Int(input.0.feature.indexB), typeB: .face)))
    }
    return (count, (first, second))
}
