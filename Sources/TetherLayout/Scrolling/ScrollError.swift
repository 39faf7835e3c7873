import TetherPhysics

/// Why a scroll command was refused. Every case leaves the model unchanged.
public enum ScrollError: Error, Sendable, Hashable {
    /// `touchDown` while a finger is already down: the model tracks one finger.
    case fingerAlreadyDown
    /// `drag` or `touchUp` without a finger down.
    case noFingerDown
    /// `fling` while a finger is down: a held scroll view doesn't decelerate.
    case fingerDown
    /// `scrollTo` outside [0, maximum] on the scroll axis, or changing the cross-axis component.
    case offsetOutOfRange(offset: Vec2, maximum: Vec2)
    /// A deceleration rate outside the open interval (0, 1).
    case invalidRate(Double)

    /// A sentence for people reading a scenario's error output.
    public var message: String {
        switch self {
        case .fingerAlreadyDown:
            return "A finger is already down; lift it with touchUp before touching down again."
        case .noFingerDown:
            return "No finger is down; call touchDown before dragging or lifting the finger."
        case .fingerDown:
            return "A finger is down; a fling needs the finger lifted first."
        case let .offsetOutOfRange(offset, maximum):
            return "The content offset \(offset) is out of range: along the scroll axis it must lie "
                + "between 0 and the maximum offset \(maximum), and the other component cannot change."
        case let .invalidRate(rate):
            return "The deceleration rate \(rate) is invalid; it must lie strictly between 0 and 1."
        }
    }
}
