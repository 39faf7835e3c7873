/// A symmetric 2×2 matrix (m11, m12; m12, m22).
struct SymmetricMatrix2: Sendable {
    var m11 = 0.0
    var m12 = 0.0
    var m22 = 0.0

    init() {}

    init(_ m11: Double, _ m12: Double, _ m22: Double) {
        self.m11 = m11
        self.m12 = m12
        self.m22 = m22
    }

    /// The inverse of (k11, k12; k12, k22), or zero when it is singular.
    init(inverting k11: Double, _ k12: Double, _ k22: Double) {
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        self.init(det * k22, -det * k12, det * k11)
    }

    @inline(__always)
    func times(_ v: Vec2) -> Vec2 { Vec2(m11 * v.x + m12 * v.y, m12 * v.x + m22 * v.y) }
}
