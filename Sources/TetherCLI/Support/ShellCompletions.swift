import Foundation

/// Shell completion scripts for bash, zsh and fish, written from the commands' option
/// declarations (the same ones their help and parser read), so completion offers exactly what
/// the parser accepts: the commands, each command's options, the values an option names
/// (`visible|all`), files where an option or argument takes a file, scenario files elsewhere.
enum ShellCompletions {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    /// What may follow an option or stand as an argument.
    enum Completion: Equatable {
        case nothing
        case files
        case directories
        case words([String])
    }

    /// One command as completion sees it.
    struct Command {
        var name: String
        var abstract: String
        var options: [OptionDeclaration]
        var arguments: Completion
    }

    static func script(for shell: Shell, commands: [any TetherCommand.Type]) -> String {
        let described = commands.map(describe)
        switch shell {
        case .bash: return bash(described)
        case .zsh: return zsh(described)
        case .fish: return fish(described)
        }
    }

    static func describe(_ command: any TetherCommand.Type) -> Command {
        let leads = command.help.usages.map(\.lead)
        let arguments: Completion =
            leads.contains { $0.contains("<") } ? .files
            : leads.compactMap { words(in: $0) }.first.map(Completion.words) ?? .nothing
        return Command(name: command.name, abstract: command.abstract, options: command.help.options, arguments: arguments)
    }

    /// What an option's value completes to, read from its placeholder: a `FILE` or a `DIR`, a
    /// list of words (`csv|json`), or nothing to offer (`N`, `PATH=VALUE`).
    static func completion(of option: OptionDeclaration) -> Completion {
        guard let value = option.value else { return .nothing }
        if value.contains("FILE") { return .files }
        if value.contains("DIR") { return .directories }
        return words(in: value).map(Completion.words) ?? .nothing
    }

    /// `visible|all` → ["visible", "all"]; nil unless the text is two or more lowercase words.
    static func words(in text: String) -> [String]? {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let isWord = { (part: String) in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
        return parts.count > 1 && parts.allSatisfy(isWord) ? parts : nil
    }

    // MARK: - bash

    static func bash(_ commands: [Command]) -> String {
        var lines = [
            "# bash completion for tether, written by `tether completions bash`.",
            "# Load it in ~/.bashrc: source <(tether completions bash)",
            "_tether() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \"\((commands.map(\.name) + ["help", "--help", "--version"]).joined(separator: " "))\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]}\" in",
            "    help)",
            "        [ \"$COMP_CWORD\" -eq 2 ] && COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\"))",
            "        ;;",
        ]
        for command in commands {
            lines.append("    \(command.name))")
            let valued = command.options.filter { !$0.isFlag }
            if !valued.isEmpty {
                lines.append("        case \"$prev\" in")
                for option in valued {
                    lines.append("        \(option.names.joined(separator: "|"))) \(bashCompletion(completion(of: option))); return ;;")
                }
                lines.append("        esac")
            }
            let spellings = command.options.flatMap(\.names).joined(separator: " ")
            lines.append("        if [[ \"$cur\" == -* ]]; then")
            lines.append("            COMPREPLY=($(compgen -W \"\(spellings)\" -- \"$cur\"))")
            lines.append("        else")
            lines.append("            \(bashCompletion(command.arguments))")
            lines.append("        fi")
            lines.append("        ;;")
        }
        lines += ["    esac", "}", "complete -F _tether tether", ""]
        return lines.joined(separator: "\n")
    }

    private static func bashCompletion(_ completion: Completion) -> String {
        switch completion {
        case .nothing: return "COMPREPLY=()"
        case .files: return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directories: return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .words(let words): return "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    // MARK: - zsh

    static func zsh(_ commands: [Command]) -> String {
        var lines = [
            "#compdef tether",
            "# zsh completion for tether, written by `tether completions zsh`.",
            "# Load it in ~/.zshrc after compinit: source <(tether completions zsh)",
            "# (or save it as _tether in a folder of your $fpath).",
            "_tether() {",
            "    if (( CURRENT == 2 )); then",
            "        local -a commands=(\(commands.map { zshQuoted("\($0.name):\($0.abstract)") }.joined(separator: " ")))",
            "        _describe 'command' commands",
            "        compadd -- help --help --version",
            "        return",
            "    fi",
            "    local previous=${words[CURRENT-1]}",
            "    case ${words[2]} in",
            "    help) (( CURRENT == 3 )) && compadd -- \(commands.map(\.name).joined(separator: " ")) ;;",
        ]
        for command in commands {
            lines.append("    \(command.name))")
            let valued = command.options.filter { !$0.isFlag }
            if !valued.isEmpty {
                lines.append("        case $previous in")
                for option in valued {
                    lines.append("        \(option.names.joined(separator: "|"))) \(zshCompletion(completion(of: option))); return ;;")
                }
                lines.append("        esac")
            }
            lines.append("        if [[ $PREFIX == -* ]]; then")
            lines.append("            compadd -- \(command.options.flatMap(\.names).joined(separator: " "))")
            lines.append("        else")
            lines.append("            \(zshCompletion(command.arguments))")
            lines.append("        fi")
            lines.append("        ;;")
        }
        lines += [
            "    esac",
            "}",
            "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then _tether \"$@\"; else compdef _tether tether; fi",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    private static func zshCompletion(_ completion: Completion) -> String {
        switch completion {
        case .nothing: return ":"
        case .files: return "_files"
        case .directories: return "_files -/"
        case .words(let words): return "compadd -- \(words.joined(separator: " "))"
        }
    }

    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: - fish

    static func fish(_ commands: [Command]) -> String {
        var lines = [
            "# fish completion for tether, written by `tether completions fish`.",
            "# Save it: tether completions fish > ~/.config/fish/completions/tether.fish",
            "complete -c tether -f",
            "complete -c tether -n __fish_use_subcommand -l version -d 'Show the version.'",
            "complete -c tether -n __fish_use_subcommand -a help -d 'Show help for a command.'",
        ]
        for command in commands {
            lines.append("complete -c tether -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.abstract))")
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                var spellings: [String] = []
                for name in option.names {
                    spellings.append(name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())")
                }
                let summary = option.help.split(separator: "\n").first.map(String.init) ?? ""
                lines.append("complete -c tether \(condition) \(spellings.joined(separator: " "))\(fishValue(completion(of: option), isFlag: option.isFlag)) -d \(fishQuoted(summary))")
            }
            switch command.arguments {
            case .nothing: break
            case .files, .directories: lines.append("complete -c tether \(condition) -F")
            case .words(let words): lines.append("complete -c tether \(condition) -a \(fishQuoted(words.joined(separator: " ")))")
            }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    private static func fishValue(_ completion: Completion, isFlag: Bool) -> String {
        if isFlag { return "" }
        switch completion {
        case .nothing: return " -x"
        case .files, .directories: return " -r -F"
        case .words(let words): return " -x -a \(fishQuoted(words.joined(separator: " ")))"
        }
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
