/// Choices the reader leaves to its caller.
public struct ImportOptions: Sendable {
    /// Which description of an element described twice is imported.
    public enum Duplicates: Sendable, Hashable {
        /// The later one (the default): a dump pasted after an older one, or the "to" of a
        /// "changed from … to …" message, is the newer state.
        case keepLast
        /// The first one (`--first`).
        case keepFirst
    }

    /// What a supplementary kind is, for kinds UIKit's description cannot tell (it prints the
    /// kind's name, never whether it is a supplementary view or a decoration).
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case header, footer, decoration
    }

    public var duplicates: Duplicates
    /// Roles given to element kinds by name (`--kind NAME=ROLE`); the last given for a name wins.
    public var roles: [(kind: String, role: Role)]

    public init(duplicates: Duplicates = .keepLast, roles: [(kind: String, role: Role)] = []) {
        self.duplicates = duplicates
        self.roles = roles
    }

    /// The role given to `kind`, if any.
    func role(of kind: String) -> Role? {
        roles.last { $0.kind == kind }?.role
    }
}
