import Foundation

/// An event a client reports about one element: a click, typed text, a scroll position.
public struct ClientEvent: Sendable, Hashable, Codable {
    /// The element: its `accessibilityIdentifier` or its `data-lid`.
    public var target: String
    /// The event name as listed in `data-on`: `click`, `input`, `change`, `submit`, `scroll`.
    public var type: String
    /// The event's value: typed text, `"true"`/`"false"` for toggles, a number, `"x,y"` for scroll.
    public var value: String?
    /// An optional sequence number the server uses to recognise retries.
    public var seq: Int?
    /// An optional name of where the event comes from (a browser tab). The update the event produces
    /// carries it as its ``Update/origin``, so that a server can leave out that tab's own event stream:
    /// the event's answer brings the tab the update already.
    public var origin: String?

    /// Creates an event.
    public init(target: String, type: String, value: String? = nil, seq: Int? = nil, origin: String? = nil) {
        self.target = target
        self.type = type
        self.value = value
        self.seq = seq
        self.origin = origin
    }

    /// A click on `target`.
    public static func click(_ target: String) -> ClientEvent { ClientEvent(target: target, type: "click") }
    /// The text of `target` is now `text`.
    public static func input(_ target: String, _ text: String) -> ClientEvent {
        ClientEvent(target: target, type: "input", value: text)
    }
    /// The value of `target` (a toggle, slider or picker) changed to `value`.
    public static func change(_ target: String, _ value: String) -> ClientEvent {
        ClientEvent(target: target, type: "change", value: value)
    }
    /// The user submitted `target` (pressed Return in a text field).
    public static func submit(_ target: String) -> ClientEvent { ClientEvent(target: target, type: "submit") }
    /// The scroll view `target` is now scrolled to (`x`, `y`).
    public static func scroll(_ target: String, x: Double, y: Double) -> ClientEvent {
        ClientEvent(target: target, type: "scroll", value: "\(formatNumber(x)),\(formatNumber(y))")
    }
}

/// `3` for 3.0, `2.5` for 2.5: numbers as a person writes them.
package func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
