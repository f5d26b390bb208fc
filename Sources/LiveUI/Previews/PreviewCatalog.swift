import Foundation
import SwiftShims

/// The program's `PreviewProvider`s, found without registration from the Swift runtime's protocol
/// conformance records (the `swift5_protocol_conformances` section of every loaded image, which the runtime
/// lists through `swift_enumerateAllMetadataSections` on ELF platforms).
///
/// A record names a protocol and a type; the records whose protocol is LiveUI's `PreviewProvider` name the
/// types to show. Each type is then looked up by its mangled name (`_typeByName`) and cast to
/// `any PreviewProvider.Type`, so the runtime itself confirms every conformance: a record read wrongly yields
/// no type, never a wrong one. Found: non-generic structs, enums and classes at the top level of a module or
/// nested in such types. Not found: `private`/`fileprivate` types and types inside functions (their mangled
/// names carry a discriminator the records do not give), and generic ones (which have no single previews).
public enum PreviewCatalog {
    /// One preview provider: its type and its name as written (`ContentView_Previews`).
    public struct Entry: Sendable {
        /// The type's name, qualified by its module (`MyApp.ContentView_Previews`).
        public let name: String
        /// The previews, as one view.
        public let makePreviews: @Sendable () -> AnyView

        init<P: PreviewProvider>(_: P.Type) {
            name = String(reflecting: P.self)
            // Called while a preview page's graph builds: on that session's main actor.
            makePreviews = { onMainActor { AnyView(P.previews) } }
        }
    }

    /// Every preview provider of the program, sorted by name; found once, on first use.
    public static var all: [Entry] { discovered }

    private static let discovered: [Entry] = scan().sorted { $0.name < $1.name }

    // Unsafe pointers, `Unmanaged` and the bit cast below are C interop (the runtime's section walk and the
    // conformance records' layout, which no Swift API exposes), not a speed claim.
    private typealias SectionVisitor = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Bool
    private typealias Enumerate = @convention(c) (SectionVisitor, UnsafeMutableRawPointer?) -> Void

    /// Where the conformance records are read into: the conformance descriptors they point to.
    private final class Found {
        var descriptors: [UnsafeRawPointer] = []
    }

    /// The providers named by the conformance records of every loaded image; none where the runtime does not
    /// export the enumeration (Darwin, which keeps sections differently).
    static func scan() -> [Entry] {
        // The runtime's own list of loaded images' sections; looked up by name so that a runtime without it
        // leaves the catalog empty instead of failing to link.
        guard let handle = dlopen(nil, RTLD_LAZY), let symbol = dlsym(handle, "swift_enumerateAllMetadataSections") else {
            return []
        }
        // Unsafe: the C function's address as its C type; buys discovery without a C target or registration.
        let enumerate = unsafeBitCast(symbol, to: Enumerate.self)
        let found = Found()
        enumerate({ sections, context in
            guard let sections, let context else { return true }
            let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
            // Every version of the structure has the conformance range at the same place.
            let range = sections.loadUnaligned(as: MetadataSections.self).swift5_protocol_conformances
            guard let start = UnsafeRawPointer(bitPattern: range.start) else { return true }
            var offset = 0
            while offset + 4 <= range.length {
                if let descriptor = PreviewCatalog.direct(start + offset) { found.descriptors.append(descriptor) }
                offset += 4
            }
            return true
        }, Unmanaged.passUnretained(found).toOpaque())
        withExtendedLifetime(found) {}
        return found.descriptors.compactMap(entry(conformance:))
    }

    /// The provider a conformance descriptor names, if its protocol is `LiveUI.PreviewProvider`.
    ///
    /// A conformance descriptor starts with the protocol (a relative, possibly indirect pointer), the type (a
    /// relative pointer whose kind the flags at offset 12 give), the witness table and the flags.
    private static func entry(conformance descriptor: UnsafeRawPointer) -> Entry? {
        guard let proto = indirectable(descriptor), isPreviewProvider(proto) else { return nil }
        let flags = descriptor.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
        let typeDescriptor: UnsafeRawPointer?
        switch (flags >> 3) & 0x7 {
        case 0: typeDescriptor = direct(descriptor + 4)
        case 1: typeDescriptor = direct(descriptor + 4)?.loadUnaligned(as: UnsafeRawPointer?.self)
        default: return nil
        }
        guard let typeDescriptor, let mangled = mangledName(of: typeDescriptor),
              let type = _typeByName(mangled) as? any PreviewProvider.Type
        else { return nil }
        func open<P: PreviewProvider>(_ type: P.Type) -> Entry { Entry(type) }
        return open(type)
    }

    /// Whether the protocol descriptor at `proto` is `PreviewProvider` declared in the module `LiveUI`.
    private static func isPreviewProvider(_ proto: UnsafeRawPointer) -> Bool {
        guard kind(proto) == 3, name(proto) == "PreviewProvider", let module = indirectable(proto + 4) else { return false }
        return kind(module) == 0 && name(module) == "LiveUI"
    }

    /// The mangled name of a nominal type from its context descriptor and its parents' (`6MyApp5OuterV5InnerV`),
    /// or `nil` for the types listed in the type's documentation as not found.
    static func mangledName(of descriptor: UnsafeRawPointer) -> String? {
        var parts: [String] = []
        var context: UnsafeRawPointer? = descriptor
        // Module, then each enclosing type: a few levels in practice; bounded against a malformed chain.
        for _ in 0..<16 {
            guard let current = context, let name = name(current), isIdentifier(name) else { return nil }
            let flags = current.loadUnaligned(as: UInt32.self)
            let suffix: String
            switch flags & 0x1F {
            case 0:
                parts.append("\(name.utf8.count)\(name)")
                return parts.reversed().joined()
            case 16: suffix = "C"
            case 17: suffix = "V"
            case 18: suffix = "O"
            default: return nil  // an extension, a function's or a private scope, a protocol
            }
            guard flags & 0x80 == 0 else { return nil }  // generic
            parts.append("\(name.utf8.count)\(name)\(suffix)")
            context = indirectable(current + 4)
        }
        return nil
    }

    /// A context descriptor's kind (its flags' low five bits).
    private static func kind(_ context: UnsafeRawPointer) -> UInt32 { context.loadUnaligned(as: UInt32.self) & 0x1F }

    /// A context descriptor's name: a relative pointer at offset 8 to a C string.
    private static func name(_ context: UnsafeRawPointer) -> String? {
        direct(context + 8).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    /// Whether `name` can be mangled as written: an ASCII identifier not starting with a digit.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F }
    }

    // The reads below are unsafe: they walk the compiler's metadata records, which buys finding every provider
    // without registration. They only follow records the runtime registered for loaded images, and a name
    // read from them is checked by the runtime (`_typeByName`, then the cast) before it is used.

    /// The target of the 32-bit relative pointer at `pointer`, or `nil` when it is null.
    static func direct(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = pointer.loadUnaligned(as: Int32.self)
        return offset == 0 ? nil : pointer + Int(offset)
    }

    /// The target of a relative pointer whose low bit says it points at a pointer to the target (an
    /// indirect reference across images).
    static func indirectable(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = pointer.loadUnaligned(as: Int32.self)
        if offset == 0 { return nil }
        if offset & 1 == 0 { return pointer + Int(offset) }
        return (pointer + Int(offset & ~1)).loadUnaligned(as: UnsafeRawPointer?.self)
    }
}
