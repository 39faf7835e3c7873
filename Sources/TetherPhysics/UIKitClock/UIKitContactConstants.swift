/// Box2D 2.3's collision and contact settings (b2Settings.h) in points, 100 pt per metre, next
/// to the solver settings in `UIKitConstants`.
extension UIKitConstants {
    /// b2_polygonRadius = 2·b2_linearSlop: the skin around every polygon and boundary edge. Boxes
    /// collide as their rectangles grown by this radius, so resting boxes stand about
    /// 2·radius − slop = 1.5 pt apart.
    static let polygonRadius = 2 * linearSlop
    /// b2_aabbExtension: how much the broadphase's fat boxes exceed the shapes' boxes.
    static let aabbExtension = 10.0
    /// b2_aabbMultiplier: a moved fat box is stretched by this many times the step's motion.
    static let aabbMultiplier = 2.0
    /// b2_toiBaugarte: the share of overlap corrected per iteration at a time of impact.
    static let toiBaumgarte = 0.75
    /// b2_maxSubSteps: a contact takes part in at most this many TOI events per step (plus one).
    static let maxSubSteps = 8
    /// b2_maxTOIContacts: the largest TOI island.
    static let maxTOIContacts = 32
    /// Position iterations of a TOI island (b2World::SolveTOI).
    static let toiPositionIterations = 20
    /// b2_epsilon (FLT_EPSILON) where Box2D uses it as a length in metres, in points.
    static let lengthEpsilon = 100 * Double(Float.ulpOfOne)
    /// b2_epsilon where Box2D uses it as a pure number (GJK's search direction, TOI's alpha).
    static let epsilon = Double(Float.ulpOfOne)
}
