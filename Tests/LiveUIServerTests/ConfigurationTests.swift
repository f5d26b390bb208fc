import Foundation
import Testing
@testable import LiveUIServer

@Suite("Configuration")
struct ConfigurationTests {
    @Test("config/liveui.json holds exactly the built-in defaults, every key")
    func fileMatchesDefaults() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config/liveui.json")
        var fromFile = Configuration()
        fromFile.port = 1
        try fromFile.apply(fileAt: url.path)
        #expect(fromFile == Configuration())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(Set(object.keys) == Set(Configuration.keys))
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
    func names() {
        #expect(Configuration.environmentName(of: "sessionIdleTTL") == "SESSION_IDLE_TTL")
        #expect(Configuration.environmentName(of: "perIPConnectionLimit") == "PER_IP_CONNECTION_LIMIT")
        #expect(Configuration.environmentName(of: "behindHTTPS") == "BEHIND_HTTPS")
        #expect(Configuration.flagName(of: "maxBodyBytes") == "max-body-bytes")
        #expect(Configuration.flagName(of: "port") == "port")
    }
}
