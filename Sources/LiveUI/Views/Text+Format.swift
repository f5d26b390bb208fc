import Foundation

extension Text {
    /// Text showing `input` formatted by `format` (`.number`, `.percent`, `.currency(code:)`, a date
    /// style …), as Foundation formats it on the server.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// Text showing `date` in a style. The text is formatted when the view is evaluated, in the server's
    /// time zone and locale; `.relative`, `.offset` and `.timer` do not tick on their own on the web:
    /// a view that shows them re-evaluates as its state changes (a `.task` that updates a date each second).
    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: style.format(date, now: Date()))
    }

    /// How `Text(_:style:)` shows a date.
    public struct DateStyle: Equatable, Sendable {
        let kind: Kind
        enum Kind: Equatable, Sendable { case date, time, relative, offset, timer }

        /// The date: `June 3, 2019`.
        public static let date = DateStyle(kind: .date)
        /// The time of day: `11:23 AM`.
        public static let time = DateStyle(kind: .time)
        /// The time between now and the date: `2 hr, 10 min`.
        public static let relative = DateStyle(kind: .relative)
        /// The signed time from now to the date: `+2 hours`, `-3 minutes`.
        public static let offset = DateStyle(kind: .offset)
        /// A count of the time between now and the date: `2:10`, `1:02:10`.
        public static let timer = DateStyle(kind: .timer)

        /// `date` in this style, `now` being the present.
        func format(_ date: Date, now: Date) -> String {
            let interval = date.timeIntervalSince(now)
            switch kind {
            case .date: return date.formatted(date: .long, time: .omitted)
            case .time: return date.formatted(date: .omitted, time: .shortened)
            case .relative: return Self.components(abs(interval), full: false)
            case .offset: return (interval < 0 ? "-" : "+") + Self.components(abs(interval), full: true, largestOnly: true)
            case .timer:
                let seconds = Int(abs(interval).rounded(.down))
                let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
                let mmss = (h > 0 ? String(format: "%02d", m) : String(m)) + ":" + String(format: "%02d", s)
                return h > 0 ? "\(h):" + mmss : mmss
            }
        }

        /// `2 hr, 10 min` (abbreviated, the two largest units), or `2 hours` (full, the largest only).
        private static func components(_ seconds: TimeInterval, full: Bool, largestOnly: Bool = false) -> String {
            let total = Int(seconds.rounded(.down))
            let units: [(Int, String, String)] = [
                (total / 86400, "day", "day"), (total / 3600 % 24, "hr", "hour"), (total / 60 % 60, "min", "minute"),
                (total % 60, "sec", "second"),
            ]
            let present = units.filter { $0.0 > 0 }
            guard !present.isEmpty else { return full ? "0 seconds" : "0 sec" }
            return present.prefix(largestOnly ? 1 : 2).map { value, short, long in
                full ? "\(value) \(long)\(value == 1 ? "" : "s")" : "\(value) \(short)\(short == "day" && value != 1 ? "s" : "")"
            }.joined(separator: ", ")
        }
    }
}
