/// Traits that describe an accessibility element, as SwiftUI's `AccessibilityTraits`; rendered as the ARIA
/// role and states a screen reader announces the way VoiceOver announces the trait.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A button: `role="button"` (focusable with the keyboard).
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// A heading: `role="heading"`, `aria-level="2"`.
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// Selected: `aria-selected` where ARIA allows it, `aria-pressed` on a button, `aria-current` elsewhere.
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// A link: `role="link"`.
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// A search field: `role="searchbox"`.
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    /// An image: `role="img"`.
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    /// Plays its own sound (no ARIA equivalent).
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    /// A keyboard key (no ARIA equivalent).
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    /// Text that does not change (the default of text: no ARIA needed).
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    /// A summary read when the app starts (no ARIA equivalent).
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    /// A value that changes often: a polite live region (`aria-live="polite"`).
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    /// Starts media (no ARIA equivalent).
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Takes touches directly (no ARIA equivalent).
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    /// Turns the page when read to its end (no ARIA equivalent).
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    /// Modal: `aria-modal="true"`.
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    /// A toggle: `role="switch"` with `aria-checked` following `isSelected`.
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
}

/// How an accessibility element made from a container treats the container's children, as SwiftUI's
/// `AccessibilityChildBehavior`.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case ignore, contain, combine }
    let kind: Kind

    /// The children are not read: the element has only the label given to it (`role="img"`, whose children
    /// screen readers skip, unless a trait gives another role).
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    /// The children stay separate elements inside this one (`role="group"`).
    public static let contain = AccessibilityChildBehavior(kind: .contain)
    /// The children are read together, as one element (`role="group"`: read in order, one after the other).
    public static let combine = AccessibilityChildBehavior(kind: .combine)
}

/// The level of a heading, as SwiftUI's `AccessibilityHeadingLevel`.
public enum AccessibilityHeadingLevel: UInt, Hashable, Sendable {
    case unspecified, h1, h2, h3, h4, h5, h6
}

/// The accessibility modifiers: each sets the ARIA attributes of the element below it.
nonisolated struct AccessibilityModifier: ElementModifier, Equatable {
    enum Change: Equatable {
        case value(String)
        case hint(String)
        case hidden(Bool)
        case traits(add: AccessibilityTraits, remove: AccessibilityTraits)
        case children(AccessibilityChildBehavior)
        case heading(AccessibilityHeadingLevel)
    }
    let change: Change

    func apply(to element: inout ElementSpec, node: GraphNode) {
        switch change {
        case .value(let value):
            if element.hasRangeRole {
                element.set("aria-valuetext", value)
            } else {
                // VoiceOver reads the value after the label: the description comes after the name.
                element.set("aria-description", [value, element.attribute("aria-description")].compactMap { $0 }.joined(separator: ", "))
            }
        case .hint(let hint):
            // The hint is read last, after a pause: after the value, if any.
            element.set("aria-description", [element.attribute("aria-description"), hint].compactMap { $0 }.joined(separator: ", "))
        case .hidden(let hidden):
            if hidden { element.set("aria-hidden", "true") } else { element.unset("aria-hidden") }
        case .traits(let add, let remove):
            element.removeTraits(remove)
            element.addTraits(add)
        case .children(let behavior):
            element.exposeToAccessibility()
            guard element.attribute("role") == nil, !element.hasNativeRole else { return }
            element.set("role", behavior.kind == .ignore ? "img" : "group")
        case .heading(let level):
            element.exposeToAccessibility()
            element.set("role", "heading")
            element.set("aria-level", String(level == .unspecified ? 2 : level.rawValue))
        }
    }
}

extension ElementSpec {
    /// The value of attribute `name`, if set.
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// Whether the element has a role of its own in HTML (a button, a link, a control, an image, a heading).
    var hasNativeRole: Bool {
        switch tag {
        case "button", "a", "input", "select", "textarea", "img", "progress", "h1", "h2", "h3", "h4", "h5", "h6": true
        default: false
        }
    }

    /// Whether nothing is inside the element: no text, no sub-element, no child view.
    var hasNoContent: Bool {
        switch content {
        case .void: true
        case .text(let text): text.isEmpty
        case .children(let children): children.isEmpty
        }
    }

    /// Whether the element is a range (a slider, a progress bar), whose value ARIA spells `aria-valuetext`.
    var hasRangeRole: Bool {
        if tag == "progress" || (tag == "input" && attribute("type") == "range") { return true }
        return ["slider", "progressbar", "spinbutton", "scrollbar", "meter"].contains(attribute("role") ?? "")
    }

    /// Makes a shape (an `<svg>`, hidden from assistive technologies by default) an image they read.
    mutating func exposeToAccessibility() {
        guard tag == "svg", attribute("aria-hidden") == "true" else { return }
        unset("aria-hidden")
        set("role", "img")
    }

    mutating func addTraits(_ traits: AccessibilityTraits) {
        let focusable = ["button", "a", "input", "select", "textarea"].contains(tag)
        if traits.contains(.isButton), tag != "button" {
            set("role", "button")
            if !focusable { set("tabindex", "0") }
        }
        if traits.contains(.isLink), tag != "a" {
            set("role", "link")
            if !focusable { set("tabindex", "0") }
        }
        if traits.contains(.isHeader), !tag.hasPrefix("h") || tag.count != 2 {
            set("role", "heading")
            if attribute("aria-level") == nil { set("aria-level", "2") }
        }
        if traits.contains(.isImage), tag != "img" {
            exposeToAccessibility()
            set("role", "img")
        }
        if traits.contains(.isSearchField), !(tag == "input" && attribute("type") == "search") { set("role", "searchbox") }
        if traits.contains(.isToggle) {
            set("role", "switch")
            set("aria-checked", traits.contains(.isSelected) ? "true" : "false")
        } else if traits.contains(.isSelected) {
            let role = attribute("role") ?? (tag == "button" ? "button" : "")
            switch role {
            case "option", "tab", "row", "gridcell", "treeitem", "columnheader", "rowheader": set("aria-selected", "true")
            case "button": set("aria-pressed", "true")
            case "switch": set("aria-checked", "true")
            default: set("aria-current", "true")
            }
        }
        if traits.contains(.updatesFrequently) { set("aria-live", "polite") }
        if traits.contains(.isModal) { set("aria-modal", "true") }
    }

    /// Undoes what ``addTraits(_:)`` sets; the roles HTML elements have of their own stay.
    mutating func removeTraits(_ traits: AccessibilityTraits) {
        let role = attribute("role")
        func dropRole(_ name: String) { if role == name { unset("role") } }
        if traits.contains(.isButton) { dropRole("button") }
        if traits.contains(.isLink) { dropRole("link") }
        // The tab stop a button or link trait gave an element that is neither any more.
        if !traits.isDisjoint(with: [.isButton, .isLink]), attribute("tabindex") == "0",
            !["button", "link"].contains(attribute("role") ?? "")
        {
            unset("tabindex")
        }
        if traits.contains(.isHeader), role == "heading" {
            unset("role")
            unset("aria-level")
        }
        if traits.contains(.isImage) { dropRole("img") }
        if traits.contains(.isSearchField) { dropRole("searchbox") }
        if traits.contains(.isToggle), role == "switch" {
            unset("role")
            unset("aria-checked")
        }
        if traits.contains(.isSelected) {
            for name in ["aria-selected", "aria-pressed", "aria-current"] { unset(name) }
            if attribute("aria-checked") == "true" { set("aria-checked", "false") }
        }
        if traits.contains(.updatesFrequently) { unset("aria-live") }
        if traits.contains(.isModal) { unset("aria-modal") }
    }
}

nonisolated extension View {
    /// The label assistive technologies read for this view.
    public consuming func accessibilityLabel(_ label: Text) -> some View {
        modifier(AccessibilityLabelModifier(label: label.content))
    }

    /// The value read after the label (a slider's "50 percent"): `aria-valuetext` on a range, otherwise the
    /// start of `aria-description`.
    public consuming func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        modifier(AccessibilityModifier(change: .value(String(value))))
    }

    /// The value read after the label.
    public consuming func accessibilityValue(_ valueDescription: Text) -> some View {
        modifier(AccessibilityModifier(change: .value(valueDescription.content)))
    }

    /// What happens when the view is used, read last, after a pause: the end of `aria-description`.
    public consuming func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        modifier(AccessibilityModifier(change: .hint(String(hint))))
    }

    /// What happens when the view is used, read last.
    public consuming func accessibilityHint(_ hint: Text) -> some View {
        modifier(AccessibilityModifier(change: .hint(hint.content)))
    }

    /// Hides the view and everything in it from assistive technologies (`aria-hidden="true"`); it stays visible.
    public consuming func accessibilityHidden(_ hidden: Bool) -> some View {
        modifier(AccessibilityModifier(change: .hidden(hidden)))
    }

    /// Adds traits (a role and states) to the view.
    public consuming func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        modifier(AccessibilityModifier(change: .traits(add: traits, remove: [])))
    }

    /// Removes traits the view was given.
    public consuming func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
        modifier(AccessibilityModifier(change: .traits(add: [], remove: traits)))
    }

    /// Makes this view (a container) one accessibility element, treating its children as `children` says.
    public consuming func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        modifier(AccessibilityModifier(change: .children(children)))
    }

    /// Marks the view as a heading of `level`: `role="heading"` with `aria-level` (2 when unspecified).
    public consuming func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> some View {
        modifier(AccessibilityModifier(change: .heading(level)))
    }

    /// The order in which assistive technologies visit this view among its siblings, higher first. On the
    /// web they follow the page's order, which is the order the views are declared in: this is kept for
    /// SwiftUI code to compile and has no effect.
    public consuming func accessibilitySortPriority(_ sortPriority: Double) -> some View { self }

    /// The label assistive technologies read for this view (SwiftUI's older spelling).
    public consuming func accessibility(label: Text) -> some View { accessibilityLabel(label) }
    /// The value read after the label (SwiftUI's older spelling).
    public consuming func accessibility(value: Text) -> some View { accessibilityValue(value) }
    /// The hint read last (SwiftUI's older spelling).
    public consuming func accessibility(hint: Text) -> some View { accessibilityHint(hint) }
    /// Hides the view from assistive technologies (SwiftUI's older spelling).
    public consuming func accessibility(hidden: Bool) -> some View { accessibilityHidden(hidden) }
    /// Adds traits (SwiftUI's older spelling).
    public consuming func accessibility(addTraits traits: AccessibilityTraits) -> some View { accessibilityAddTraits(traits) }
    /// Removes traits (SwiftUI's older spelling).
    public consuming func accessibility(removeTraits traits: AccessibilityTraits) -> some View { accessibilityRemoveTraits(traits) }
    /// Names the view's element for events and tests (SwiftUI's older spelling).
    public consuming func accessibility(identifier: String) -> some View { accessibilityIdentifier(identifier) }
}
