import Foundation
import Testing
@testable import LiveUIServer

/// The repository's `config/` folder.
private let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("config")

@Suite("Configuration")
struct ConfigurationTests {
    @Test("config/liveui.json holds exactly the built-in defaults, every key, as the settings table writes it")
    func fileMatchesDefaults() throws {
        let url = configFolder.appendingPathComponent("liveui.json")
        var fromFile = Configuration()
        fromFile.port = 1
        try fromFile.apply(fileAt: url.path)
        #expect(fromFile == Configuration())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(Set(object.keys) == Set(Configuration.keys))
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text == Configuration.defaultFile, "config/liveui.json differs from Configuration.settings: run make config-docs")
    }

    @Test("config/README.md's table is the one the settings table writes")
    func readmeTableMatchesSettings() throws {
        let readme = try String(contentsOf: configFolder.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.hasPrefix("<!-- settings table:") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("<!-- end of the settings table -->") })
        let table = lines[(begin + 1)..<end].joined(separator: "\n") + "\n"
        #expect(table == Configuration.settingsTable, "config/README.md differs from Configuration.settings: run make config-docs")
    }

    @Test("each key is spelled once: no two settings share a key, an environment variable or a flag")
    func namesAreUnique() {
        let settings = Configuration.settings
        #expect(Set(settings.map(\.key)).count == settings.count)
        #expect(Set(settings.map(\.environmentName)).count == settings.count)
        #expect(Set(settings.map(\.flag)).count == settings.count)
        #expect(Configuration.keys == settings.map(\.key))
    }

    @Test("every setting is read from its environment variable, its flag and the file, and its default text reads back")
    func everySettingReadsEverywhere() throws {
        let defaults = Configuration()
        for setting in Configuration.settings {
            let text = setting.text(defaults)
            let value = setting.json == .optionalBoolean && text == "null" ? "auto" : text
            #expect(try Configuration.load(arguments: [], environment: [setting.environmentName: value]) == defaults, "\(setting.key)")
            #expect(try Configuration.load(arguments: ["--\(setting.flag)", value], environment: [:]) == defaults, "\(setting.key)")
            #expect(try Configuration.load(arguments: ["--\(setting.key)=\(value)"], environment: [:]) == defaults, "\(setting.key)")
        }
        var fromFile = Configuration()
        fromFile.port = 1
        try fromFile.apply(json: Data(Configuration.defaultFile.utf8), source: "defaults")
        #expect(fromFile == defaults)
    }

    @Test("an empty value is refused for every setting, in the environment and on the command line, naming the key")
    func emptyValuesAreRefused() {
        for setting in Configuration.settings {
            let name = setting.environmentName
            #expect(throws: ConfigurationError.self, "\(setting.key)") {
                try Configuration.load(arguments: [], environment: [name: ""])
            }
            do {
                _ = try Configuration.load(arguments: ["--\(setting.flag)="], environment: [:])
                Issue.record("\(setting.key): an empty flag value was accepted")
            } catch {
                switch error {
                case .invalidValue(let key, _, _, let source), .invalidSetting(let key, _, _, let source):
                    #expect(key == setting.key)
                    #expect(source == "command-line flag --\(setting.flag)")
                default:
                    Issue.record("\(setting.key): \(error)")
                }
            }
        }
    }

    @Test("values are checked by kind: ranges, positive numbers, words of an enumeration, booleans, auto")
    func valuesCheckedByKind() throws {
        func set(_ key: String, _ value: String) throws -> Configuration {
            var c = Configuration()
            try c.set(key, value, source: "t")
            return c
        }
        #expect(throws: ConfigurationError.invalidValue(key: "threads", value: "0", expected: "an integer in 1...256", source: "t")) {
            try set("threads", "0")
        }
        #expect(throws: ConfigurationError.invalidValue(
            key: "sessionsPerSecondPerAddress", value: "0", expected: "a positive number", source: "t")) {
            try set("sessionsPerSecondPerAddress", "0")
        }
        #expect(throws: ConfigurationError.invalidValue(
            key: "eventsPerSecond", value: "-1", expected: "a number ≥ 0 (0 = no limit)", source: "t")) {
            try set("eventsPerSecond", "-1")
        }
        #expect(throws: ConfigurationError.invalidValue(
            key: "logLevel", value: "loud", expected: "debug, info, warning or error", source: "t")) {
            try set("logLevel", "loud")
        }
        #expect(throws: ConfigurationError.invalidValue(key: "mode", value: "x", expected: "development or production", source: "t")) {
            try set("mode", "x")
        }
        #expect(throws: ConfigurationError.invalidValue(key: "behindHTTPS", value: "maybe", expected: "true or false", source: "t")) {
            try set("behindHTTPS", "maybe")
        }
        #expect(try set("eventsPerSecond", "0").eventsPerSecond == 0)
        #expect(try set("logLevel", "WARNING").logLevel == .warning)
        #expect(try set("inspector", "auto").inspector == nil)
        #expect(try set("inspector", "on").inspector == true)
        #expect(try set("host", "::1").host == "::1")
        #expect(try set("sessionIdleTTL", " 1.5 ").sessionIdleTTL == 1.5)
    }

    @Test("--print-config-table and --print-config-file alone name the generated texts; nothing else does")
    func generatedTextArguments() {
        #expect(Configuration.generatedText(arguments: ["--print-config-table"]) == Configuration.settingsTable)
        #expect(Configuration.generatedText(arguments: ["--print-config-file"]) == Configuration.defaultFile)
        #expect(Configuration.generatedText(arguments: []) == nil)
        #expect(Configuration.generatedText(arguments: ["--print-config-table", "--port", "1"]) == nil)
    }

    @Test("file, then LIVEUI_* environment, then flags")
    func precedence() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("liveui-\(UUID().uuidString).json").path
        try #"{"port": 7000, "threads": 3, "logLevel": "debug", "inspector": false}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let config = try Configuration.load(
            arguments: ["--config", path, "--port", "9000", "--session-idle-ttl=60", "--behindHTTPS", "true"],
            environment: [
                "LIVEUI_PORT": "8000", "LIVEUI_THREADS": "5", "LIVEUI_MAX_BODY_BYTES": "1000", "LIVEUI_PER_IP_CONNECTION_LIMIT": "7",
                "LIVEUI_QUICK_EVENT_MICROSECONDS": "60000000",
            ])
        #expect(config.port == 9000)
        #expect(config.threads == 5)
        #expect(config.logLevel == .debug)
        #expect(config.inspector == false)
        #expect(config.maxBodyBytes == 1000)
        #expect(config.perIPConnectionLimit == 7)
        #expect(config.quickEventMicroseconds == 60_000_000)
        #expect(config.sessionIdleTTL == 60)
        #expect(config.behindHTTPS)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("unknown keys and bad values are reported with the key's name and source")
    func errors() throws {
        #expect(throws: ConfigurationError.unknownKey("prot", source: "command-line flag --prot")) {
            try Configuration.load(arguments: ["--prot", "1"], environment: [:])
        }
        #expect(throws: ConfigurationError.invalidValue(
            key: "port", value: "http", expected: "an integer in 0...65535", source: "environment variable LIVEUI_PORT")) {
            try Configuration.load(arguments: [], environment: ["LIVEUI_PORT": "http"])
        }
        func apply(_ json: String) throws {
            var c = Configuration()
            try c.apply(json: Data(json.utf8), source: "test.json")
        }
        func set(_ key: String, _ value: String) throws {
            var c = Configuration()
            try c.set(key, value, source: "t")
        }
        #expect(throws: ConfigurationError.unknownKey("colour", source: "test.json")) { try apply(#"{"colour": "red"}"#) }
        #expect(throws: ConfigurationError.self) { try apply(#"{"port": "8080"}"#) }
        #expect(throws: ConfigurationError.self) { try apply(#"{"port": 80.5}"#) }
        #expect(throws: ConfigurationError.self) { try apply(#"{"inspector": 1}"#) }
        #expect(throws: ConfigurationError.self) { try apply("[1]") }
        #expect(throws: ConfigurationError.self) { try set("logLevel", "loud") }
        #expect(throws: ConfigurationError.self) { try set("host", "example.com") }
        #expect(throws: ConfigurationError.self) { try set("heartbeatSeconds", "0") }
        #expect(throws: ConfigurationError.invalidValue(
            key: "quickEventMicroseconds", value: "-1", expected: "an integer in 0...60000000", source: "t")) {
            try set("quickEventMicroseconds", "-1")
        }
        #expect(throws: ConfigurationError.self) { try set("quickEventMicroseconds", "60000001") }
        #expect(throws: ConfigurationError.self) { try set("quickEventMicroseconds", "1ms") }
        #expect(throws: ConfigurationError.badArgument("--port")) { try Configuration.load(arguments: ["--port"], environment: [:]) }
        #expect(throws: ConfigurationError.unreadableFile(path: "/nonexistent.json", reason: "not found or not readable")) {
            try Configuration.load(arguments: ["--config", "/nonexistent.json"], environment: [:])
        }
        let message = ConfigurationError.invalidValue(key: "port", value: "x", expected: "an integer", source: "f").description
        #expect(message == "invalid value 'x' for 'port' in f: expected an integer")
    }

    @Test("unknown LIVEUI_* variables are warnings, not errors")
    func unknownEnvironment() throws {
        let warnings = Locked<[String]>([])
        let config = try Configuration.load(arguments: [], environment: ["LIVEUI_BROWSER": "x"]) { w in warnings.withLock { $0.append(w) } }
        #expect(config == Configuration())
        #expect(warnings.value == ["ignoring unknown environment variable LIVEUI_BROWSER"])
    }

    @Test("environment and flag names are derived from the keys")
    func names() throws {
        func names(_ key: String) throws -> (String, String) {
            let setting = try #require(Configuration.setting(key))
            return (setting.environmentName, setting.flag)
        }
        #expect(try names("sessionIdleTTL") == ("LIVEUI_SESSION_IDLE_TTL", "session-idle-ttl"))
        #expect(try names("perIPConnectionLimit") == ("LIVEUI_PER_IP_CONNECTION_LIMIT", "per-ip-connection-limit"))
        #expect(try names("behindHTTPS") == ("LIVEUI_BEHIND_HTTPS", "behind-https"))
        #expect(try names("maxBodyBytes") == ("LIVEUI_MAX_BODY_BYTES", "max-body-bytes"))
        #expect(try names("port") == ("LIVEUI_PORT", "port"))
    }
}
