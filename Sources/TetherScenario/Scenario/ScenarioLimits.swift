import TetherPhysics

/// Sizes beyond which a scenario is rejected as absurd, so a typo cannot ask for terabytes of
/// output or hours of stepping. Documented in docs/cli.md and docs/scenario-format.md.
public enum ScenarioLimits {
    public static let maxFrames = 1_000_000
    public static let maxHz = 1_000
    public static let maxSubsteps = 64
    public static let maxSections = 10_000
    public static let maxItemsPerSection = 1_000_000
    public static let maxElements = 1_000_000
    /// Largest length anywhere (viewport, item sizes, spacing, insets, offsets), in points.
    public static let maxLength = 1_000_000.0
    /// Largest content size along either axis, in points.
    public static let maxContentLength = 100_000_000.0
    /// Largest velocity, in points per second.
    public static let maxSpeed = 1_000_000.0
    public static let maxFrequency = 10_000.0
    public static let maxDamping = 10_000.0
    /// Largest turn of a custom layout's element, in radians (one full turn either way).
    public static let maxAngle = 2 * DeterministicMath.pi
    public static let maxNameLength = 100
}
