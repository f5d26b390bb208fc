/// Content of a `.toolbar { … }`: ``ToolbarItem``s and ``ToolbarItemGroup``s, or a type of one's own whose
/// `body` is toolbar content.
public protocol ToolbarContent {
    /// The content this content is made of.
    associatedtype Body: ToolbarContent
    /// The toolbar items.
    @ToolbarContentBuilder var body: Body { get }
}

nonisolated extension Never: ToolbarContent {
    /// `Never` has no content (it is the body of built-in views and toolbar items).
    public var body: Never { return preconditionFailure("Never has no body") }
}

nonisolated extension ToolbarContent where Body == Never {
    /// Built-in toolbar content has no body.
    public var body: Never { preconditionFailure("\(Self.self) is built-in toolbar content") }
}

/// Where a toolbar item goes. On the web: the navigation bar's leading or trailing end, its middle
/// (`.principal`), or a bar below the content (`.bottomBar`, `.status`).
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Area: UInt8 { case leading, principal, trailing, bottom }
    let area: Area

    /// As the platform decides: the trailing end.
    public static let automatic = ToolbarItemPlacement(area: .trailing)
    /// The middle of the bar, in place of the title's look (the title stays for assistive technology).
    public static let principal = ToolbarItemPlacement(area: .principal)
    /// Navigation controls: the leading end.
    public static let navigation = ToolbarItemPlacement(area: .leading)
    /// The most important action: the trailing end.
    public static let primaryAction = ToolbarItemPlacement(area: .trailing)
    /// Less important actions: the trailing end.
    public static let secondaryAction = ToolbarItemPlacement(area: .trailing)
    /// Status information: the bottom bar.
    public static let status = ToolbarItemPlacement(area: .bottom)
    /// Confirming a modal's changes (Save, Done): the trailing end.
    public static let confirmationAction = ToolbarItemPlacement(area: .trailing)
    /// Cancelling a modal: the leading end.
    public static let cancellationAction = ToolbarItemPlacement(area: .leading)
    /// A destructive action in a modal: the trailing end.
    public static let destructiveAction = ToolbarItemPlacement(area: .trailing)
    /// Controls for the keyboard: the trailing end on the web.
    public static let keyboard = ToolbarItemPlacement(area: .trailing)
    /// The leading end of the navigation bar.
    public static let navigationBarLeading = ToolbarItemPlacement(area: .leading)
    /// The trailing end of the navigation bar.
    public static let navigationBarTrailing = ToolbarItemPlacement(area: .trailing)
    /// The leading end of the top bar.
    public static let topBarLeading = ToolbarItemPlacement(area: .leading)
    /// The trailing end of the top bar.
    public static let topBarTrailing = ToolbarItemPlacement(area: .trailing)
    /// A bar below the content.
    public static let bottomBar = ToolbarItemPlacement(area: .bottom)
}

/// One toolbar item: a view at a placement.
nonisolated public struct ToolbarItem<ID, Content: View>: ToolbarContent, PrimitiveToolbarContent {
    public typealias Body = Never
    let placement: ToolbarItemPlacement
    let content: Content

    func collect(into items: inout [ToolbarEntry]) { items.append(ToolbarEntry(placement: placement, view: content)) }
}

extension ToolbarItem where ID == () {
    /// An item at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension ToolbarItem where ID == String {
    /// An item at `placement` with an identifier (for customisable toolbars elsewhere; unused on the web).
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Several views at one placement.
nonisolated public struct ToolbarItemGroup<Content: View>: ToolbarContent, PrimitiveToolbarContent {
    public typealias Body = Never
    let placement: ToolbarItemPlacement
    let content: Content

    /// The views of `content`, at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    func collect(into items: inout [ToolbarEntry]) { items.append(ToolbarEntry(placement: placement, view: content)) }
}

/// Several toolbar contents in a row (a `@ToolbarContentBuilder` block).
nonisolated public struct TupleToolbarContent<each Part: ToolbarContent>: ToolbarContent, PrimitiveToolbarContent {
    public typealias Body = Never
    let parts: (repeat each Part)

    func collect(into items: inout [ToolbarEntry]) {
        for part in repeat each parts { collectToolbar(part, into: &items) }
    }
}

/// One of two toolbar contents (`if`/`else` in a `@ToolbarContentBuilder`).
nonisolated public struct ConditionalToolbarContent<First: ToolbarContent, Second: ToolbarContent>: ToolbarContent, PrimitiveToolbarContent {
    public typealias Body = Never
    enum Storage {
        case first(First)
        case second(Second)
    }
    let storage: Storage

    func collect(into items: inout [ToolbarEntry]) {
        switch storage {
        case .first(let content): collectToolbar(content, into: &items)
        case .second(let content): collectToolbar(content, into: &items)
        }
    }
}

nonisolated extension Optional: ToolbarContent where Wrapped: ToolbarContent {
    public typealias Body = Never
}

nonisolated extension Optional: PrimitiveToolbarContent where Wrapped: ToolbarContent {
    func collect(into items: inout [ToolbarEntry]) {
        if let content = self { collectToolbar(content, into: &items) }
    }
}

/// Builds toolbar content from a block of items.
@resultBuilder
public enum ToolbarContentBuilder {
    /// A block of toolbar contents.
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> TupleToolbarContent<repeat each Content> {
        TupleToolbarContent(parts: (repeat each content))
    }

    /// An `if` without `else`.
    public static func buildOptional<Content: ToolbarContent>(_ content: Content?) -> Content? { content }

    /// The first branch of an `if`/`else`.
    public static func buildEither<First: ToolbarContent, Second: ToolbarContent>(first: First) -> ConditionalToolbarContent<First, Second> {
        ConditionalToolbarContent(storage: .first(first))
    }

    /// The second branch of an `if`/`else`.
    public static func buildEither<First: ToolbarContent, Second: ToolbarContent>(second: Second) -> ConditionalToolbarContent<First, Second> {
        ConditionalToolbarContent(storage: .second(second))
    }
}

/// Toolbar content the framework lays out itself.
protocol PrimitiveToolbarContent {
    func collect(into items: inout [ToolbarEntry])
}

/// One view of a toolbar at its placement.
struct ToolbarEntry {
    let placement: ToolbarItemPlacement
    let view: any View
}

/// The items of `content`, in order.
func collectToolbar<C: ToolbarContent>(_ content: C, into items: inout [ToolbarEntry]) {
    if let primitive = content as? any PrimitiveToolbarContent {
        primitive.collect(into: &items)
    } else {
        collectToolbar(content.body, into: &items)
    }
}

/// `.toolbar`: hands its items to the navigation level it is in, whose stack shows them in its bar while
/// the level is on top.
nonisolated struct ToolbarModifier: PrimitiveModifier {
    let items: [ToolbarEntry]

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let registration = node.behavior { ToolbarRegistration() }
        if let level = node.environment.navigationLevel {
            registration.level = level
            level.setToolbar(items, from: node)
        }
        return NodeContent(child: .index(0), content)
    }
}

final class ToolbarRegistration: NodeBehavior {
    weak var level: NavigationLevel?
    func unmount(_ node: GraphNode) { level?.setToolbar(nil, from: node) }
}

nonisolated extension View {
    /// Puts toolbar items (``ToolbarItem``, ``ToolbarItemGroup``) in the enclosing navigation stack's bar.
    public consuming func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        var items: [ToolbarEntry] = []
        collectToolbar(content(), into: &items)
        return modifier(ToolbarModifier(items: items))
    }

    /// Puts views at the trailing end of the enclosing navigation stack's bar.
    public consuming func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        modifier(ToolbarModifier(items: [ToolbarEntry(placement: .automatic, view: content())]))
    }
}
