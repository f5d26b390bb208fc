import Foundation

/// One configuration setting: its key in `liveui.json`, the environment variable and flag derived from it,
/// the JSON form its value takes, its documentation line, and how its text is checked and stored.
///
/// ``Configuration/settings`` lists every setting once; loading from the file, the environment and flags,
/// `config/liveui.json` and the table of `config/README.md` are all read off that list.
struct Setting: Sendable {
    /// What a setting's value looks like in `liveui.json`.
    enum JSONForm: Sendable, Equatable {
        /// A JSON string.
        case string
        /// A JSON number.
        case number
        /// `true` or `false`.
        case boolean
        /// `true`, `false` or `null` (not set: derived from another setting).
        case optionalBoolean
    }

    /// The key as spelled in `liveui.json` (`sessionIdleTTL`).
    let key: String
    /// The environment variable that sets it (`LIVEUI_SESSION_IDLE_TTL`).
    let environmentName: String
    /// The command-line flag that sets it, without its dashes (`session-idle-ttl`).
    let flag: String
    /// The JSON form its value takes in the file.
    let json: JSONForm
    /// One line saying what it does, for `config/README.md`.
    let documentation: String
    /// Checks `text` and assigns the value it names; on bad text, returns what was expected instead.
    let assign: @Sendable (inout Configuration, String) -> String?
    /// The value's text in `configuration`, as `liveui.json` writes it (`null` for an unset optional).
    let text: @Sendable (Configuration) -> String
    /// For a value richer than "expected X" can explain: what is wrong with `text` (nil when it is fine).
    let problem: (@Sendable (String) -> String?)?

    init(
        key: String, json: JSONForm, documentation: String,
        assign: @escaping @Sendable (inout Configuration, String) -> String?, text: @escaping @Sendable (Configuration) -> String,
        problem: (@Sendable (String) -> String?)? = nil
    ) {
        self.problem = problem
        self.key = key
        environmentName = "LIVEUI_" + Self.words(of: key).joined(separator: "_").uppercased()
        flag = Self.words(of: key).joined(separator: "-").lowercased()
        self.json = json
        self.documentation = documentation
        self.assign = assign
        self.text = text
    }

    /// Sets this setting of `configuration` from `text`.
    /// - Throws: `ConfigurationError.invalidValue` naming the key, the value and `source`, or
    ///   `ConfigurationError.invalidSetting` with the value's own account of what is wrong.
    func apply(_ text: String, to configuration: inout Configuration, source: String) throws(ConfigurationError) {
        if let reason = problem?(text) { throw .invalidSetting(key: key, value: text, reason: reason, source: source) }
        if let expected = assign(&configuration, text) {
            throw .invalidValue(key: key, value: text, expected: expected, source: source)
        }
    }

    /// `sessionIdleTTL` → `session`, `Idle`, `TTL`; `perIPConnectionLimit` → `per`, `IP`, `Connection`, `Limit`.
    static func words(of key: String) -> [String] {
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
}

// MARK: - The kinds of setting

extension Setting {
    /// An integer within `range`.
    static func integer(
        _ key: String, _ path: WritableKeyPath<Configuration, Int> & Sendable, _ range: ClosedRange<Int>, _ documentation: String
    ) -> Setting {
        Setting(
            key: key, json: .number, documentation: documentation,
            assign: { configuration, text in
                guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
                    return "an integer in \(range.lowerBound)...\(range.upperBound)"
                }
                configuration[keyPath: path] = value
                return nil
            },
            text: { String($0[keyPath: path]) })
    }

    /// The lowest value a ``number(_:_:_:_:)`` setting accepts.
    enum Minimum: Sendable {
        /// Above zero: "a positive number".
        case positive
        /// Zero (which turns a limit off) or above.
        case zeroForNoLimit
        /// Above zero, in seconds.
        case positiveSeconds

        /// What a bad value is told it should have been.
        var expected: String {
            switch self {
            case .positive: "a positive number"
            case .zeroForNoLimit: "a number ≥ 0 (0 = no limit)"
            case .positiveSeconds: "a positive number of seconds"
            }
        }

        /// Whether `value` is allowed.
        func allows(_ value: Double) -> Bool {
            switch self {
            case .positive, .positiveSeconds: value > 0
            case .zeroForNoLimit: value >= 0
            }
        }
    }

    /// A finite number, at least `minimum`.
    static func number(
        _ key: String, _ path: WritableKeyPath<Configuration, Double> & Sendable, _ minimum: Minimum, _ documentation: String
    ) -> Setting {
        Setting(
            key: key, json: .number, documentation: documentation,
            assign: { configuration, text in
                guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, minimum.allows(value) else {
                    return minimum.expected
                }
                configuration[keyPath: path] = value
                return nil
            },
            text: { numberText($0[keyPath: path]) })
    }

    /// A positive number of seconds.
    static func seconds(_ key: String, _ path: WritableKeyPath<Configuration, Double> & Sendable, _ documentation: String) -> Setting {
        number(key, path, .positiveSeconds, documentation)
    }

    /// `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off` as text).
    static func boolean(_ key: String, _ path: WritableKeyPath<Configuration, Bool> & Sendable, _ documentation: String) -> Setting {
        Setting(
            key: key, json: .boolean, documentation: documentation,
            assign: { configuration, text in
                guard let value = booleanValue(text) else { return "true or false" }
                configuration[keyPath: path] = value
                return nil
            },
            text: { String($0[keyPath: path]) })
    }

    /// `true`, `false`, or not set (`auto` as text, `null` in JSON).
    static func automaticBoolean(
        _ key: String, _ path: WritableKeyPath<Configuration, Bool?> & Sendable, _ documentation: String
    ) -> Setting {
        Setting(
            key: key, json: .optionalBoolean, documentation: documentation,
            assign: { configuration, text in
                if text.lowercased() == "auto" {
                    configuration[keyPath: path] = nil
                    return nil
                }
                guard let value = booleanValue(text) else { return "true or false" }
                configuration[keyPath: path] = value
                return nil
            },
            text: { $0[keyPath: path].map { String($0) } ?? "null" })
    }

    /// One of a string enumeration's cases, by its raw value in any case.
    static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Configuration, Value> & Sendable, _ documentation: String
    ) -> Setting where Value.RawValue == String {
        Setting(
            key: key, json: .string, documentation: documentation,
            assign: { configuration, text in
                guard let value = Value(rawValue: text.lowercased()) else {
                    let names = Value.allCases.map(\.rawValue)
                    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
                }
                configuration[keyPath: path] = value
                return nil
            },
            text: { $0[keyPath: path].rawValue })
    }

    /// Text that `isValid` accepts (`expected` says what that is).
    static func text(
        _ key: String, _ path: WritableKeyPath<Configuration, String> & Sendable, expected: String,
        isValid: @escaping @Sendable (String) -> Bool, _ documentation: String
    ) -> Setting {
        Setting(
            key: key, json: .string, documentation: documentation,
            assign: { configuration, text in
                guard isValid(text) else { return expected }
                configuration[keyPath: path] = text
                return nil
            },
            text: { $0[keyPath: path] })
    }

    /// A value of a type that reads and writes its own text (``ConfigurationText``): a JSON string in the file.
    static func value<Value: ConfigurationText>(
        _ key: String, _ path: WritableKeyPath<Configuration, Value> & Sendable, _ documentation: String
    ) -> Setting {
        Setting(
            key: key, json: .string, documentation: documentation,
            assign: { configuration, text in
                guard let value = Value(configurationText: text) else { return Value.expectedText }
                configuration[keyPath: path] = value
                return nil
            },
            text: { $0[keyPath: path].configurationText },
            problem: { Value.problem(with: $0) })
    }

    /// `true`, `1`, `yes`, `on` / `false`, `0`, `no`, `off`, in any case.
    private static func booleanValue(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes", "on": true
        case "false", "0", "no", "off": false
        default: nil
        }
    }

    /// A number as `liveui.json` writes it: whole numbers without a fraction.
    static func numberText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A setting's value that reads itself from text (a file's string, an environment variable, a flag) and
/// writes itself back, for settings richer than a number or a word (`sqlite:PATH`, `redis://HOST:PORT`).
protocol ConfigurationText: Sendable {
    /// The value `text` names, or nil if it names none.
    init?(configurationText text: String)
    /// The text that names this value (read back by ``init(configurationText:)``).
    var configurationText: String { get }
    /// What a bad value is told it should have been (`memory, sqlite:PATH or redis://HOST:PORT[/DB]`).
    static var expectedText: String { get }
    /// What is wrong with `text`, in the value's own words, or nil (it is fine, or only ``expectedText`` can say).
    static func problem(with text: String) -> String?
}

extension ConfigurationText {
    static func problem(with text: String) -> String? { nil }
}
