import TetherJSON

/// The files a scenario names besides itself (a custom layout's `elementsFile`), found relative
/// to the scenario file's folder so a scenario and its layouts move together.
public struct ScenarioFiles: Sendable {
    /// The scenario file's folder ("." for a scenario given without one).
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The folder of the scenario file at `scenarioPath`.
    public init(scenarioPath: String) {
        guard let slash = scenarioPath.lastIndex(of: "/") else {
            self.init(directory: ".")
            return
        }
        let folder = String(scenarioPath[..<slash])
        self.init(directory: folder.isEmpty ? "/" : folder)
    }

    /// Where a path written in the scenario points: absolute paths as they are, others inside `directory`.
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || directory == "." { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// Every file `document` names (each `"elementsFile"`, in document order), resolved as the
    /// decoder resolves them: the inputs a command must not overwrite.
    public func named(in document: JSONValue) -> [String] {
        switch document {
        case .object(let object):
            object.members.flatMap { member -> [String] in
                if member.key == "elementsFile", case .string(let path) = member.value { return [resolve(path)] }
                return named(in: member.value)
            }
        case .array(let values): values.flatMap(named(in:))
        case .null, .bool, .number, .string: []
        }
    }

    /// The bytes of the file named at `key` (written as `path`). A missing or unreadable file is
    /// an `UnreadableInputError` (exit 66), not a scenario error; one larger than a scenario file
    /// may be is over a limit (exit 65).
    func read(_ path: String, at key: JSONPath) throws -> [UInt8] {
        do {
            return try InputFile.read(resolve(path), limit: ScenarioLoader.maxFileSize)
        } catch {
            if case .tooLarge = error.problem { throw ValidationError(key, "\(error), the limit for elements files") }
            throw UnreadableInputError(key, error.description)
        }
    }
}

/// A file the scenario names is missing or cannot be read (exit 66, like a missing scenario):
/// where it is named and why, worded as a validation error is.
public struct UnreadableInputError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problem: ValidationError

    public init(_ path: JSONPath, _ message: String) {
        problem = ValidationError(path, message)
    }

    /// "PATH: message".
    public var description: String { problem.description }
}
