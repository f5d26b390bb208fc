/// The description of one HTML element a primitive renders; its child views fill its slots.
package struct ElementSpec: Sendable {
    /// The tag name.
    package var tag: String
    /// Attributes other than `class`, `style` and `data-on`, in order.
    package var attributes: [(name: String, value: String)] = []
    /// CSS classes, in order, each once.
    package var classes = TokenList()
    /// Inline style properties, in order; a later property of the same name replaces an earlier one.
    package var styles: [(name: String, value: String)] = []
    /// What is inside the element.
    package var content: ElementContent = .allSlots
    /// The events the element sends (`data-on`). Declared last: the flags' byte sits in the padding
    /// after `content`.
    package var events = ElementEvents()

    package init(_ tag: String, classes: TokenList = [], content: ElementContent = .allSlots) {
        self.tag = tag
        self.classes = classes
        self.content = content
    }

    /// Sets (or replaces) an attribute.
    package mutating func set(_ name: String, _ value: String) {
        if let i = attributes.firstIndex(where: { $0.name == name }) {
            attributes[i].value = value
        } else {
            attributes.append((name, value))
        }
    }

    /// The `data-aid` attribute (`.accessibilityIdentifier(_:)`), if set.
    package var accessibilityID: String? { attributes.first { $0.name == "data-aid" }?.value }

    /// Removes an attribute.
    package mutating func unset(_ name: String) { attributes.removeAll { $0.name == name } }

    /// Sets (or replaces) an inline style property.
    package mutating func style(_ name: String, _ value: String) {
        if let i = styles.firstIndex(where: { $0.name == name }) {
            styles[i].value = value
        } else {
            styles.append((name, value))
        }
    }

    /// Adds a class once (each class of a space-separated list).
    package mutating func addClass(_ name: String) { classes.insert(name) }

    /// Adds events to `data-on`.
    package mutating func listen(_ events: ElementEvents) { self.events.formUnion(events) }

    /// The element's attributes as rendered for the client, built in one allocation: its `data-lid`
    /// first (when given), then ordinary attributes, then `class`, `style`, `data-on`.
    package func renderedAttributes(lid: String? = nil) -> [(name: String, value: String)] {
        ElementAttributes(self, lid: lid).rendered
    }
}

/// How a leaf element (text or nothing inside) changed, for the differ: a new text is the one change it
/// patches without comparing renderings.
package enum LeafChange: Equatable {
    /// Renders the same.
    case same
    /// The same element with this text inside.
    case text(String)
    /// Another difference (tag, attributes, kind of content), or not a leaf: compare the renderings.
    case other
}

/// The inside of an element.
package enum ElementContent: Sendable {
    /// A void element (`<input>`, `<hr>`): no content, no closing tag.
    case void
    /// Escaped text only.
    case text(String)
    /// Internal sub-elements and slots for the child views' elements.
    case children([SpecChild])
}

extension ElementContent {
    /// `.children([.allSlots])`, the content of most elements, made once: an element that takes it
    /// shares its list instead of allocating one each time it is described (an immutable value).
    package static let allSlots = ElementContent.children([.allSlots])
}

/// One child position of an element.
package enum SpecChild: Sendable {
    /// An internal sub-element; its `data-lid` is the owner's plus `suffix`.
    case element(suffix: String, ElementSpec)
    /// The elements of child view number `index`.
    case slot(Int)
    /// The elements of every child view, in order.
    case allSlots
}

extension ElementSpec: Equatable {
    /// Whether both describe the same element (attributes, classes, styles and events in the same order).
    package static func == (a: ElementSpec, b: ElementSpec) -> Bool {
        a.tag == b.tag && a.classes == b.classes && a.events == b.events && a.content == b.content
            && pairsEqual(a.attributes, b.attributes) && pairsEqual(a.styles, b.styles)
    }

    /// Whether this element renders exactly as `other` (`==`, callable in place on a stored optional).
    package func rendersSame(as other: borrowing ElementSpec) -> Bool { self == other }

    /// What this element needs to become `new` when both are leaves (text or nothing inside) with the same
    /// tag, attributes, classes, styles and events: nothing, or new text. ``LeafChange/other`` for any
    /// other difference, and for elements with children.
    package func leafChange(to new: borrowing ElementSpec) -> LeafChange {
        guard tag == new.tag, classes == new.classes, events == new.events, Self.pairsEqual(attributes, new.attributes),
            Self.pairsEqual(styles, new.styles)
        else { return .other }
        switch content {
        case .void:
            if case .void = new.content { return .same }
        case .text(let old):
            if case .text(let text) = new.content { return old == text ? .same : .text(text) }
        case .children:
            break
        }
        return .other
    }

    static func pairsEqual(_ a: [(name: String, value: String)], _ b: [(name: String, value: String)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}

extension ElementSpec: Hashable {
    /// Hashes what `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(tag)
        hasher.combine(classes.joined)
        hasher.combine(events.rawValue)
        hasher.combine(content)
        for (name, value) in attributes {
            hasher.combine(name)
            hasher.combine(value)
        }
        hasher.combine(attributes.count)
        for (name, value) in styles {
            hasher.combine(name)
            hasher.combine(value)
        }
        hasher.combine(styles.count)
    }
}

extension ElementContent: Hashable {}
extension SpecChild: Hashable {}

/// What an element's rendered attributes are made of: its `data-lid` and the attribute parts of its
/// ``ElementSpec``. Equal parts render equal attributes, so the differ compares two renderings of an
/// element without building either attribute list (an element's attributes rarely change).
struct ElementAttributes: Equatable {
    let lid: String?
    private let attributes: [(name: String, value: String)]
    private let classes: TokenList
    private let styles: [(name: String, value: String)]
    private let events: ElementEvents

    init(_ spec: ElementSpec, lid: String?) {
        self.lid = lid
        attributes = spec.attributes
        classes = spec.classes
        styles = spec.styles
        events = spec.events
    }

    /// No attributes at all.
    static let none = ElementAttributes(ElementSpec("div"), lid: nil)

    /// The attributes in the order the client gets them: `data-lid` (when given), ordinary attributes,
    /// `class`, `style`, `data-on`. `attribute` gets each but `style`, whose properties go to `style`
    /// (called only when there are any).
    @inline(__always)
    private func forEach(_ attribute: (String, String) -> Void, style: ([(name: String, value: String)]) -> Void) {
        if let lid { attribute("data-lid", lid) }
        for (name, value) in attributes { attribute(name, value) }
        if !classes.isEmpty { attribute("class", classes.joined) }
        if !styles.isEmpty { style(styles) }
        if !events.isEmpty { attribute("data-on", events.attributeValue) }
    }

    /// The attributes as rendered for the client, built in one allocation (in ``forEach(_:style:)``'s order).
    var rendered: [(name: String, value: String)] {
        var all: [(name: String, value: String)] = []
        all.reserveCapacity(attributes.count + 4)
        forEach({ all.append(($0, $1)) }, style: { styles in
            all.append(("style", styles.map { "\($0.name):\($0.value)" }.joined(separator: ";")))
        })
        return all
    }

    /// Writes the attributes as ``rendered`` lists them, each ` name="value"` with the value escaped,
    /// without building the list or the style's text.
    func write(into out: inout HTMLBytes) {
        forEach({ out.attribute($0, $1) }, style: { styles in
            out.append(" style=\"")
            for (index, (name, value)) in styles.enumerated() {
                if index > 0 { out.append(";") }
                out.appendAttribute(name)
                out.append(":")
                out.appendAttribute(value)
            }
            out.append("\"")
        })
    }

    static func == (a: ElementAttributes, b: ElementAttributes) -> Bool {
        a.lid == b.lid && a.classes == b.classes && a.events == b.events
            && ElementSpec.pairsEqual(a.attributes, b.attributes) && ElementSpec.pairsEqual(a.styles, b.styles)
    }
}
