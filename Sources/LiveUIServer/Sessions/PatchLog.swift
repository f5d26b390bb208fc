/// The most recent updates of one graph, oldest first, kept for `Last-Event-ID` replay.
///
/// Holds at most `capacity` entries; an append beyond that drops the oldest one in constant time (the
/// log is appended to on every update, so it must not shift its whole contents each time). Storage
/// grows with the entries, up to `capacity`: a graph that sent three updates keeps three.
struct PatchLog {
    /// One update as the stream sends it.
    struct Entry {
        /// The update's version (its stream `id:`).
        let version: Int
        /// The update's JSON (its stream `data:`).
        let json: String
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
    mutating func append(version: Int, json: String) {
        guard capacity > 0 else { return }
        let entry = Entry(version: version, json: json)
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
