import Foundation

/// What the browser tells the server about itself in an `environment` event to the root element: its
/// color scheme, language, time zone and whether the tab is visible, as a JSON object whose fields are all
/// optional, e.g. `{"colorScheme":"dark","locale":"de-DE","timeZone":"Europe/Berlin","scenePhase":"active"}`.
///
/// The values go into the root's environment, so exactly the views reading `\.colorScheme`, `\.locale`,
/// `\.timeZone` or `\.scenePhase` are evaluated again. A value that is not valid refuses the whole event, changing nothing.
struct ClientEnvironment: Equatable {
    var colorScheme: ColorScheme?
    var locale: Locale?
    var timeZone: TimeZone?
    var scenePhase: ScenePhase?

    /// The event type the client sends to the root.
    static let eventType = "environment"

    /// Parses the event's value; throws ``LiveError/invalidValue(target:value:reason:)`` for anything else.
    init(parsing value: String?, target: String) throws {
        func refuse(_ reason: String) -> LiveError { .invalidValue(target: target, value: value, reason: reason) }
        guard let value, value.utf8.count <= 1024, let data = value.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw refuse("expected a JSON object with colorScheme, locale, timeZone or scenePhase") }
        for key in object.keys where !["colorScheme", "locale", "timeZone", "scenePhase"].contains(key) {
            throw refuse("unknown environment field \(key)")
        }
        if let raw = object["colorScheme"] {
            switch raw as? String {
            case "light": colorScheme = .light
            case "dark": colorScheme = .dark
            default: throw refuse("colorScheme must be \"light\" or \"dark\"")
            }
        }
        if let raw = object["locale"] {
            guard let tag = raw as? String, Self.isLanguageTag(tag) else { throw refuse("locale must be a BCP 47 language tag") }
            locale = Locale(identifier: tag)
        }
        if let raw = object["timeZone"] {
            guard let name = raw as? String, name.utf8.count <= 64, let zone = TimeZone(identifier: name) else {
                throw refuse("timeZone must be an IANA time zone name")
            }
            timeZone = zone
        }
        if let raw = object["scenePhase"] {
            switch raw as? String {
            case "active": scenePhase = .active
            case "inactive": scenePhase = .inactive
            case "background": scenePhase = .background
            default: throw refuse("scenePhase must be \"active\", \"inactive\" or \"background\"")
            }
        }
    }

    /// Whether `tag` looks like a BCP 47 language tag: subtags of 1–8 letters and digits joined by `-`,
    /// the first of 2–8 letters.
    static func isLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.count <= 8
        else { return false }
        return subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Writes the values that differ from `environment`'s; whether anything changed. The color scheme is
    /// the browser's unless a view shown prefers one (`choice`); the scene phase is the most active one the
    /// page's tabs reported (`phases`, where this report is `tab`'s).
    func apply(
        to environment: inout EnvironmentValues, choice: ColorSchemeChoice?, phases: ScenePhaseReports? = nil,
        tab: String? = nil
    ) -> Bool {
        var changed = false
        if let colorScheme {
            choice?.browser = colorScheme
            let shown = choice?.effective ?? colorScheme
            if environment.colorScheme != shown {
                environment.colorScheme = shown
                changed = true
            }
        }
        if let locale, environment.locale.identifier != locale.identifier {
            environment.locale = locale
            changed = true
        }
        if let timeZone, environment.timeZone.identifier != timeZone.identifier {
            environment.timeZone = timeZone
            changed = true
        }
        if let scenePhase {
            let page = phases?.record(scenePhase, tab: tab) ?? scenePhase
            if environment.scenePhase != page {
                environment.scenePhase = page
                changed = true
            }
        }
        return changed
    }

    /// The root's handler of `environment` events.
    static let handler = SharedEventHandler.of(ClientEnvironment.self, eventType) {
        { node, value in
            let values = try ClientEnvironment(parsing: value, target: node.lid ?? "root")
            var environment = node.environment
            let phases = values.scenePhase == nil ? nil : node.behavior { ScenePhaseReports() }
            guard values.apply(to: &environment, choice: ColorSchemeChoice.of(node.graph), phases: phases, tab: node.graph.eventOrigin)
            else { return }
            node.environment = environment
            node.invalidate("environment")
        }
    }
}
