import Foundation

/// A control for choosing a colour, bound to a ``Color``: a `<label class="lui-colorpicker">` around the
/// title and an `<input type="color">`.
///
/// A `change` event carries `#rrggbb`; the binding gets that colour (`Color(css: "#rrggbb")`). A value
/// that is not `#` and six hexadecimal digits is refused. The browser's colour input has no opacity:
/// `supportsOpacity` is accepted and ignored.
nonisolated public struct ColorPicker<Label: View>: ElementView {
    let label: Label
    let title: String?
    let selection: Binding<Color>

    /// A colour picker with a custom label.
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.title = nil
        self.selection = selection
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var input = ElementSpec("input", classes: ["lui-colorpicker-input"], content: .void)
        input.attributes = [("type", "color"), ("value", ColorText.hex(selection.snapshot) ?? "#000000")]
        if let title { input.set("aria-label", title) }
        var spec = ElementSpec("label", classes: ["lui-colorpicker"])
        if node.environment.isEnabled {
            spec.listen(.change)
            let binding = selection
            node.on("change") { node, value in
                guard let value, let hex = ColorText.parseHex(value) else {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "a colour as #rrggbb expected")
                }
                binding.wrappedValue = Color(css: hex)
            }
        } else {
            input.set("disabled", "")
        }
        let labelPart: SpecChild =
            title.map { .element(suffix: "t", ElementSpec("span", classes: ["lui-colorpicker-label"], content: .text($0))) }
            ?? .element(suffix: "l", ElementSpec("span", classes: ["lui-colorpicker-label"], content: .children([.slot(0)])))
        spec.content = .children([labelPart, .element(suffix: "i", input)])
        return title == nil ? .element(spec, child: label) : .element(spec)
    }
}

extension ColorPicker where Label == Text {
    /// A colour picker with a text title.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.label = Text(title)
        self.title = String(title)
        self.selection = selection
    }
}

/// Colours as an `<input type="color">` reads and writes them: `#rrggbb`.
enum ColorText {
    /// `#rrggbb` (lower case) for `text` when it is `#` and six hexadecimal digits; `nil` otherwise.
    static func parseHex(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard trimmed.utf8.count == 7, trimmed.first == "#", trimmed.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return trimmed
    }

    /// The colour as `#rrggbb`, when its CSS value is a hexadecimal colour (`#rgb`, `#rrggbb`, `#rrggbbaa`)
    /// or `rgb(…)`/`rgba(…)` with numbers; `nil` for other CSS values (names, variables, mixes).
    static func hex(_ color: Color) -> String? {
        let css = color.cssValue.trimmingCharacters(in: .whitespaces).lowercased()
        if css.first == "#" {
            let digits = Array(css.dropFirst())
            guard digits.allSatisfy(\.isHexDigit) else { return nil }
            switch digits.count {
            case 3, 4: return "#" + digits.prefix(3).map { "\($0)\($0)" }.joined()
            case 6, 8: return "#" + String(digits.prefix(6))
            default: return nil
            }
        }
        guard css.hasPrefix("rgb"), let open = css.firstIndex(of: "("), let close = css.lastIndex(of: ")") else { return nil }
        let parts = css[css.index(after: open)..<close].split { $0 == "," || $0 == " " || $0 == "/" }
        guard parts.count >= 3 else { return nil }
        var hex = "#"
        for part in parts.prefix(3) {
            guard let value = Double(part), value.isFinite else { return nil }
            let byte = Int(min(max(value, 0), 255).rounded())
            hex += String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return hex
    }
}
