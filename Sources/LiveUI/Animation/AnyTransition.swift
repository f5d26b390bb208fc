/// How a view enters and leaves when it is inserted or removed in an animated update.
///
/// Rendered as `data-transition` (the insertion's effects) and, when removal differs,
/// `data-transition-removal` on the view's element; the browser plays them only when the update that
/// inserts or removes the element is animated (``withAnimation(_:_:)``, `.animation(_:value:)`).
public struct AnyTransition: Hashable, Sendable {
    /// One visual effect: what the element looks like just before it is inserted, or just after it is removed.
    enum Effect: Hashable, Sendable {
        case opacity
        case move(Edge)
        case scale(Double, UnitPoint)
        case offset(Double, Double)

        /// The effect's token in `data-transition`.
        var token: String {
            switch self {
            case .opacity: "opacity"
            case .move(let edge): "move-\(edge)"
            case .scale(let scale, let anchor): "scale(\(formatNumber(scale)),\(formatNumber(anchor.x)),\(formatNumber(anchor.y)))"
            case .offset(let x, let y): "offset(\(formatNumber(x)),\(formatNumber(y)))"
            }
        }
    }

    let insertion: [Effect]
    let removal: [Effect]

    /// No visible change: the view appears and disappears at once.
    public static let identity = AnyTransition(insertion: [], removal: [])
    /// Fades in and out.
    public static let opacity = AnyTransition(insertion: [.opacity], removal: [.opacity])
    /// Slides in from the leading edge and out towards the trailing edge.
    public static let slide = AnyTransition(insertion: [.move(.leading)], removal: [.move(.trailing)])
    /// Grows from nothing and shrinks to nothing, about the center.
    public static let scale = AnyTransition.scale(scale: 0)

    /// Grows from `scale` and shrinks back to it, about `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        let effect = Effect.scale(scale.isFinite ? Double(scale) : 0, anchor)
        return AnyTransition(insertion: [effect], removal: [effect])
    }

    /// Moves in from `edge` and out towards it, by the view's own size.
    public static func move(edge: Edge) -> AnyTransition {
        AnyTransition(insertion: [.move(edge)], removal: [.move(edge)])
    }

    /// Moves in from `edge` while fading in, and out towards the opposite edge while fading out.
    public static func push(from edge: Edge) -> AnyTransition {
        let opposite: Edge = switch edge {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
        return AnyTransition(insertion: [.move(edge), .opacity], removal: [.move(opposite), .opacity])
    }

    /// Comes in from and goes out to an offset of (`x`, `y`) points.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        let effect = Effect.offset(x.isFinite ? Double(x) : 0, y.isFinite ? Double(y) : 0)
        return AnyTransition(insertion: [effect], removal: [effect])
    }

    /// Comes in from and goes out to `offset`.
    public static func offset(_ offset: CGSize) -> AnyTransition { .offset(x: offset.width, y: offset.height) }

    /// `insertion` when the view is inserted, `removal` when it is removed.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// Both this transition's effects and `other`'s, at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion + other.insertion, removal: removal + other.removal)
    }

    /// The effects as `data-transition` lists them: tokens separated by spaces, `identity` for none.
    static func attributeValue(_ effects: [Effect]) -> String {
        effects.isEmpty ? "identity" : effects.map(\.token).joined(separator: " ")
    }
}

/// `.transition(_:)`: the transition's effects on the view's element.
nonisolated struct TransitionModifier: ElementModifier, Equatable {
    let transition: AnyTransition

    func apply(to element: inout ElementSpec, node: GraphNode) {
        element.set("data-transition", AnyTransition.attributeValue(transition.insertion))
        if transition.removal != transition.insertion {
            element.set("data-transition-removal", AnyTransition.attributeValue(transition.removal))
        }
    }
}

nonisolated extension View {
    /// How this view enters and leaves when an animated update inserts or removes it.
    public consuming func transition(_ t: AnyTransition) -> some View {
        modifier(TransitionModifier(transition: t))
    }
}
