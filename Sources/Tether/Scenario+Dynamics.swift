import TetherJSON

extension Scenario {
    /// What moves the layout's elements: nothing, springs on the cells, or any `dynamics`
    /// object of the scenario format.
    public struct Dynamics: Sendable {
        /// The `dynamics` object, or its text when given as JSON (parsed, and checked, with the
        /// rest of the scenario).
        enum Source: Sendable {
            case value(JSONValue)
            case text(String)
        }

        let source: Source

        /// The attributes straight from the layout, unmoved: a replay of the scroll alone.
        public static let none = Dynamics(source: .value(["type": "none"]))

        /// A published springy list's constants: the preset's spring, resistance and tiling.
        public enum Preset: String, Sendable, Hashable, CaseIterable {
            /// Ash Furrow's springy grid (objc.io #5): damping 0.8, 1 Hz, resistance 1500.
            case ash
            /// onevcat's VVSpringCollectionViewFlowLayout: every item sprung, no tiling.
            case vv
            /// TeehanLax's TLSpringFlowLayout.
            case teehanlax
            /// Tristan Himmelman's THSpringyFlowLayout, with its near-rest damping.
            case thspringy
            /// JSQMessagesCollectionViewFlowLayout with springiness on.
            case jsq
        }

        /// The springy list: every cell near the viewport hangs on a spring at its place and
        /// lags behind the scroll, the more the farther it is from the finger. Values left nil
        /// keep the preset's.
        ///
        /// - Parameters:
        ///   - damping: the damping ratio ζ (1 is critical; below 1 a cell overshoots).
        ///   - frequency: the spring's frequency, in hertz.
        ///   - resistance: the divisor of the distance to the finger, in points: when the content
        ///     moves by Δ, a cell d points from the finger moves by Δ·min(d / resistance, 1).
        public static func springy(
            _ preset: Preset = .ash, damping: Double? = nil, frequency: Double? = nil, resistance: Double? = nil
        ) -> Dynamics {
            var object: [(key: String, value: JSONValue)] = [("type", "springy"), ("preset", .string(preset.rawValue))]
            var spring: [(key: String, value: JSONValue)] = []
            if let damping { spring.append(("damping", .number(damping))) }
            if let frequency { spring.append(("frequency", .number(frequency))) }
            if !spring.isEmpty { object.append(("spring", .object(JSONObject(spring)))) }
            if let resistance { object.append(("resistance", .number(resistance))) }
            return Dynamics(source: .value(.object(JSONObject(object))))
        }

        /// Any `dynamics` object of the scenario format, as JSON text, e.g.
        /// `#"{"type": "springy", "preset": "vv", "tilePadding": null}"#`.
        public static func json(_ text: String) -> Dynamics {
            Dynamics(source: .text(text))
        }
    }
}
