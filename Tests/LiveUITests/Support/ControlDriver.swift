import Foundation

@testable import LiveUI

/// Drives a session the way the browser does for the control tests: finds elements in the rendered HTML,
/// sends events, and checks that each update's patches bring the previous HTML to the fresh render.
struct ControlDriver {
    let session: LiveSession
    private(set) var tree: HTMLTree

    init(_ session: LiveSession) async throws {
        self.session = session
        tree = try HTMLTree(parsing: await session.html())
    }

    /// The `data-lid` of the only element whose attribute `name` is `value`.
    func lid(_ name: String, _ value: String) throws -> String {
        let found = tree.elements(withAttribute: name, value)
        guard found.count == 1, let lid = found[0].lid else {
            throw HTMLTreeError("\(found.count) elements with \(name)=\"\(value)\"")
        }
        return lid
    }

    /// The only element whose attribute `name` is `value`.
    func element(_ name: String, _ value: String) throws -> HTMLTree.Element {
        let found = tree.elements(withAttribute: name, value)
        guard found.count == 1 else { throw HTMLTreeError("\(found.count) elements with \(name)=\"\(value)\"") }
        return found[0]
    }

    /// Sends `event`, applies its patches to the tree and checks the tree against a fresh render.
    @discardableResult
    mutating func send(_ event: ClientEvent) async throws -> Update {
        let update = try await session.send(event)
        try tree.apply(update.patches)
        let fresh = try HTMLTree(parsing: await session.html())
        guard HTMLTree.sameContent(tree.root, fresh.root) else {
            throw HTMLTreeError("patched HTML differs from a fresh render:\n\(tree.normalized)\n\(fresh.normalized)")
        }
        return update
    }

    /// Whether sending `event` is refused with an invalid-value error, leaving the HTML as it was.
    func refuses(_ event: ClientEvent) async -> Bool {
        let before = await session.html()
        do {
            _ = try await session.send(event)
            return false
        } catch let error as LiveError {
            guard case .invalidValue = error else { return false }
            return await session.html() == before
        } catch {
            return false
        }
    }
}
