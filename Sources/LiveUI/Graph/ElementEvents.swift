/// The events an element asks the client to send (`data-on`): the client runtime's six kinds.
///
/// A set of flags rather than a list of names: one byte in every stored element.
package struct ElementEvents: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A click (or Enter/Space on a focused control).
    package static let click = ElementEvents(rawValue: 1 << 0)
    /// Text or a value being edited.
    package static let input = ElementEvents(rawValue: 1 << 1)
    /// A committed change (toggles, pickers).
    package static let change = ElementEvents(rawValue: 1 << 2)
    /// Return in a text field.
    package static let submit = ElementEvents(rawValue: 1 << 3)
    /// The scroll position, at the browser's frame rate.
    package static let scroll = ElementEvents(rawValue: 1 << 4)
    /// The element gained (`true`) or lost (`false`) the browser's focus.
    package static let focus = ElementEvents(rawValue: 1 << 5)

    private static let names: [(ElementEvents, String)] = [
        (.click, "click"), (.input, "input"), (.change, "change"), (.submit, "submit"), (.scroll, "scroll"), (.focus, "focus"),
    ]

    /// The `data-on` value: the names, space-separated, in the order declared above.
    package var attributeValue: String {
        var value = ""
        for (event, name) in Self.names where contains(event) {
            if !value.isEmpty { value += " " }
            value += name
        }
        return value
    }
}
