import TetherJSON

/// Objects of several kinds told apart by one tag key: layouts by `"type"`, events by `"type"`,
/// attachments by `"kind"`. Each variant has the tag, the keys every variant shares, and its own.
public struct UnionFormat: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public var tag: String
        public var description: String
        public var keys: [FormatKey]
        public var rules: [KeyRule]
        /// A variant that is itself a union (an attachment is a behavior with a `kind`).
        public var nested: UnionFormat?

        public init(_ tag: String, _ description: String, keys: [FormatKey] = [], rules: [KeyRule] = [], nested: UnionFormat? = nil) {
            self.tag = tag
            self.description = description
            self.keys = keys
            self.rules = rules
            self.nested = nested
        }

        /// The key spelt `name`, if the variant has one. Decoders read keys through a typed
        /// `KeyTable` instead, whose names the compiler checks.
        public func key(named name: String) -> FormatKey? {
            keys.first { $0.name == name }
        }
    }

    public var name: String
    public var description: String
    /// The tag key; its format is the list of variant tags.
    public var tag: FormatKey
    /// Keys of every variant besides the tag.
    public var common: [FormatKey]
    public var variants: [Variant]

    /// `tagName` is required unless `defaultTag` names the variant an absent tag means.
    public init(
        _ name: String, _ description: String, tag tagName: String, tagDescription: String, defaultTag: String? = nil,
        common: [FormatKey] = [], variants: [Variant]
    ) {
        self.name = name
        self.description = description
        tag = FormatKey(
            tagName, .choice(variants.map(\.tag)), required: defaultTag == nil, default: defaultTag.map { .string($0) },
            tagDescription)
        self.common = common
        self.variants = variants
    }

    public var tags: [String] { variants.map(\.tag) }

    public func variant(_ tag: String) -> Variant {
        guard let variant = variants.first(where: { $0.tag == tag }) else { preconditionFailure("\(name) has no variant \(tag)") }
        return variant
    }

    /// Every key a variant may have (tag, common keys, its own), in that order; for a nested
    /// union, the keys of its nested variant `inner`.
    public func keys(of tag: String, inner: String? = nil) -> [FormatKey] {
        let variant = variant(tag)
        let outer = [self.tag] + common + variant.keys
        guard let nested = variant.nested else { return outer }
        return outer + nested.keys(of: inner ?? nested.tag.defaultValue?.stringValue ?? nested.tags[0])
    }

    /// The object a variant stands for: every key it may have and its rules.
    public func format(of tag: String, inner: String? = nil) -> ObjectFormat {
        let variant = variant(tag)
        guard let nested = variant.nested else {
            return ObjectFormat("\(name).\(tag)", variant.description, keys: keys(of: tag), rules: variant.rules)
        }
        let innerTag = inner ?? nested.tag.defaultValue?.stringValue ?? nested.tags[0]
        let innerVariant = nested.variant(innerTag)
        return ObjectFormat(
            "\(nested.name).\(innerTag)", innerVariant.description, keys: keys(of: tag, inner: innerTag),
            rules: variant.rules + innerVariant.rules)
    }

    public func keyNames(of tag: String, inner: String? = nil) -> [String] {
        keys(of: tag, inner: inner).map(\.name)
    }

    /// Every key any variant may have, each once, in first-seen order.
    public var allKeyNames: [String] {
        var names: [String] = []
        for variant in variants {
            let tags: [String?] = variant.nested?.tags ?? [nil]
            for inner in tags {
                for name in keyNames(of: variant.tag, inner: inner) where !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}

extension JSONValue {
    /// The string, or nil for any other value.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
