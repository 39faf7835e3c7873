/// How the touch distance that sets an item's lag is measured.
public enum TouchDistance: String, Sendable, Hashable, CaseIterable {
    /// |dx| + |dy| (ASH's springy layout).
    case manhattan
    /// Along the scroll axis only (VV, TeehanLax, THSpringy, JSQ).
    case axis
}

/// THSpringy's trick against residual wobble: while an item is within `within` points of its
/// anchor along the scroll axis its spring uses `dampingRatio` instead of the configured one.
public struct NearRestDamping: Sendable, Hashable {
    public var within: Double
    /// A damping ratio ζ (the file's `nearRestDamping.damping`).
    public var dampingRatio: Double

    public init(within: Double, dampingRatio: Double) {
        self.within = within
        self.dampingRatio = dampingRatio
    }
}

/// The parameters of the springy list (the iOS 7 Messages bounce).
public struct SpringyConfiguration: Sendable, Hashable {
    /// Spring rest length in points (0 = the item rests on its anchor).
    public var length: Double
    /// Damping ratio ζ (1 = critical); the file's `spring.damping`, which is a ratio.
    public var dampingRatio: Double
    /// Spring frequency in Hz.
    public var frequency: Double
    /// Divisor of the touch distance: an item at distance d moves by Δ·min(d/resistance, 1).
    public var resistance: Double
    public var distance: TouchDistance
    /// Springs exist for cells intersecting the visible rect grown by this; nil = every cell.
    public var tilePadding: Double?
    public var nearRestDamping: NearRestDamping?

    public init(
        length: Double = 0, dampingRatio: Double = 0.8, frequency: Double = 1, resistance: Double = 1500,
        distance: TouchDistance = .manhattan, tilePadding: Double? = 100, nearRestDamping: NearRestDamping? = nil
    ) {
        self.length = length
        self.dampingRatio = dampingRatio
        self.frequency = frequency
        self.resistance = resistance
        self.distance = distance
        self.tilePadding = tilePadding
        self.nearRestDamping = nearRestDamping
    }
}

/// The known implementations of the springy list, with their published constants.
public enum SpringyPreset: String, Sendable, Hashable, CaseIterable {
    /// Ash Furrow, objc.io #5 (ASHSpringyCollectionViewFlowLayout).
    case ash
    /// onevcat's VVSpringCollectionViewFlowLayout: springs on every item, no tiling.
    case vv
    /// TeehanLax TLSpringFlowLayout (final version): length 1 against resting twitch.
    case teehanlax
    /// Tristan Himmelman's THSpringyFlowLayout with its near-rest damping jump.
    case thspringy
    /// JSQMessagesCollectionViewFlowLayout with springiness enabled.
    case jsq

    public var configuration: SpringyConfiguration {
        switch self {
        case .ash:
            SpringyConfiguration(length: 0, dampingRatio: 0.8, frequency: 1, resistance: 1500, distance: .manhattan, tilePadding: 100)
        case .vv:
            SpringyConfiguration(length: 0, dampingRatio: 0.5, frequency: 0.8, resistance: 500, distance: .axis, tilePadding: nil)
        case .teehanlax:
            SpringyConfiguration(length: 1, dampingRatio: 0.8, frequency: 1, resistance: 900, distance: .axis, tilePadding: 100)
        case .thspringy:
            SpringyConfiguration(
                length: 0, dampingRatio: 0.6, frequency: 1, resistance: 600, distance: .axis, tilePadding: 100,
                nearRestDamping: NearRestDamping(within: 1, dampingRatio: 100))
        case .jsq:
            SpringyConfiguration(length: 1, dampingRatio: 1, frequency: 0.5, resistance: 1000, distance: .axis, tilePadding: 100)
        }
    }
}
