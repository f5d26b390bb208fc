import Foundation

/// An image: a named image of ``AssetCatalog/current`` (`<img>`), or a named symbol (`Image(systemName:)`).
nonisolated public struct Image: ElementView, Equatable {
    let name: String
    let isSymbol: Bool
    /// What assistive technologies read: the name unless a label is given; empty for a decorative image.
    var label: String?

    /// The image called `name` in ``AssetCatalog/current``, as SwiftUI's `Image("name")` reads an asset
    /// catalog; read aloud by its name. A name the catalog does not list renders a dashed box showing
    /// the name, and is logged once.
    public init(_ name: String, bundle: Bundle? = nil) {
        self.name = name
        isSymbol = false
    }

    /// The image called `name`, read aloud as `label`.
    public init(_ name: String, bundle: Bundle? = nil, label: Text) {
        self.name = name
        isSymbol = false
        self.label = label.content
    }

    /// The image called `name`, which assistive technologies skip (`alt=""`).
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.name = name
        isSymbol = false
        label = ""
    }

    /// A symbol such as `star.fill`, drawn with a text glyph.
    public init(systemName: String) {
        self.name = systemName
        isSymbol = true
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        if isSymbol {
            var spec = ElementSpec("span", classes: ["lui-symbol"], content: .text(Image.glyph(for: name)))
            spec.set("role", "img")
            spec.set("aria-label", name)
            return .element(spec)
        }
        guard let url = AssetCatalog.imageURL(named: name) else {
            var spec = ElementSpec("span", classes: ["lui-image-missing"], content: .text(name))
            spec.set("role", "img")
            spec.set("aria-label", label ?? name)
            return .element(spec)
        }
        var spec = ElementSpec("img", classes: ["lui-image"], content: .void)
        spec.set("src", url)
        spec.set("alt", label ?? name)
        return .element(spec)
    }

    static func glyph(for name: String) -> String {
        let base = name.replacingOccurrences(of: ".fill", with: "").replacingOccurrences(of: ".circle", with: "")
        let glyphs: [String: String] = [
            "star": "★", "heart": "♥", "checkmark": "✓", "xmark": "✕", "plus": "+", "minus": "−", "trash": "🗑",
            "gear": "⚙", "house": "⌂", "clock": "🕒", "arrow.up": "↑", "arrow.down": "↓", "arrow.left": "←",
            "arrow.right": "→", "chevron.right": "›", "chevron.left": "‹", "chevron.up": "⌃", "chevron.down": "⌄",
            "info": "ℹ", "exclamationmark.triangle": "⚠", "person": "👤", "magnifyingglass": "🔍", "pencil": "✎",
            "bolt": "⚡", "sun.max": "☀", "moon": "☾", "circle": "○", "square": "□", "list.bullet": "≡",
            "arrow.up.arrow.down": "⇅", "scroll": "📜", "eye": "👁", "timer": "⏱",
        ]
        return glyphs[base] ?? glyphs[name] ?? "•"
    }
}

/// A hyperlink: `<a href>`. A `javascript:`, `vbscript:` or `data:` destination renders as
/// `about:blank#blocked`, with a warning in the session's change log (see `SafeURL`).
nonisolated public struct Link<Label: View>: ElementView {
    let destination: URL
    let label: Label
    let title: String?

    /// A link with a custom label.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
        self.title = nil
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("a", classes: ["lui-link"])
        spec.set("href", node.safeURL(destination.absoluteString, attribute: "href"))
        if let title {
            spec.content = .text(title)
            return .element(spec)
        }
        return .element(spec, child: label)
    }
}

extension Link where Label == Text {
    /// A link with a text label.
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.destination = destination
        self.label = Text(title)
        self.title = String(title)
    }
}

/// A title with an icon.
nonisolated public struct Label<Title: View, Icon: View>: ElementView {
    let title: Title
    let icon: Icon

    /// A label from views.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let spec = ElementSpec(
            "span", classes: ["lui-label"],
            content: .children([
                .element(suffix: "i", ElementSpec("span", classes: ["lui-label-icon"], content: .children([.slot(1)]))),
                .element(suffix: "t", ElementSpec("span", classes: ["lui-label-title"], content: .children([.slot(0)]))),
            ]))
        return styled(spec, node: node)
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a text title and an image of the asset catalog.
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.title = Text(title)
        self.icon = Image(name)
    }

    /// A label with a text title and a symbol.
    public init<S: StringProtocol>(_ title: S, systemImage: String) {
        self.title = Text(title)
        self.icon = Image(systemName: systemImage)
    }
}
