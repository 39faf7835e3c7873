/// A rotation stored as a unit complex number `(cos θ, sin θ)`.
///
/// The solver advances it with products and a square root only, so no `sin`/`cos` from libm
/// ever runs inside a step (libm differs between platforms; these operations do not).
public struct Rotation: Hashable, Sendable {
    public var c: Double
    public var s: Double

    @inlinable public init(c: Double, s: Double) {
        self.c = c
        self.s = s
    }

    /// The rotation by `angle` radians, from the deterministic sine and cosine.
    public init(angle: Double) {
        let (s, c) = DeterministicMath.sinCos(angle)
        self.init(c: c, s: s)
    }

    public static let identity = Rotation(c: 1, s: 0)

    /// The angle in (−π, π]. An unturned rotation (sine exactly zero, cosine not negative) is
    /// answered without the arctangent, which gives 0 there too: most bodies of a list never
    /// turn, and the output reads every body's angle every frame.
    @inlinable public var angle: Double { s == 0 && c >= 0 ? 0 : DeterministicMath.atan2(s, c) }

    @inlinable public func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inlinable public func inverseRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }

    /// `self` followed by `other`.
    @inlinable public func then(_ other: Rotation) -> Rotation {
        Rotation(c: other.c * c - other.s * s, s: other.s * c + other.c * s)
    }

    /// The rotation from `self` to `other`, i.e. `self⁻¹ · other`.
    @inlinable public func relative(to other: Rotation) -> Rotation {
        Rotation(c: c * other.c + s * other.s, s: c * other.s - s * other.c)
    }

    /// Advanced by a small angle `dθ` without transcendental functions.
    ///
    /// The increment is the Cayley rotation `((1 − t²), 2t) / (1 + t²)` with `t = dθ/2`, which is
    /// exactly unit length and differs from the true rotation by `dθ³/12` radians, then renormalized
    /// to keep round-off from accumulating.
    @inlinable public func integrated(by dTheta: Double) -> Rotation {
        if dTheta == 0 { return self }
        let t = 0.5 * dTheta
        let t2 = t * t
        let inv = 1 / (1 + t2)
        let dc = (1 - t2) * inv
        let ds = 2 * t * inv
        let r = Rotation(c: c * dc - s * ds, s: s * dc + c * ds)
        let mag = (r.c * r.c + r.s * r.s).squareRoot()
        return Rotation(c: r.c / mag, s: r.s / mag)
    }
}

extension Rotation {
    /// The angle of `other` relative to `self` measured from `reference`, i.e. of
    /// `reference⁻¹ · self⁻¹ · other`, in (−π, π]: rotation algebra and a deterministic atan2.
    @inline(__always)
    func angle(to other: Rotation, from reference: Rotation) -> Double {
        let r = reference.relative(to: relative(to: other))
        return DeterministicMath.atan2(r.s, r.c)
    }
}
