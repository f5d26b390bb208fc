import Foundation

extension Configuration {
    /// The table of `config/README.md`: each setting's key, default, environment variable, flag and meaning,
    /// read off ``settings`` (`make config-docs` writes it into the file; a test checks that it is there).
    static var settingsTable: String {
        let defaults = Configuration()
        var lines = ["| key | default | env | flag | meaning |", "|---|---|---|---|---|"]
        for setting in settings {
            lines.append(
                "| `\(setting.key)` | `\(setting.text(defaults))` | `\(setting.environmentName)` | `--\(setting.flag)` | "
                    + "\(setting.documentation) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `config/liveui.json`: every setting at its default, in the order of ``settings``.
    static var defaultFile: String {
        let defaults = Configuration()
        let members = settings.map { setting -> String in
            let text = setting.text(defaults)
            let value = setting.json == .string ? jsonString(text) : text
            return "  \(jsonString(setting.key)): \(value)"
        }
        return "{\n" + members.joined(separator: ",\n") + "\n}\n"
    }

    /// What the `--print-config-table` or `--print-config-file` argument asks for (the whole command line
    /// being that one argument), or nil for any other command line.
    static func generatedText(arguments: [String]) -> String? {
        switch arguments {
        case ["--print-config-table"]: settingsTable
        case ["--print-config-file"]: defaultFile
        default: nil
        }
    }

    private static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
