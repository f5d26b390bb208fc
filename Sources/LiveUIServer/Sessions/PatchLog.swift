/// The most recent updates of one graph, oldest first, kept for `Last-Event-ID` replay.
///
/// Holds at most `capacity` entries; an append beyond that drops the oldest one in constant time (the
/// log is appended to on every update, so it must not shift its whole contents each time). Storage
/// grows with the entries, up to `capacity`: a graph that sent three updates keeps three.
struct PatchLog {
    /// One update, kept as its patches' text: the stream's JSON is made only if it is replayed.
    struct Entry {
        /// The update's version (its stream `id:`).
        let version: Int
        /// The update's ``Update/patchesText``, shared with the update (not a copy).
        let patchesText: String

        /// The update's JSON (its stream `data:`), the same text as ``Update/json``.
        var json: String { Update.json(version: version, patchesText: patchesText) }
    }

    /// The most entries kept; 0 keeps none.
    let capacity: Int
    private var storage: [Entry] = []
    /// Where the oldest entry is, once `storage` is full.
    private var oldest = 0

    /// An empty log that keeps the last `capacity` entries.
    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The number of entries kept.
    var count: Int { storage.count }

    /// Adds the newest entry, dropping the oldest one if the log is full.
    mutating func append(version: Int, patchesText: String) {
        guard capacity > 0 else { return }
        let entry = Entry(version: version, patchesText: patchesText)
        if storage.count < capacity {
            storage.append(entry)
        } else {
            storage[oldest] = entry
            oldest = (oldest + 1) % capacity
        }
    }

    /// The entries whose version is above `version`, oldest first.
    func entries(after version: Int) -> [Entry] {
        var found: [Entry] = []
        for i in 0..<storage.count {
            let entry = storage[(oldest + i) % storage.count]
            if entry.version > version { found.append(entry) }
        }
        return found
    }
}
