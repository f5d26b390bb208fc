import Foundation

/// The two files of a ``LoggedStateStore``'s log beside its database (`PATH.log1`, `PATH.log2`), each of a
/// fixed size allocated up front and mapped into memory (`MAP_SHARED`): a commit is copied into the active
/// file's pages, which are the operating system's page cache, so it survives `kill -9` of the process once
/// the copy is made (the durability of SQLite's WAL with `synchronous=NORMAL`: not a crash of the machine).
/// When its records have been checkpointed into the database a file is emptied; while one waits for its
/// checkpoint, commits go on into the other.
///
/// A file is a header (the magic `LIVEUIL1` and its generation, 8 bytes little-endian) and records: the
/// payload's length and a checksum of it and the generation (4 bytes each), then the payload
/// (``BatchCoding``). Reading stops at the first record that is cut short, does not match its checksum or
/// is left from an earlier generation: a commit the process died copying was never acknowledged. The file
/// with the lower generation is the older.
///
/// Not thread-safe: its owner serialises every use.
final class CommitLog {
    static let headerSize = 16
    static let recordHeaderSize = 8
    /// A record header's room, zeroed: ``append(_:)`` fills it.
    static let emptyRecordHeader = [UInt8](repeating: 0, count: recordHeaderSize)
    private static let magic = Array("LIVEUIL1".utf8)

    /// Why an append did not happen.
    enum AppendError: Error {
        /// The active file has no room for the record: a checkpoint must switch files first.
        case full
    }

    /// The files' paths.
    let paths: [String]
    /// Bytes of each file.
    let capacity: Int
    private let descriptors: [Int32]
    // Unsafe: the files' pages mapped in; a commit's record is a copy into them rather than a `pwrite(2)`,
    // about 4 µs less CPU per SQLite click under `make bench`'s load (bench/stores.py).
    private let maps: [UnsafeMutableRawPointer]
    /// The index of the file commits are appended to.
    private(set) var active = 0
    /// The active file's generation.
    private var generation: UInt64 = 0
    /// Bytes in use in the active file (its header and records): where the next record goes.
    private(set) var activeBytes = headerSize
    /// Bytes in use in the other file when it was switched away from (its records wait for a checkpoint).
    private(set) var retiredBytes = headerSize

    /// Opens both files beside `path` (creating them), each allocated to `capacity` bytes on disk (at least:
    /// a larger file keeps its size) and mapped.
    init(path: String, capacity: Int) throws(StateStoreError) {
        paths = [path + ".log1", path + ".log2"]
        var descriptors: [Int32] = []
        func fail(_ what: String, _ file: String, _ code: Int32 = errno) -> StateStoreError {
            for fd in descriptors { close(fd) }
            return .unavailable("sqlite: cannot \(what) the commit log \(file): \(String(cString: strerror(code)))")
        }
        var size = capacity
        for file in paths {
            let fd = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw fail("open", file) }
            descriptors.append(fd)
            var status = stat()
            guard fstat(fd, &status) == 0 else { throw fail("read", file) }
            size = max(size, Int(status.st_size))
        }
        for (file, fd) in zip(paths, descriptors) {
            // Allocated now, so that a full disk fails here (unavailable) and never as a fault while copying.
            let rc = posix_fallocate(fd, 0, off_t(size))
            guard rc == 0 else { throw fail("allocate", file, rc) }
        }
        var maps: [UnsafeMutableRawPointer] = []
        for (file, fd) in zip(paths, descriptors) {
            guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
                let code = errno
                for map in maps { munmap(map, size) }
                throw fail("map", file, code)
            }
            maps.append(map)
        }
        self.descriptors = descriptors
        self.maps = maps
        self.capacity = size
    }

    deinit {
        for (fd, map) in zip(descriptors, maps) {
            munmap(map, capacity)
            close(fd)
        }
    }

    /// Calls `body` with every whole record's payload in both files, the older file's first, where it lies
    /// (valid during the call): what a process that died left. Then numbers the next generation above both.
    func read(_ body: (UnsafeRawBufferPointer) throws(BatchCoding.Malformed) -> Void) throws(BatchCoding.Malformed) {
        var files: [(generation: UInt64, map: UnsafeMutableRawPointer)] = []
        for map in maps {
            let bytes = UnsafeRawBufferPointer(start: map, count: capacity)
            guard bytes[0..<8].elementsEqual(Self.magic) else { continue }
            files.append((bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian, map))
        }
        for (generation, map) in files.sorted(by: { $0.generation < $1.generation }) {
            let bytes = UnsafeRawBufferPointer(start: map, count: capacity)
            var offset = Self.headerSize
            while capacity - offset >= Self.recordHeaderSize {
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
                let check = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self).littleEndian
                let start = offset + Self.recordHeaderSize
                guard length > 0, length <= capacity - start else { break }
                let payload = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
                guard Self.checksum(payload, generation: generation) == check else { break }
                try body(payload)
                offset = start + length
            }
        }
        generation = files.map(\.generation).max() ?? 0
    }

    /// Calls `body` with the payload of every record appended to file `index` by this process, in order, up to
    /// `end` bytes (the file's ``activeBytes``, or ``retiredBytes`` once switched away from).
    func records(
        in index: Int, upTo end: Int, _ body: (UnsafeRawBufferPointer) throws(BatchCoding.Malformed) -> Void
    ) throws(BatchCoding.Malformed) {
        let bytes = UnsafeRawBufferPointer(start: maps[index], count: min(end, capacity))
        var offset = Self.headerSize
        while bytes.count - offset >= Self.recordHeaderSize {
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
            let start = offset + Self.recordHeaderSize
            guard length > 0, length <= bytes.count - start else { break }
            try body(UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]))
            offset = start + length
        }
    }

    /// Empties both files and starts the active one over with the next generation (after everything they
    /// held is in the database, or at the first open).
    func restart() {
        clear(1 - active)
        begin(active)
    }

    /// Copies a record into the active file: `record` holds ``recordHeaderSize`` bytes of room, then the
    /// payload; the room is filled here.
    /// - Throws: ``AppendError/full`` when the file has no room for it (nothing copied).
    func append(_ record: inout [UInt8]) throws(AppendError) {
        let length = record.count - Self.recordHeaderSize
        precondition(length > 0 && length <= Int(UInt32.max), "CommitLog.append needs a payload")
        guard record.count <= capacity - activeBytes else { throw .full }
        let check = record.withUnsafeBytes { raw in
            Self.checksum(UnsafeRawBufferPointer(rebasing: raw[Self.recordHeaderSize...]), generation: generation)
        }
        let target = maps[active] + activeBytes
        record.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(length).littleEndian, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: check.littleEndian, toByteOffset: 4, as: UInt32.self)
            target.copyMemory(from: UnsafeRawPointer(raw.baseAddress ?? UnsafeMutableRawPointer(target)), byteCount: raw.count)
        }
        activeBytes += record.count
    }

    /// Makes the other file the active one, emptied and with the next generation; returns the index of the
    /// file that was active (its records wait for a checkpoint, then ``clear(_:)``).
    func switchFiles() -> Int {
        let previous = active
        retiredBytes = activeBytes
        active = 1 - previous
        begin(active)
        return previous
    }

    /// Empties file `index`: its header no longer reads as one, so none of its records do.
    func clear(_ index: Int) {
        maps[index].initializeMemory(as: UInt8.self, repeating: 0, count: Self.headerSize)
    }

    /// Writes file `index`'s header with the next generation; records of earlier ones after it no longer match.
    private func begin(_ index: Int) {
        generation += 1
        let map = maps[index]
        // The first record's header zeroed before the file's new header is written: a file never reads as
        // the new generation with a record of an old one first.
        (map + Self.headerSize).initializeMemory(as: UInt8.self, repeating: 0, count: Self.recordHeaderSize)
        map.copyMemory(from: Self.magic, byteCount: 8)
        map.storeBytes(of: generation.littleEndian, toByteOffset: 8, as: UInt64.self)
        if index == active { activeBytes = Self.headerSize }
    }

    /// A hash of the generation and the payload, a word at a time: a record cut short or left from an earlier
    /// generation does not match. (Byte by byte, it cost a click as much as copying the record.)
    static func checksum(_ payload: UnsafeRawBufferPointer, generation: UInt64) -> UInt32 {
        var hash = (generation ^ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(payload.count)
        var offset = 0
        while payload.count - offset >= 8 {
            hash = (hash ^ payload.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 29
            offset += 8
        }
        while offset < payload.count {
            hash = (hash ^ UInt64(payload[offset])) &* 0xBF58_476D_1CE4_E5B9
            offset += 1
        }
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: hash)
    }
}
