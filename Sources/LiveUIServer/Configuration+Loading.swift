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
            let envKey = String(name.dropFirst("LIVEUI_".count))
            guard let key = keys.first(where: { environmentName(of: $0) == envKey }) else {
                warnings?("ignoring unknown environment variable \(name)")
                continue
            }
            try config.set(key, value, source: "environment variable \(name)")
        }
        for (flag, value) in flags where flag != "config" {
            guard let key = keys.first(where: { $0 == flag || flagName(of: $0) == flag }) else {
                throw .unknownKey(flag, source: "command-line flag --\(flag)")
            }
            try config.set(key, value, source: "command-line flag --\(flag)")
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
        let object: [String: SettingValue]
        do { object = try JSONDecoder().decode([String: SettingValue].self, from: data) } catch {
            throw .unreadableFile(path: source, reason: "not a JSON object of strings, numbers and booleans")
        }
        for key in object.keys.sorted() {
            guard Self.keys.contains(key), let value = object[key] else { throw .unknownKey(key, source: source) }
            let text: String
            switch value {
            case .string(let s):
                // A JSON string is only right for text settings.
                guard ["host", "publicDirectory", "logLevel", "mode"].contains(key) else {
                    throw .invalidValue(key: key, value: s, expected: "a number or boolean, not a string", source: source)
                }
                text = s
            case .bool(let b):
                guard Self.booleanKeys.contains(key) else {
                    throw .invalidValue(key: key, value: String(b), expected: "a number, not a boolean", source: source)
                }
                text = b ? "true" : "false"
            case .null:
                // `null` is "not set" for a setting that may be unset (the inspector follows the mode).
                guard Self.nullableKeys.contains(key) else {
                    throw .invalidValue(key: key, value: "null", expected: "a value", source: source)
                }
                text = "auto"
            case .number(let n):
                guard !Self.booleanKeys.contains(key) else {
                    throw .invalidValue(key: key, value: String(n), expected: "true or false", source: source)
                }
                text = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
            }
            try set(key, text, source: source)
        }
    }

    /// Keys whose JSON value may be `null` (not set: derived from another setting).
    static let nullableKeys: Set<String> = ["inspector"]

    /// Keys whose JSON value must be `true` or `false`.
    static let booleanKeys: Set<String> = ["inspector", "behindHTTPS", "eventsOnServerThreads"]

    /// `sessionIdleTTL` → `SESSION_IDLE_TTL`.
    static func environmentName(of key: String) -> String { words(of: key).joined(separator: "_").uppercased() }

    /// `sessionIdleTTL` → `session-idle-ttl`.
    static func flagName(of key: String) -> String { words(of: key).joined(separator: "-").lowercased() }

    private static func words(of key: String) -> [String] {
        var words: [String] = []
        var current = ""
        let chars = Array(key)
        for (i, c) in chars.enumerated() {
            let startsWord =
                c.isUppercase && i > 0
                && (chars[i - 1].isLowercase || (i + 1 < chars.count && chars[i + 1].isLowercase && chars[i - 1].isUppercase))
            if startsWord {
                words.append(current)
                current = ""
            }
            current.append(c)
        }
        words.append(current)
        return words
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
private enum SettingValue: Decodable {
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
