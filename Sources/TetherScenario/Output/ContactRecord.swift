import TetherJSON
import TetherPhysics

/// One of UIKit's collision-delegate callbacks, with names instead of handles, for
/// `tether run --contacts FILE`.
public struct ContactRecord: Sendable, Hashable {
    public enum Other: Sendable, Hashable {
        case item(String)
        /// A boundary's identifier, nil for the reference bounds.
        case boundary(String?)
    }

    public var frame: Int
    public var began: Bool
    public var item: String
    public var other: Other
    public var point: Vec2?

    /// One JSON Lines record, numbers with 3 decimals like the frame output:
    /// `{"frame":47,"event":"began","item":"card","boundary":"shelf","point":[160.000,400.000]}`
    /// or `{"frame":47,"event":"ended","items":["ball0","ball1"]}`.
    public var jsonLine: String {
        var buffer: [UInt8] = []
        func text(_ s: String) { buffer += Array(s.utf8) }
        text("{\"frame\":\(frame),\"event\":\"\(began ? "began" : "ended")\",")
        switch other {
        case .item(let name):
            text("\"items\":[\(JSONValue.string(name).serialized()),\(JSONValue.string(item).serialized())]")
        case .boundary(let name):
            text("\"item\":\(JSONValue.string(item).serialized()),\"boundary\":\(name.map { JSONValue.string($0).serialized() } ?? "null")")
        }
        if let point {
            text(",\"point\":[")
            FixedDecimal.append(point.x, decimals: 3, to: &buffer)
            text(",")
            FixedDecimal.append(point.y, decimals: 3, to: &buffer)
            text("]")
        }
        text("}\n")
        return String(decoding: buffer, as: UTF8.self)
    }
}
