/// A run of text: `<span class="lui-text">`, escaped.
public struct Text: ElementView, Equatable {
    let content: String

    /// Text showing `content`.
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    /// Text showing `content` exactly.
    public init(verbatim content: String) { self.content = content }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        // The shared description copied once, into the content, and given its text there.
        var made = NodeContent.element(Self.element)
        made.element?.content = .text(content)
        return made
    }

    /// `<span class="lui-text">`, made once (an immutable value): each text shares its tag and class.
    nonisolated(unsafe) private static let element = ElementSpec("span", classes: ["lui-text"], content: .void)
}
