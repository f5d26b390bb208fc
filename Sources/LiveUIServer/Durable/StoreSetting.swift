/// Where session state is saved: the `store` setting (`memory`, `sqlite:PATH` or `redis://HOST:PORT[/DB]`,
/// docs/state-stores.md). With `memory` nothing outlives the process and nothing is written.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.store = try StoreSetting("sqlite:/data/liveui.db")
/// ```
public struct StoreSetting: Sendable, Equatable, CustomStringConvertible, ConfigurationText {
    /// Where the state goes.
    package let location: StoreLocation

    /// Nothing saved: sessions live in the process's memory only.
    public static let memory = StoreSetting(location: .memory)

    package init(location: StoreLocation) { self.location = location }

    /// The store `text` names.
    /// - Throws: an error whose description says what is wrong and which forms are accepted.
    public init(_ text: String) throws {
        location = try StoreLocation.parse(text)
    }

    /// Whether state is saved anywhere but memory.
    public var isDurable: Bool { location != .memory }

    /// The setting's spelling (`sqlite:/data/liveui.db`).
    public var description: String { location.description }

    init?(configurationText text: String) {
        guard let location = try? StoreLocation.parse(text) else { return nil }
        self.location = location
    }

    var configurationText: String { description }

    static var expectedText: String { "memory, sqlite:PATH or redis://HOST:PORT[/DB]" }

    static func problem(with text: String) -> String? {
        do throws(StoreLocationError) {
            _ = try StoreLocation.parse(text)
            return nil
        } catch {
            return error.description
        }
    }
}
