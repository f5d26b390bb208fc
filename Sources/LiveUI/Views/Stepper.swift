import Foundation

/// A control that increments and decrements a value: `<div role="group" class="lui-stepper">` with the
/// label and two buttons, − and +.
///
/// As in SwiftUI, a step never leaves `bounds`: at an end the value is clamped and the button that would
/// leave the range is disabled. A `change` event with a value (from a client that is not a browser)
/// sets the value when it parses and lies in the range, and is refused otherwise.
nonisolated public struct Stepper<Label: View>: ElementView {
    let label: Label
    let title: String?
    let increment: (() -> Void)?
    let decrement: (() -> Void)?
    let onEditingChanged: (Bool) -> Void
    /// Sets the value from a `change` event's text; throws the reason when it cannot.
    let setValue: ((String) throws -> Void)?

    /// A stepper that runs `onIncrement` and `onDecrement`; a `nil` action disables its button.
    public init(
        onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.title = nil
        self.increment = onIncrement
        self.decrement = onDecrement
        self.onEditingChanged = onEditingChanged
        self.setValue = nil
    }

    /// A stepper over `value` in `bounds`, moving by `step`.
    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.init(label: label(), title: nil, value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    /// A stepper over `value`, unbounded, moving by `step`.
    public init<V: Strideable>(
        value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.init(label: label(), title: nil, value: value, bounds: nil, step: step, onEditingChanged: onEditingChanged)
    }

    init<V: Strideable>(
        label: Label, title: String?, value: Binding<V>, bounds: ClosedRange<V>?, step: V.Stride,
        onEditingChanged: @escaping (Bool) -> Void
    ) {
        self.label = label
        self.title = title
        self.onEditingChanged = onEditingChanged
        let current = value.wrappedValue
        func clamped(_ v: V) -> V {
            guard let bounds else { return v }
            return min(max(v, bounds.lowerBound), bounds.upperBound)
        }
        let canIncrement = bounds.map { current < $0.upperBound } ?? true
        let canDecrement = bounds.map { current > $0.lowerBound } ?? true
        increment = canIncrement ? { value.wrappedValue = clamped(value.wrappedValue.advanced(by: step)) } : nil
        decrement = canDecrement ? { value.wrappedValue = clamped(value.wrappedValue.advanced(by: -step)) } : nil
        guard let parse = StepperValue<V>.parser else {
            setValue = nil
            return
        }
        setValue = { text in
            guard let parsed = parse(text) else { throw StepperValueError.notAValue(V.self) }
            if let bounds, !bounds.contains(parsed) { throw StepperValueError.outOfRange("\(bounds)") }
            value.wrappedValue = parsed
        }
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-stepper"])
        spec.set("role", "group")
        if let title { spec.set("aria-label", title) }
        let enabled = node.environment.isEnabled
        if enabled, let setValue {
            spec.listen(.change)
            node.on("change") { node, text in
                guard let text else { throw LiveError.invalidValue(target: node.lid ?? "", value: nil, reason: "a value expected") }
                do { try setValue(text.trimmingCharacters(in: .whitespaces)) } catch let error as StepperValueError {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: text, reason: error.reason)
                }
            }
        }
        let labelView: any View = title.map { Text($0) } ?? label
        let editing = onEditingChanged
        return .element(
            spec,
            children: [
                labelView,
                StepperButton(isIncrement: false, action: enabled ? decrement : nil, onEditingChanged: editing),
                StepperButton(isIncrement: true, action: enabled ? increment : nil, onEditingChanged: editing),
            ])
    }
}

extension Stepper where Label == Text {
    /// A stepper with a text label over `value` in `bounds`.
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(title), title: String(title), value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    /// A stepper with a text label over `value`, unbounded.
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(title), title: String(title), value: value, bounds: nil, step: step, onEditingChanged: onEditingChanged)
    }

    /// A stepper with a text label that runs `onIncrement` and `onDecrement`.
    public init<S: StringProtocol>(
        _ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.label = Text(title)
        self.title = String(title)
        self.increment = onIncrement
        self.decrement = onDecrement
        self.onEditingChanged = onEditingChanged
        self.setValue = nil
    }
}

/// One of a stepper's buttons: `<button aria-label="Increment">+</button>`, disabled without an action.
nonisolated private struct StepperButton: ElementView {
    let isIncrement: Bool
    let action: (() -> Void)?
    let onEditingChanged: (Bool) -> Void

    func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("button", classes: ["lui-stepper-button"], content: .text(isIncrement ? "+" : "−"))
        spec.attributes = [("type", "button"), ("aria-label", isIncrement ? "Increment" : "Decrement")]
        if let action {
            spec.listen(.click)
            let editing = onEditingChanged
            node.on("click") { _, _ in
                editing(true)
                action()
                editing(false)
            }
        } else {
            spec.set("disabled", "")
        }
        return .element(spec)
    }
}

/// Why a stepper refused a value.
private enum StepperValueError: Error {
    case notAValue(Any.Type)
    case outOfRange(String)

    var reason: String {
        switch self {
        case .notAValue(let type): "a value of type \(type) expected"
        case .outOfRange(let range): "outside the stepper's range \(range)"
        }
    }
}

/// Parses a stepper's value type from text, when the type can be written as text.
private enum StepperValue<V> {
    static var parser: ((String) -> V?)? {
        guard let convertible = V.self as? any LosslessStringConvertible.Type else { return nil }
        func open<T: LosslessStringConvertible>(_: T.Type) -> (String) -> V? { { T($0) as? V } }
        return open(convertible)
    }
}
