/// `.htmlAttribute` and `.htmlClass`: the web escape hatch.
struct HTMLAttributeModifier: ElementModifier, Equatable {
    let name: String
    let value: String?
    let className: String?

    func apply(to element: inout ElementSpec, node: GraphNode) {
        if let className {
            element.addClass(className)
            return
        }
        let lowered = name.lowercased()
        // Attributes the framework owns, and inline script handlers, cannot be overridden.
        guard !lowered.hasPrefix("on"), lowered != "data-lid", lowered != "data-on", lowered != "class", lowered != "style",
            lowered.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" }), !lowered.isEmpty
        else { return }
        guard let value else { return element.unset(name) }
        guard SafeURL.isURLAttribute(lowered) else { return element.set(name, value) }
        let imageData = SafeURL.loadsImage(attribute: lowered, tag: element.tag)
        element.set(name, node.safeURL(value, attribute: lowered, imageData: imageData))
    }
}

extension View {
    /// Sets an HTML attribute on this view's element (not `on…` handlers, `class`, `style` or LiveUI's own).
    /// A URL attribute (`href`, `src`, `action`, `formaction`, `srcset`, …) never takes a `javascript:`,
    /// `vbscript:` or `data:` URL (a PNG, GIF, JPEG or WebP `data:` image is fine where an image loads): it
    /// renders as `about:blank#blocked`, with a warning in the session's change log.
    public consuming func htmlAttribute(_ name: String, _ value: String?) -> some View {
        modifier(HTMLAttributeModifier(name: name, value: value, className: nil))
    }

    /// Adds a CSS class to this view's element.
    public consuming func htmlClass(_ name: String) -> some View {
        modifier(HTMLAttributeModifier(name: "class", value: nil, className: name))
    }
}
