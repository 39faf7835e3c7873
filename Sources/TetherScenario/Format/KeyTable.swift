/// The names of one key table's keys as a Swift type whose raw values are the JSON key names.
///
/// Decoders name a key by a case (`keys[.hz]`), so a misspelt key fails to compile instead of
/// trapping when the line runs. Tables of the same shape share one (`ShapeFormats.VectorKey`).
public protocol FormatKeyName: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// A key table read by typed names: an object format's keys, or a union variant's own keys
/// (without the tag and the keys every variant shares).
///
/// `Name`'s cases are exactly the table's keys, no more and no fewer: `KeyTables.all` lists every
/// table and a test holds each to it, so a key added on one side only fails that test.
public struct KeyTable<Name: FormatKeyName>: Sendable {
    /// What the table describes: an object format's name, or "union.tag" for a variant.
    public let name: String
    /// The table's keys in its own order.
    public let keys: [FormatKey]

    public init(_ format: ObjectFormat) {
        name = format.name
        keys = format.keys
    }

    /// `variant` of the union named `union` ("event", "behavior"…).
    public init(_ variant: UnionFormat.Variant, of union: String) {
        name = "\(union).\(variant.tag)"
        keys = variant.keys
    }

    /// The key `name` names. A linear search, as tables hold a handful of keys; a case without a
    /// key is a table out of step with its names, which the test of `KeyTables.all` reports.
    public subscript(_ name: Name) -> FormatKey {
        let text = name.rawValue
        guard let key = keys.first(where: { $0.name == text }) else { preconditionFailure("\(self.name) has no key \(text)") }
        return key
    }
}

/// What a test needs of a key table whatever its names: the names its type declares beside the
/// keys the table has.
public protocol KeyTableDescription: Sendable {
    var name: String { get }
    var keys: [FormatKey] { get }
    var declaredNames: [String] { get }
}

extension KeyTable: KeyTableDescription {
    public var declaredNames: [String] { Name.allCases.map(\.rawValue) }
}

extension KeyTableDescription {
    /// The table's keys its names leave out, in table order (none when the two agree).
    public var keysWithoutName: [String] {
        keys.map(\.name).filter { !declaredNames.contains($0) }
    }

    /// The names that spell no key of the table, in declaration order (none when the two agree).
    public var namesWithoutKey: [String] {
        declaredNames.filter { name in !keys.contains { $0.name == name } }
    }
}

/// Every typed key table, for the test that holds each table's names to its keys and checks
/// that every object and variant with keys in `ScenarioFormat.all` has one.
public enum KeyTables {
    public static let all: [any KeyTableDescription] = [
        ScenarioFormat.rootKeys, ScenarioFormat.clockKeys, ScenarioFormat.outputKeys,
        LayoutFormats.flowKeys, LayoutFormats.waterfallKeys, LayoutFormats.customKeys, LayoutFormats.customAfterUpdateKeys,
        LayoutFormats.elementKeys, LayoutFormats.elementFrameKeys, LayoutFormats.contentSizeKeys,
        DynamicsFormats.springKeys, DynamicsFormats.nearRestDampingKeys, DynamicsFormats.ropeKeys,
        DynamicsFormats.springyKeys, DynamicsFormats.gravityKeys,
        EventFormats.moveKeys,
        EventFormats.touchDownKeys, EventFormats.dragKeys, EventFormats.touchUpKeys, EventFormats.scrollKeys,
        EventFormats.scrollToKeys, EventFormats.flingKeys, EventFormats.setKeys, EventFormats.insertKeys,
        EventFormats.deleteKeys, EventFormats.moveEventKeys, EventFormats.batchKeys, EventFormats.beginMoveKeys,
        EventFormats.updateMoveKeys, EventFormats.addBehaviorKeys, EventFormats.removeBehaviorKeys,
        WorldFormats.worldKeys, WorldFormats.itemKeys, WorldFormats.boundaryKeys,
        WorldFormats.gravityKeys, WorldFormats.collisionKeys, WorldFormats.itemBehaviorKeys, WorldFormats.pushKeys,
        WorldFormats.snapKeys,
        WorldFormats.springAttachmentKeys, WorldFormats.limitAttachmentKeys, WorldFormats.fixedAttachmentKeys, WorldFormats.pinAttachmentKeys,
        WorldFormats.slidingAttachmentKeys,
        WorldFormats.gravityVectorKeys, WorldFormats.pushVectorKeys, WorldFormats.angleRangeKeys,
        WorldFormats.lengthRangeKeys,
        ShapeFormats.pointKeys, ShapeFormats.velocityKeys, ShapeFormats.sizeKeys, ShapeFormats.referenceSizeKeys,
        ShapeFormats.insetsKeys, ShapeFormats.boundsKeys, ShapeFormats.itemPathKeys,
    ]
}

/// Rules written with a table's names, so that a misspelt key in a rule fails to compile as it
/// does in a decoder (`.exactlyOne(RootKey.layout, .world)`).
extension KeyRule {
    public static func exactlyOne<Name: FormatKeyName>(_ names: Name...) -> KeyRule {
        .exactlyOne(names.map(\.rawValue))
    }

    public static func atMostOne<Name: FormatKeyName>(_ names: Name...) -> KeyRule {
        .atMostOne(names.map(\.rawValue))
    }

    public static func requires<Name: FormatKeyName>(_ name: Name, _ others: Name...) -> KeyRule {
        .requires(name.rawValue, others.map(\.rawValue))
    }

    public static func excludes<Name: FormatKeyName>(_ name: Name, _ others: [Name]) -> KeyRule {
        .excludes(name.rawValue, others.map(\.rawValue))
    }
}
