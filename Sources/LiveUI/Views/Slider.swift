import Foundation

/// A slider over a range, bound to a floating-point value: `<input type="range" data-on="input">`.
nonisolated public struct Slider<Value: BinaryFloatingPoint & Sendable>: ElementView where Value.Stride: BinaryFloatingPoint {
    let value: Binding<Value>
    let bounds: ClosedRange<Value>
    let step: Value?
    let label: String?

    /// A slider from `bounds.lowerBound` to `bounds.upperBound`, optionally in steps.
    public init(value: Binding<Value>, in bounds: ClosedRange<Value> = 0...1, step: Value.Stride? = nil) {
        self.value = value
        self.bounds = bounds
        self.step = step.map { Value($0) }
        self.label = nil
    }

    /// A slider with an accessible label.
    public init<S: StringProtocol>(_ label: S, value: Binding<Value>, in bounds: ClosedRange<Value> = 0...1) {
        self.value = value
        self.bounds = bounds
        self.step = nil
        self.label = String(label)
    }

    /// A slider labelled by `label`, as SwiftUI's `Slider(value:in:step:label:)`: the label is not shown, and a
    /// `Text` label names the slider to assistive technologies (its `aria-label`).
    public init<Label: View>(
        value: Binding<Value>, in bounds: ClosedRange<Value> = 0...1, step: Value.Stride? = nil, @ViewBuilder label: () -> Label
    ) {
        self.value = value
        self.bounds = bounds
        self.step = step.map { Value($0) }
        self.label = (label() as? Text)?.content
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("input", classes: ["lui-slider"], content: .void)
        // One list, allocated once at its size (a slider re-expands at every step of a drag).
        spec.attributes.reserveCapacity(label == nil ? 5 : 6)
        spec.attributes.append(("type", "range"))
        spec.attributes.append(("min", formatNumber(Double(bounds.lowerBound))))
        spec.attributes.append(("max", formatNumber(Double(bounds.upperBound))))
        spec.attributes.append(("step", step.map { formatNumber(Double($0)) } ?? "any"))
        spec.attributes.append(("value", formatNumber(Double(value.snapshot))))
        if let label { spec.attributes.append(("aria-label", label)) }
        if node.environment.isEnabled {
            spec.listen(.input)
            let binding = value
            let bounds = self.bounds
            let handler: EventHandler = { node, text in
                guard let text, let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: text, reason: "a number expected")
                }
                binding.wrappedValue = min(max(Value(number), bounds.lowerBound), bounds.upperBound)
            }
            node.on("input", handler)
            node.on("change", handler)
        } else {
            spec.set("disabled", "")
        }
        return .element(spec)
    }
}
