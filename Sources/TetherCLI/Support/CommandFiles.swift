import TetherPlatform
import TetherScenario

/// The files one command reads and writes, compared by what they are to the kernel (device and
/// inode), not by their names: an output that is one of the command's inputs (`run x.json -o
/// x.json`, a link to a golden being compared, a shard being merged) or another of its outputs is
/// a usage error found before anything is written, and the input stays untouched.
struct CommandFiles {
    let command: String
    private var inputs: [(path: String, role: String, identity: FileIdentity)] = []
    private var outputs: [(option: String, target: OutputTarget)] = []

    init(command: String) {
        self.command = command
    }

    /// Resolves an output path (nil: standard output) and checks it against everything known so
    /// far. `option` is how the command line named it ("-o", "--contacts"…).
    mutating func output(_ path: String?, option: String) throws(CommandError) -> OutputTarget {
        let target: OutputTarget
        do {
            target = try path.map { (p) throws(OutputError) in try OutputTarget.resolve(p) } ?? .standardOutput
        } catch {
            throw .output(error)
        }
        for other in outputs where other.target.kind == .standardOutput && target.kind == .standardOutput {
            throw .usage("\(other.option) and \(option) both write to standard output; send one of them to a file", command: command)
        }
        if let identity = target.identity {
            if let input = inputs.first(where: { $0.identity == identity }) {
                throw collision(option, target, with: "\(input.role) \(input.path)")
            }
            if let other = outputs.first(where: { $0.target.identity == identity }) {
                throw collision(option, target, with: "also the output of \(other.option) (\(other.target.name))")
            }
        }
        outputs.append((option, target))
        return target
    }

    /// Records a file the command reads (`role`: "the scenario", "the golden"…). A path that does
    /// not exist is left for the reader to report.
    mutating func input(_ path: String, role: String) throws(CommandError) {
        guard let identity = FileIdentity.of(path) else { return }
        if let output = outputs.first(where: { $0.target.identity == identity }) {
            throw collision(output.option, output.target, with: "\(role) \(path)")
        }
        inputs.append((path, role, identity))
    }

    /// Records the files a loaded scenario names besides itself (custom layouts' elements files).
    mutating func inputs(namedBy files: [String]) throws(CommandError) {
        for path in files { try input(path, role: "the elements file") }
    }

    private func collision(_ option: String, _ target: OutputTarget, with what: String) -> CommandError {
        .usage("\(option) \(target.name): is \(what); write the output somewhere else", command: command)
    }
}
