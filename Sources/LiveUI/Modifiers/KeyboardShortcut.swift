/// A key that, with modifiers, makes a keyboard shortcut: a character, or one of the named keys.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character the key produces (the named keys use SwiftUI's private-use characters).
    public var character: Character

    /// The key producing `character`.
    public init(_ character: Character) { self.character = character }

    /// The key producing the literal's character.
    public init(extendedGraphemeClusterLiteral: Character) { character = extendedGraphemeClusterLiteral }

    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let escape = KeyEquivalent("\u{1B}")
    public static let delete = KeyEquivalent("\u{7F}")
    public static let deleteForward = KeyEquivalent("\u{F728}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")
    public static let clear = KeyEquivalent("\u{F739}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    public static let `return` = KeyEquivalent("\r")

    /// The key's name as `aria-keyshortcuts` (and the browser's `KeyboardEvent.key`) spells it.
    var ariaName: String {
        switch character {
        case "\u{F700}": "ArrowUp"
        case "\u{F701}": "ArrowDown"
        case "\u{F702}": "ArrowLeft"
        case "\u{F703}": "ArrowRight"
        case "\u{1B}": "Escape"
        case "\u{7F}": "Backspace"
        case "\u{F728}": "Delete"
        case "\u{F729}": "Home"
        case "\u{F72B}": "End"
        case "\u{F72C}": "PageUp"
        case "\u{F72D}": "PageDown"
        case "\u{F739}": "Clear"
        case "\t": "Tab"
        case " ": "Space"
        case "\r", "\n": "Enter"
        case "+": "Plus"
        default: String(character).uppercased()
        }
    }
}

/// The modifier keys held with a key.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    /// Modifiers from their raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let capsLock = EventModifiers(rawValue: 1 << 0)
    public static let shift = EventModifiers(rawValue: 1 << 1)
    public static let control = EventModifiers(rawValue: 1 << 2)
    public static let option = EventModifiers(rawValue: 1 << 3)
    public static let command = EventModifiers(rawValue: 1 << 4)
    public static let numericPad = EventModifiers(rawValue: 1 << 5)
    public static let function = EventModifiers(rawValue: 1 << 6)
    public static let all: EventModifiers = [.capsLock, .shift, .control, .option, .command, .numericPad, .function]
}

/// A key with modifiers that activates a control.
///
/// On the web the shortcut is the control's `aria-keyshortcuts` attribute, and the client clicks the control
/// when the keys are pressed. `.command` is written `Control` and matches Control or ⌘.
public struct KeyboardShortcut: Hashable, Sendable {
    /// The key.
    public var key: KeyEquivalent
    /// The modifiers held with it.
    public var modifiers: EventModifiers

    /// A shortcut of `key` with `modifiers` (⌘ unless told).
    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Return: the default button of a form or dialog.
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape: the button that cancels.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

    /// The `aria-keyshortcuts` value: modifiers, then the key, joined by `+`.
    var ariaValue: String {
        var parts: [String] = []
        if modifiers.contains(.control) || modifiers.contains(.command) { parts.append("Control") }
        if modifiers.contains(.option) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        parts.append(key.ariaName)
        return parts.joined(separator: "+")
    }
}

/// `.keyboardShortcut(_:)`: the element's `aria-keyshortcuts`, which the client acts on.
nonisolated struct KeyboardShortcutModifier: ElementModifier, Equatable {
    let shortcut: KeyboardShortcut?
    func apply(to element: inout ElementSpec, node: GraphNode) {
        guard let shortcut, node.environment.isEnabled else { return }
        element.set("aria-keyshortcuts", shortcut.ariaValue)
    }
}

nonisolated extension View {
    /// Activates this control (clicks it) when `key` is pressed with `modifiers` (⌘ unless told).
    public consuming func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View {
        modifier(KeyboardShortcutModifier(shortcut: KeyboardShortcut(key, modifiers: modifiers)))
    }

    /// Activates this control (clicks it) when the shortcut's keys are pressed.
    public consuming func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
        modifier(KeyboardShortcutModifier(shortcut: shortcut))
    }

    /// Activates this control when the shortcut's keys are pressed; `nil` sets none.
    public consuming func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View {
        modifier(KeyboardShortcutModifier(shortcut: shortcut))
    }
}
