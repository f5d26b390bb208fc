import Foundation

extension Configuration {
    /// The defaults, then the file (`--config`, `LIVEUI_CONFIG` or `config/liveui.json` if present), then
    /// `LIVEUI_<KEY>` environment variables (`LIVEUI_PORT`, `LIVEUI_SESSION_IDLE_TTL`), then flags
    /// (`--port 9000`, `--session-idle-ttl 60`, `--host=0.0.0.0`).
    ///
    /// Unknown `LIVEUI_*` variables are returned in `warnings` rather than refused, so unrelated tools
    /// may share the prefix; unknown file keys and flags are errors.
    public static func load(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        warnings: ((String) -> Void)? = nil
    ) throws(ConfigurationError) -> Configuration {
        let flags = try parseFlags(arguments)
        var config = Configuration()
        let explicitPath = flags.first { $0.key == "config" }?.value ?? environment["LIVEUI_CONFIG"]
        let path = explicitPath ?? "config/liveui.json"
        if explicitPath != nil || FileManager.default.fileExists(atPath: path) {
            try config.apply(fileAt: path)
        }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("LIVEUI_") && name != "LIVEUI_CONFIG" {
            guard let setting = settings.first(where: { $0.environmentName == name }) else {
                warnings?("ignoring unknown environment variable \(name)")
                continue
            }
            try setting.apply(value, to: &config, source: "environment variable \(name)")
        }
        for (flag, value) in flags where flag != "config" {
            // The flag's own spelling (`--session-idle-ttl`) or the key's (`--sessionIdleTTL`).
            guard let setting = settings.first(where: { $0.flag == flag || $0.key == flag }) else {
                throw .unknownKey(flag, source: "command-line flag --\(flag)")
            }
            try setting.apply(value, to: &config, source: "command-line flag --\(flag)")
        }
        return config
    }

    /// Applies a JSON object of settings.
    public mutating func apply(fileAt path: String) throws(ConfigurationError) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadableFile(path: path, reason: "not found or not readable")
        }
        try apply(json: data, source: path)
    }

    /// Applies a JSON object of settings; `source` names it in errors.
    public mutating func apply(json data: Data, source: String) throws(ConfigurationError) {
        let object: [String: JSONValue]
        do { object = try JSONDecoder().decode([String: JSONValue].self, from: data) } catch {
            throw .unreadableFile(path: source, reason: "not a JSON object of strings, numbers and booleans")
        }
        for key in object.keys.sorted() {
            guard let setting = Self.setting(key), let value = object[key] else { throw .unknownKey(key, source: source) }
            let text: String
            switch (value, setting.json) {
            case (.string(let s), .string):
                text = s
            case (.string(let s), _):
                // A JSON string is only right for text settings.
                throw .invalidValue(key: key, value: s, expected: "a number or boolean, not a string", source: source)
            case (.bool(let b), .boolean), (.bool(let b), .optionalBoolean):
                text = b ? "true" : "false"
            case (.bool(let b), _):
                throw .invalidValue(key: key, value: String(b), expected: "a number, not a boolean", source: source)
            case (.null, .optionalBoolean):
                // `null` is "not set" for a setting that may be unset (the inspector follows the mode).
                text = "auto"
            case (.null, _):
                throw .invalidValue(key: key, value: "null", expected: "a value", source: source)
            case (.number(let n), .boolean), (.number(let n), .optionalBoolean):
                throw .invalidValue(key: key, value: String(n), expected: "true or false", source: source)
            case (.number(let n), _):
                text = Setting.numberText(n)
            }
            try setting.apply(text, to: &self, source: source)
        }
    }

    private static func parseFlags(_ arguments: [String]) throws(ConfigurationError) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            guard arg.hasPrefix("--"), arg.count > 2 else { throw .badArgument(arg) }
            let body = arg.dropFirst(2)
            if let eq = body.firstIndex(of: "=") {
                out.append((String(body[..<eq]), String(body[body.index(after: eq)...])))
                i += 1
            } else {
                guard i + 1 < arguments.count else { throw .badArgument(arg) }
                out.append((String(body), arguments[i + 1]))
                i += 2
            }
        }
        return out
    }
}

/// One value of the configuration file.
private enum JSONValue: Decodable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case null

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else {
            self = .string(try c.decode(String.self))
        }
    }
}
