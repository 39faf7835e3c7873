/// When every body has been still for long enough the world pauses, as UIDynamicAnimator does:
/// stepping a paused world does nothing until something acts on it (a body or joint is added,
/// moved, pushed, or changed), which wakes it.
///
/// "Still" means every movable body's position moves slower than `restSpeed` (0.5 pt/s) and its
/// rotation turns slower than `restAngularSpeed` (0.5°/s), in every substep, for `restDuration`
/// (0.5 s) of simulated time. Box2D's
/// sleep tolerances are ten times looser (5 pt/s at 100 pt per meter); these are chosen so a
/// spring pauses only when its item is within about a tenth of a point of rest.
extension World {
    public static let restSpeed = 0.5
    public static let restAngularSpeed = 0.5 * DeterministicMath.pi / 180
    public static let restDuration = 0.5

    /// Resumes stepping.
    public mutating func wake() {
        isPaused = false
        restTime = 0
    }

    /// Called after each step with the largest squared speeds at its end: accumulates still
    /// time and pauses the world.
    mutating func updateRest(timeStep: Double, fastest: (linear: Double, angular: Double)) {
        let still =
            fastest.linear <= Self.restSpeed * Self.restSpeed
            && fastest.angular <= Self.restAngularSpeed * Self.restAngularSpeed
        restTime = still ? restTime + timeStep : 0
        if allowsPause && restTime >= Self.restDuration { isPaused = true }
    }
}
