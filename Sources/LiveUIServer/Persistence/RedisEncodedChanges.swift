import Foundation
import LiveUI

/// One session's changes encoded as ``RedisStateStore``'s commit script takes them, made where they are
/// taken (``RedisStateStore/encode(_:route:changes:scene:metadata:tab:seq:into:)``) rather than as a
/// ``SessionChanges`` that the writer's thread would then encode: a batch copies these bytes. They are the
/// script's per-session lists after its header (field prefixes to drop, fields to delete, field/value pairs
/// to set), with how many of each; the session's token and browser fields (its ``RedisSessionHead``'s
/// identity) are put before the pairs by the commit that also sets the hash's TTL.
package struct RedisEncodedChanges: Sendable, Equatable {
    let head: RedisSessionHead
    /// The lists, as encoded arguments.
    let arguments: [UInt8]
    /// Where the field/value pairs start in ``arguments``.
    let writtenStart: Int
    let dropped: Int
    let removed: Int
    /// Field/value pairs, without the identity's.
    let written: Int

    package static func == (a: RedisEncodedChanges, b: RedisEncodedChanges) -> Bool {
        a.head === b.head && a.arguments == b.arguments && a.writtenStart == b.writtenStart && a.dropped == b.dropped
            && a.removed == b.removed && a.written == b.written
    }
}

extension RedisStateStore {
    /// What every commit of session `session` sends the same way, for ``encode(_:route:changes:scene:metadata:tab:seq:into:)``.
    package func head(session: String, token: String, browser: String?) -> RedisSessionHead {
        RedisSessionHead(session: session, prefix: prefix, token: token, browser: browser)
    }

    /// An event's changes of one session, encoded into `buffer` (emptied first, its storage kept when no earlier
    /// commit still holds it): `changes` of `route`'s graph, `scene` storage, `metadata`, the `seq` of `tab`
    /// (a ``SessionDurability/seqKey(tab:route:)``) if any. A key both written and removed is removed.
    static func encode(
        _ head: RedisSessionHead, route: String, changes: some StateChangesReading, scene: StateChanges,
        metadata: KeyChanges, tab: String?, seq: Int?, into buffer: inout [UInt8]
    ) -> RedisEncodedChanges {
        var body: [UInt8] = []
        swap(&body, &buffer)
        body.removeAll(keepingCapacity: true)
        var command = RESPCommand(body: consume body)
        for key in changes.removed { command.appendField(scope: "r:", route, key: key) }
        for key in scene.removed { command.appendField(scope: StateScope.scene, key: key) }
        for key in metadata.removed { command.appendField(scope: StateScope.metadata, key: key) }
        let removed = command.count
        let writtenStart = command.arguments.count
        changes.forEachWritten { key, bytes in
            command.appendField(scope: "r:", route, key: key)
            command.append(bytes)
        }
        for (key, bytes) in scene.written {
            command.appendField(scope: StateScope.scene, key: key)
            command.append(bytes)
        }
        for (key, bytes) in metadata.written where metadata.removed.isEmpty || !metadata.removed.contains(key) {
            command.appendField(scope: StateScope.metadata, key: key)
            command.append(bytes)
        }
        if let tab, let seq {
            command.appendField(scope: StateScope.tabSeq, key: tab)
            command.append(seq)
        }
        buffer = command.arguments
        return RedisEncodedChanges(
            head: head, arguments: buffer, writtenStart: writtenStart, dropped: 0, removed: removed,
            written: (command.count - removed) / 2)
    }
}
