extension String {
    /// Calls `body` with the string's UTF-8 bytes, which are valid only during the call.
    ///
    /// A native or small string (every string LiveUI makes, and every one made from a request's bytes)
    /// is read where it is, without the retain and release that `var copy = s; copy.withUTF8` costs; a
    /// bridged or foreign string is first made native, as `withUTF8` would.
    @inlinable @inline(__always)
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
