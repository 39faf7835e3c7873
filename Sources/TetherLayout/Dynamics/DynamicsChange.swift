/// One parameter of the springy list changed while a scene runs (a scenario's `set` event),
/// typed: read and checked once, when the scenario is loaded, and applied as it is.
public enum DynamicsChange: Sendable, Hashable {
    case springDampingRatio(Double)
    case springFrequency(Double)
    case springLength(Double)
    case resistance(Double)
    case touchDistance(TouchDistance)
    /// nil gives every cell a spring.
    case tilePadding(Double?)
}

extension SpringyConfiguration {
    /// The configuration with one parameter changed.
    public mutating func apply(_ change: DynamicsChange) {
        switch change {
        case .springDampingRatio(let value): dampingRatio = value
        case .springFrequency(let value): frequency = value
        case .springLength(let value): length = value
        case .resistance(let value): resistance = value
        case .touchDistance(let value): distance = value
        case .tilePadding(let value): tilePadding = value
        }
    }
}
