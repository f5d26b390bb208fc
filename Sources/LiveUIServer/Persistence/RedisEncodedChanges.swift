import Foundation
import LiveUI

/// One session's changes encoded as ``RedisStateStore``'s commit script takes them, made where they are
/// taken (``RedisStateStore/encode(_:route:changes:scene:metadata:tab:seq:)``) rather than as a
/// ``SessionChanges`` that the writer's thread would then encode: a batch copies these bytes. They are the
/// script's per-session lists after its header (field prefixes to drop, fields to delete, field/value pairs
/// to set, the token and browser first), with how many of each.
package struct RedisEncodedChanges: Sendable, Equatable {
    let head: RedisSessionHead
    /// The lists, as encoded arguments.
    let arguments: [UInt8]
    let dropped: Int
    let removed: Int
    /// Field/value pairs, the head's identity among them.
    let written: Int

    package static func == (a: RedisEncodedChanges, b: RedisEncodedChanges) -> Bool {
        a.head === b.head && a.arguments == b.arguments && a.dropped == b.dropped && a.removed == b.removed
            && a.written == b.written
    }
}

extension RedisStateStore {
    /// What every commit of session `session` sends the same way, for ``encode(_:route:changes:scene:metadata:tab:seq:)``.
    package func head(session: String, token: String, browser: String?) -> RedisSessionHead {
        RedisSessionHead(session: session, prefix: prefix, token: token, browser: browser)
    }

    /// An event's changes of one session, encoded: `changes` of `route`'s graph, `scene` storage, `metadata`,
    /// the `seq` of `tab` (a ``SessionDurability/seqKey(tab:route:)``) if any. A key both written and removed
    /// is removed.
    static func encode(
        _ head: RedisSessionHead, route: String, changes: some StateChangesReading, scene: StateChanges,
        metadata: KeyChanges, tab: String?, seq: Int?
    ) -> RedisEncodedChanges {
        var command = RESPCommand(capacity: 256)
        var removed = 0
        for key in changes.removed { command.appendField(scope: "r:", route, key: key) }
        removed += changes.removed.count
        for key in scene.removed { command.appendField(scope: StateScope.scene, key: key) }
        removed += scene.removed.count
        for key in metadata.removed { command.appendField(scope: StateScope.metadata, key: key) }
        removed += metadata.removed.count
        command.append(encoded: head.identity, count: 2 * head.identityPairs)
        var written = head.identityPairs
        changes.forEachWritten { key, bytes in
            command.appendField(scope: "r:", route, key: key)
            command.append(bytes)
            written += 1
        }
        for (key, bytes) in scene.written {
            command.appendField(scope: StateScope.scene, key: key)
            command.append(bytes)
            written += 1
        }
        for (key, bytes) in metadata.written where metadata.removed.isEmpty || !metadata.removed.contains(key) {
            command.appendField(scope: StateScope.metadata, key: key)
            command.append(bytes)
            written += 1
        }
        if let tab, let seq {
            command.appendField(scope: StateScope.tabSeq, key: tab)
            command.append(seq)
            written += 1
        }
        return RedisEncodedChanges(head: head, arguments: command.arguments, dropped: 0, removed: removed, written: written)
    }
}
