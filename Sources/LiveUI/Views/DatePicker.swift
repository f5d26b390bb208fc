import Foundation

/// The parts of a date a ``DatePicker`` shows and edits.
public struct DatePickerComponents: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    /// Creates components from their raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The hour and the minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 1 << 0)
    /// The day, month and year.
    public static let date = DatePickerComponents(rawValue: 1 << 1)
}

/// A control for choosing a date, a time or both, bound to a `Date`: a `<label class="lui-datepicker">`
/// around the title and an `<input type="date" | "time" | "datetime-local">`.
///
/// Dates are shown and chosen in the browser's time zone without the server knowing it: the element
/// carries the selection as an instant (`data-instant`, ISO 8601 in UTC), the client shows it in local
/// time, and a `change` event carries the chosen instant back (ISO 8601 with its offset), the components
/// the picker does not show kept from the selection. A value that does not parse, or that lies outside the
/// picker's range, is refused.
nonisolated public struct DatePicker<Label: View>: ElementView {
    let label: Label
    let title: String?
    let selection: Binding<Date>
    let lowerBound: Date?
    let upperBound: Date?
    let components: DatePickerComponents

    /// A date picker with a custom label.
    public init(
        selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) {
        self.init(label(), title: nil, selection, nil, nil, displayedComponents)
    }

    /// A date picker limited to `range`, with a custom label.
    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(label(), title: nil, selection, range.lowerBound, range.upperBound, displayedComponents)
    }

    /// A date picker limited to dates from `range`'s start, with a custom label.
    public init(
        selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(label(), title: nil, selection, range.lowerBound, nil, displayedComponents)
    }

    /// A date picker limited to dates up to `range`'s end, with a custom label.
    public init(
        selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(label(), title: nil, selection, nil, range.upperBound, displayedComponents)
    }

    init(
        _ label: Label, title: String?, _ selection: Binding<Date>, _ lower: Date?, _ upper: Date?,
        _ components: DatePickerComponents
    ) {
        self.label = label
        self.title = title
        self.selection = selection
        self.lowerBound = lower
        self.upperBound = upper
        self.components = components.isEmpty ? [.hourAndMinute, .date] : components
    }

    /// The input's type for the components shown.
    private var inputType: String {
        if components == .date { return "date" }
        if components == .hourAndMinute { return "time" }
        return "datetime-local"
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var input = ElementSpec("input", classes: ["lui-datepicker-input"], content: .void)
        input.attributes = [("type", inputType), ("data-instant", DateText.instant(selection.snapshot))]
        if let lowerBound { input.set("data-min", DateText.instant(lowerBound)) }
        if let upperBound { input.set("data-max", DateText.instant(upperBound)) }
        if let title { input.set("aria-label", title) }
        var spec = ElementSpec("label", classes: ["lui-datepicker"])
        if node.environment.isEnabled {
            spec.listen(.change)
            let binding = selection
            let (lower, upper) = (lowerBound, upperBound)
            node.on("change") { node, value in
                guard let value, let date = DateText.parse(value) else {
                    throw LiveError.invalidValue(
                        target: node.lid ?? "", value: value, reason: "an ISO 8601 date and time with its offset expected")
                }
                if let lower, date < lower {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "before the picker's range")
                }
                if let upper, date > upper {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "after the picker's range")
                }
                binding.wrappedValue = date
            }
        } else {
            input.set("disabled", "")
        }
        if let title {
            spec.content = .children([
                .element(suffix: "t", ElementSpec("span", classes: ["lui-datepicker-label"], content: .text(title))),
                .element(suffix: "i", input),
            ])
            return .element(spec)
        }
        spec.content = .children([
            .element(suffix: "l", ElementSpec("span", classes: ["lui-datepicker-label"], content: .children([.slot(0)]))),
            .element(suffix: "i", input),
        ])
        return .element(spec, child: label)
    }
}

extension DatePicker where Label == Text {
    /// A date picker with a text title.
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(Text(title), title: String(title), selection, nil, nil, displayedComponents)
    }

    /// A date picker with a text title, limited to `range`.
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(Text(title), title: String(title), selection, range.lowerBound, range.upperBound, displayedComponents)
    }

    /// A date picker with a text title, limited to dates from `range`'s start.
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(Text(title), title: String(title), selection, range.lowerBound, nil, displayedComponents)
    }

    /// A date picker with a text title, limited to dates up to `range`'s end.
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(Text(title), title: String(title), selection, nil, range.upperBound, displayedComponents)
    }
}

/// Instants as the client and the server exchange them: ISO 8601.
enum DateText {
    /// `2026-12-06T13:30:00Z`, whole seconds (what a picker edits).
    static func instant(_ date: Date) -> String { date.formatted(.iso8601) }

    /// An ISO 8601 date and time with an offset (`Z`, `+01:00`), with or without fractional seconds.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 40 else { return nil }
        if let date = try? Date.ISO8601FormatStyle().parse(trimmed) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(trimmed)
    }
}
