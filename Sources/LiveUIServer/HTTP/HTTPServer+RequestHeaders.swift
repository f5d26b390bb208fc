import CMicroHTTPD

// Reading a request's method, header fields and query arguments out of libmicrohttpd, for the access
// handler (HTTPServer+AccessHandler.swift). The pointers are C interop (libmicrohttpd's iterators and the
// C strings they hand over); noting where the fields lie, so that `HTTPHeaders` is made in one
// allocation, is the header layout measured in HTTPHeaders.swift.

/// The bytes of a C string of known length (NULL: none).
private func byteBuffer(_ text: UnsafePointer<CChar>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    guard let text else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
}

/// Where one header field's name and value lie in libmicrohttpd's connection memory (valid until the
/// access handler returns).
private struct HeaderSpan {
    var name: UnsafePointer<CChar>
    var nameCount: Int
    var value: UnsafePointer<CChar>?
    var valueCount: Int
}

/// The header fields seen by one pass over a connection's fields: how many and their bytes in all, and
/// where the first `capacity` of them lie.
private struct HeaderScan {
    let spans: UnsafeMutablePointer<HeaderSpan>
    let capacity: Int
    var fields = 0
    var bytes = 0
}

/// Counts each header field and its bytes into the `HeaderScan` at `cls`, and notes where it lies while
/// there is room.
private let mhdHeaderScanner: @convention(c) (
    UnsafeMutableRawPointer?, MHD_ValueKind, UnsafePointer<CChar>?, Int, UnsafePointer<CChar>?, Int
) -> MHD_Result = { cls, _, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    let scan = cls.assumingMemoryBound(to: HeaderScan.self)
    if scan.pointee.fields < scan.pointee.capacity {
        (scan.pointee.spans + scan.pointee.fields).initialize(
            to: HeaderSpan(name: key, nameCount: keySize, value: value, valueCount: value == nil ? 0 : valueSize))
    }
    scan.pointee.fields += 1
    scan.pointee.bytes += keySize + (value == nil ? 0 : valueSize)
    return .YES
}

/// Writes each header field into the `HTTPHeaders.Writer` at `cls`.
private let mhdHeaderWriter: @convention(c) (
    UnsafeMutableRawPointer?, MHD_ValueKind, UnsafePointer<CChar>?, Int, UnsafePointer<CChar>?, Int
) -> MHD_Result = { cls, _, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    cls.assumingMemoryBound(to: HTTPHeaders.Writer.self).pointee
        .append(name: byteBuffer(key, keySize), value: byteBuffer(value, valueSize))
    return .YES
}

/// Collects query arguments, as sent, into the list at `cls`.
private let mhdQueryIterator: @convention(c) (
    UnsafeMutableRawPointer?, MHD_ValueKind, UnsafePointer<CChar>?, Int, UnsafePointer<CChar>?, Int
) -> MHD_Result = { cls, _, key, keySize, value, valueSize in
    guard let cls, let key else { return .YES }
    // A value-less argument (`?flag`) comes with a NULL value.
    cls.assumingMemoryBound(to: [(name: String, value: String)].self).pointee.append((
        String(decoding: byteBuffer(key, keySize), as: UTF8.self), String(decoding: byteBuffer(value, valueSize), as: UTF8.self)))
    return .YES
}

/// A connection's header fields (names lowercased) in arrival order, read into one allocation: one pass
/// counts the fields and notes where they lie, then they are written into room made for exactly them
/// (a second pass writes them when there are more than the notes have room for).
func headerFields(_ connection: OpaquePointer) -> HTTPHeaders {
    // The iterators run synchronously on this thread, inside these calls: pointers to locals are enough.
    withUnsafeTemporaryAllocation(of: HeaderSpan.self, capacity: 32) { spans in
        guard let base = spans.baseAddress else { return HTTPHeaders() }
        var scan = HeaderScan(spans: base, capacity: spans.count)
        withUnsafeMutablePointer(to: &scan) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, mhdHeaderScanner, UnsafeMutableRawPointer(pointer))
        }
        return HTTPHeaders(fields: scan.fields, bytes: scan.bytes) { writer in
            guard scan.fields <= scan.capacity else {
                withUnsafeMutablePointer(to: &writer) { pointer in
                    _ = MHD_get_connection_values_n(connection, .HEADER_KIND, mhdHeaderWriter, UnsafeMutableRawPointer(pointer))
                }
                return
            }
            for span in UnsafeBufferPointer(start: base, count: scan.fields) {
                writer.append(name: byteBuffer(span.name, span.nameCount), value: byteBuffer(span.value, span.valueCount))
            }
        }
    }
}

/// The request method as a string: the methods LiveUI serves are literals, not decoded from C.
func methodName(_ method: UnsafePointer<CChar>) -> String {
    if strcmp(method, "POST") == 0 { return "POST" }
    if strcmp(method, "GET") == 0 { return "GET" }
    if strcmp(method, "HEAD") == 0 { return "HEAD" }
    return String(cString: method)
}

/// A connection's query arguments, as sent, in arrival order.
func queryArguments(_ connection: OpaquePointer) -> [(name: String, value: String)] {
    var query: [(name: String, value: String)] = []
    withUnsafeMutablePointer(to: &query) { pointer in
        _ = MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, mhdQueryIterator, UnsafeMutableRawPointer(pointer))
    }
    return query
}
