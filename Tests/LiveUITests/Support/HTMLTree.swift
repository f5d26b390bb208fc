import Foundation

@testable import LiveUI

/// A small, strict HTML tree for tests: parses the HTML subset LiveUI renders, applies ``Patch`` values the
/// way the browser client does, and serialises back in a normalised form (attributes sorted by name,
/// adjacent text merged, empty text dropped) so that a patched tree can be compared with a fresh render.
///
/// Everything that a correct reconciler never produces is an error, not a guess: a patch addressing a
/// missing or duplicated `data-lid`, an index out of range, a fragment that is not exactly one element,
/// text in a void element, a move into its own subtree, unescaped `<`, `>` or `&` where the renderer
/// always escapes them.
final class HTMLTree {
    /// An element. Reference type, so that patches can edit it in place.
    final class Element {
        var tag: String
        var attributes: [String: String]
        var children: [Node]
        weak var parent: Element?

        init(tag: String, attributes: [String: String] = [:], children: [Node] = []) {
            self.tag = tag
            self.attributes = attributes
            self.children = children
        }

        var lid: String? { attributes["data-lid"] }

        /// The element children, in order (text nodes skipped).
        var elementChildren: [Element] {
            children.compactMap { if case .element(let e) = $0 { e } else { nil } }
        }

        /// The text content of this element and everything inside it.
        var textContent: String {
            var out = ""
            for child in children {
                switch child {
                case .text(let t): out += t
                case .element(let e): out += e.textContent
                }
            }
            return out
        }

        /// This element and all elements below it, in document order.
        func allElements(into result: inout [Element]) {
            result.append(self)
            for case .element(let e) in children { e.allElements(into: &result) }
        }

        /// Whether `self` is `other` or inside it.
        func isInside(_ other: Element) -> Bool {
            var current: Element? = self
            while let c = current {
                if c === other { return true }
                current = c.parent
            }
            return false
        }

        /// A deep copy (parent links set inside the copy; the copy itself has no parent).
        func copy() -> Element {
            let e = Element(tag: tag, attributes: attributes)
            e.children = children.map { child in
                switch child {
                case .text(let t): return .text(t)
                case .element(let c):
                    let cc = c.copy()
                    cc.parent = e
                    return .element(cc)
                }
            }
            return e
        }
    }

    enum Node {
        case element(Element)
        case text(String)
    }

    /// The top element (for LiveUI: `<div data-lid="root" class="lui-root">`).
    private(set) var root: Element
    private var index: [String: Element] = [:]
    private var duplicated: Set<String> = []
    private var indexIsValid = false

    /// Parses `html`, which must be exactly one element (surrounding whitespace allowed).
    init(parsing html: String) throws {
        root = try HTMLTree.parseSingleElement(html, what: "document")
    }

    init(root: Element) { self.root = root }

    /// A deep copy of the tree.
    func copy() -> HTMLTree { HTMLTree(root: root.copy()) }

    // MARK: Queries

    /// The element whose `data-lid` is `lid`; throws when there is none or more than one.
    func element(lid: String) throws -> Element {
        rebuildIndexIfNeeded()
        if duplicated.contains(lid) { throw HTMLTreeError("data-lid \"\(lid)\" is duplicated in the tree") }
        guard let e = index[lid] else { throw HTMLTreeError("no element with data-lid \"\(lid)\"") }
        return e
    }

    /// The element whose `data-lid` is `lid`, or nil.
    func find(lid: String) -> Element? {
        rebuildIndexIfNeeded()
        return index[lid]
    }

    /// All elements in document order.
    var allElements: [Element] {
        var result: [Element] = []
        root.allElements(into: &result)
        return result
    }

    /// The lids of the `tag` elements whose text passes `test`, in document order.
    func lids(of tag: String, where test: (String) -> Bool = { _ in true }) -> [String] {
        allElements.filter { $0.tag == tag && test($0.textContent) }.compactMap(\.lid)
    }

    /// Elements whose attribute `name` equals `value`, in document order.
    func elements(withAttribute name: String, _ value: String) -> [Element] {
        allElements.filter { $0.attributes[name] == value }
    }

    /// Every `data-lid` that occurs more than once, sorted. Must always be empty.
    func duplicateLids() -> [String] { HTMLTree.duplicateLids(in: root) }

    static func duplicateLids(in root: Element) -> [String] {
        var all: [Element] = []
        root.allElements(into: &all)
        var seen: Set<String> = []
        var dups: Set<String> = []
        for e in all {
            if let lid = e.lid, !seen.insert(lid).inserted { dups.insert(lid) }
        }
        return dups.sorted()
    }

    /// `data-aid` → `data-lid` for every element that has both (an aid occurring twice maps to the first).
    func lidsByAid() -> [String: String] {
        var result: [String: String] = [:]
        for e in allElements {
            if let aid = e.attributes["data-aid"], let lid = e.lid, result[aid] == nil { result[aid] = lid }
        }
        return result
    }

    private func rebuildIndexIfNeeded() {
        guard !indexIsValid else { return }
        index.removeAll(keepingCapacity: true)
        duplicated.removeAll()
        var all: [Element] = []
        root.allElements(into: &all)
        for e in all {
            guard let lid = e.lid else { continue }
            if index[lid] != nil { duplicated.insert(lid) } else { index[lid] = e }
        }
        indexIsValid = true
    }

    // MARK: Patches

    /// Applies `patches` in order; the error names the failing patch and its position.
    func apply(_ patches: [Patch]) throws {
        for (i, patch) in patches.enumerated() {
            do {
                try apply(patch)
            } catch let error as HTMLTreeError {
                throw HTMLTreeError("patch #\(i) \(patch.json): \(error.message)")
            }
        }
    }

    /// Applies one patch as the browser client does.
    func apply(_ patch: Patch) throws {
        switch patch {
        case .text(let id, let text):
            let e = try element(lid: id)
            if voidElements.contains(e.tag) { throw HTMLTreeError("text patch on void element <\(e.tag)> \"\(id)\"") }
            let hadElements = e.children.contains { if case .element = $0 { true } else { false } }
            e.children = text.isEmpty ? [] : [.text(text)]
            if hadElements { indexIsValid = false }

        case .attrs(let id, let set, let remove):
            let e = try element(lid: id)
            for name in remove {
                if set[name] != nil { throw HTMLTreeError("attribute \"\(name)\" is both set and removed") }
                e.attributes[name] = nil
            }
            for (name, value) in set { e.attributes[name] = value }
            if set["data-lid"] != nil || remove.contains("data-lid") { indexIsValid = false }

        case .replace(let id, let html):
            let old = try element(lid: id)
            let new = try HTMLTree.parseSingleElement(html, what: "replace html")
            if let parent = old.parent {
                guard let at = parent.children.firstIndex(where: { if case .element(let c) = $0 { c === old } else { false } })
                else { throw HTMLTreeError("internal: \"\(id)\" not among its parent's children") }
                parent.children[at] = .element(new)
                new.parent = parent
            } else {
                root = new
            }
            old.parent = nil
            indexIsValid = false

        case .insert(let parentID, let index, let html):
            let parent = try element(lid: parentID)
            let new = try HTMLTree.parseSingleElement(html, what: "insert html")
            try HTMLTree.insert(new, into: parent, elementIndex: index)
            indexIsValid = false

        case .remove(let id):
            let e = try element(lid: id)
            guard let parent = e.parent else { throw HTMLTreeError("remove of the top element \"\(id)\"") }
            HTMLTree.detach(e, from: parent)
            indexIsValid = false

        case .move(let id, let parentID, let index):
            let e = try element(lid: id)
            let parent = try element(lid: parentID)
            guard let oldParent = e.parent else { throw HTMLTreeError("move of the top element \"\(id)\"") }
            if parent.isInside(e) { throw HTMLTreeError("move of \"\(id)\" into its own subtree \"\(parentID)\"") }
            HTMLTree.detach(e, from: oldParent)
            try HTMLTree.insert(e, into: parent, elementIndex: index)
        }
    }

    private static func detach(_ e: Element, from parent: Element) {
        parent.children.removeAll { if case .element(let c) = $0 { c === e } else { false } }
        e.parent = nil
    }

    /// Inserts `new` so that it becomes element child number `elementIndex` of `parent`.
    private static func insert(_ new: Element, into parent: Element, elementIndex: Int) throws {
        if voidElements.contains(parent.tag) { throw HTMLTreeError("insert into void element <\(parent.tag)> \"\(parent.lid ?? "?")\"") }
        var seen = 0
        var position: Int? = nil
        for (i, child) in parent.children.enumerated() {
            guard case .element = child else { continue }
            if seen == elementIndex {
                position = i
                break
            }
            seen += 1
        }
        if position == nil {
            guard elementIndex == seen, elementIndex >= 0 else {
                throw HTMLTreeError(
                    "index \(elementIndex) out of range: \"\(parent.lid ?? "?")\" has \(seen) element children")
            }
            position = parent.children.count
        }
        parent.children.insert(.element(new), at: position!)
        new.parent = parent
    }

    /// Whether two subtrees have the same normalised form (same tags, attributes, and text), without
    /// serialising them.
    static func sameContent(_ a: Element, _ b: Element) -> Bool {
        guard a.tag == b.tag, a.attributes == b.attributes else { return false }
        var i = 0
        var j = 0
        while true {
            // Adjacent text is merged and empty text ignored, as in `normalized`.
            var textA = ""
            while i < a.children.count, case .text(let t) = a.children[i] {
                textA += t
                i += 1
            }
            var textB = ""
            while j < b.children.count, case .text(let t) = b.children[j] {
                textB += t
                j += 1
            }
            guard textA == textB else { return false }
            if i == a.children.count || j == b.children.count { return i == a.children.count && j == b.children.count }
            guard case .element(let x) = a.children[i], case .element(let y) = b.children[j], sameContent(x, y) else {
                return false
            }
            i += 1
            j += 1
        }
    }

    // MARK: Serialisation

    /// The tree as HTML, attributes sorted by name, adjacent text merged, empty text dropped.
    var normalized: String {
        var out = ""
        HTMLTree.serialize(root, into: &out)
        return out
    }

    /// `html` parsed and serialised in normalised form.
    static func normalize(_ html: String) throws -> String { try HTMLTree(parsing: html).normalized }

    static func serialize(_ e: Element, into out: inout String) {
        out += "<" + e.tag
        for name in e.attributes.keys.sorted() {
            out += " " + name + "=\""
            escapeAttribute(e.attributes[name]!, into: &out)
            out += "\""
        }
        out += ">"
        if voidElements.contains(e.tag) && e.children.isEmpty { return }
        var pendingText = ""
        for child in e.children {
            switch child {
            case .text(let t): pendingText += t
            case .element(let c):
                escapeText(pendingText, into: &out)
                pendingText = ""
                serialize(c, into: &out)
            }
        }
        escapeText(pendingText, into: &out)
        out += "</" + e.tag + ">"
    }

    // MARK: Parsing

    /// Parses `html` as a sequence of nodes (an HTML fragment).
    static func parseFragment(_ html: String) throws -> [Node] {
        var html = html
        html.makeContiguousUTF8()
        // An unsafe buffer keeps the byte loop cheap in debug builds (no reference counting per byte).
        return try html.utf8.withContiguousStorageIfAvailable { buffer in
            var parser = Parser(bytes: buffer)
            return try parser.parseFragment()
        }!
    }

    /// Parses `html`, which must be exactly one element with nothing but whitespace around it.
    static func parseSingleElement(_ html: String, what: String) throws -> Element {
        let nodes = try parseFragment(html)
        var elements: [Element] = []
        for node in nodes {
            switch node {
            case .element(let e): elements.append(e)
            case .text(let t):
                if !t.allSatisfy(\.isWhitespace) {
                    throw HTMLTreeError("\(what) has text outside an element: \(t.debugDescription)")
                }
            }
        }
        guard elements.count == 1 else {
            throw HTMLTreeError("\(what) must be exactly one element, found \(elements.count): \(html.prefix(200).debugDescription)")
        }
        return elements[0]
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func parseFragment() throws -> [Node] {
            // A synthetic container collects the top-level nodes.
            let container = Element(tag: "#fragment")
            var stack: [Element] = [container]
            while i < bytes.count {
                if bytes[i] == 0x3C {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                        i += 2
                        let name = readName()
                        guard !name.isEmpty else { throw error("empty closing tag name") }
                        skipSpaces()
                        try expect(">")
                        guard stack.count > 1, stack.last!.tag == name else {
                            throw error("unexpected </\(name)>, open element is <\(stack.last!.tag)>")
                        }
                        stack.removeLast()
                    } else {
                        i += 1
                        let name = readName()
                        guard !name.isEmpty else { throw error("'<' not followed by a tag name (unescaped '<' in text?)") }
                        let element = Element(tag: name)
                        var selfClosing = false
                        while true {
                            skipSpaces()
                            guard i < bytes.count else { throw error("unterminated tag <\(name)") }
                            if bytes[i] == 0x3E {
                                i += 1
                                break
                            }
                            if bytes[i] == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x3E {
                                i += 2
                                selfClosing = true
                                break
                            }
                            let attr = readAttributeName()
                            guard !attr.isEmpty else { throw error("bad attribute in <\(name)>") }
                            var value = ""
                            if i < bytes.count, bytes[i] == 0x3D {
                                i += 1
                                try expect("\"")
                                let start = i
                                i = find(0x22, from: i)
                                guard i < bytes.count else { throw error("unterminated attribute value") }
                                value = try decode(bytes[start..<i], inAttribute: true)
                                i += 1
                            }
                            guard element.attributes[attr] == nil else { throw error("duplicate attribute \(attr) in <\(name)>") }
                            element.attributes[attr] = value
                        }
                        let parent = stack.last!
                        element.parent = parent === container ? nil : parent
                        parent.children.append(.element(element))
                        if !voidElements.contains(name) && !selfClosing { stack.append(element) }
                    }
                } else {
                    let start = i
                    i = find(0x3C, from: i)
                    let text = try decode(bytes[start..<i], inAttribute: false)
                    if !text.isEmpty {
                        let parent = stack.last!
                        if case .text(let previous)? = parent.children.last {
                            parent.children[parent.children.count - 1] = .text(previous + text)
                        } else {
                            parent.children.append(.text(text))
                        }
                    }
                }
            }
            guard stack.count == 1 else { throw error("unclosed element <\(stack.last!.tag)>") }
            return container.children
        }

        /// The index of the first `byte` at or after `from` (before `to`, default the end), or `to`; `memchr`
        /// keeps the scan fast in debug builds.
        private func find(_ byte: UInt8, from: Int, to: Int? = nil) -> Int {
            let end = to ?? bytes.count
            guard from < end, let base = bytes.baseAddress else { return end }
            guard let hit = memchr(base + from, Int32(byte), end - from) else { return end }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }

        private mutating func readName() -> String {
            let start = i
            while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        }

        private mutating func readAttributeName() -> String {
            let start = i
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x3D || b == 0x3E || b == 0x2F || b == 0x22
                    || b == 0x27 || b == 0x3C || isSpace(b)
                {
                    break
                }
                i += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        }

        private func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
        }

        private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

        private mutating func skipSpaces() { while i < bytes.count, isSpace(bytes[i]) { i += 1 } }

        private mutating func expect(_ c: Unicode.Scalar) throws {
            guard i < bytes.count, bytes[i] == UInt8(ascii: c) else { throw error("expected '\(c)'") }
            i += 1
        }

        private func error(_ message: String) -> HTMLTreeError {
            let from = max(0, i - 40)
            let to = min(bytes.count, i + 40)
            let context = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
            return HTMLTreeError("parse error at byte \(i): \(message) near \(context.debugDescription)")
        }

        /// Decodes the entities the renderer produces (and numeric ones); a raw `&`, `>` (and in attributes
        /// `<`, `'`) is an escaping bug.
        private func decode(_ slice: Slice<UnsafeBufferPointer<UInt8>>, inAttribute: Bool) throws -> String {
            let end = slice.endIndex
            let plain =
                find(0x26, from: slice.startIndex, to: end) == end && find(0x3E, from: slice.startIndex, to: end) == end
                && (!inAttribute
                    || (find(0x3C, from: slice.startIndex, to: end) == end && find(0x27, from: slice.startIndex, to: end) == end))
            if plain { return String(decoding: UnsafeBufferPointer(rebasing: slice), as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(slice.count)
            var j = slice.startIndex
            while j < slice.endIndex {
                let b = slice[j]
                if b == 0x3E { throw error("unescaped '>' in \(inAttribute ? "attribute value" : "text")") }
                if inAttribute && (b == 0x3C || b == 0x27) {
                    throw error("unescaped '\(Character(Unicode.Scalar(b)))' in attribute value")
                }
                guard b == 0x26 else {
                    out.append(b)
                    j += 1
                    continue
                }
                guard let semicolon = slice[j...].firstIndex(of: 0x3B), semicolon - j <= 10 else {
                    throw error("unescaped '&'")
                }
                let entity = String(decoding: UnsafeBufferPointer(rebasing: slice[(j + 1)..<semicolon]), as: UTF8.self)
                let scalar: Unicode.Scalar?
                switch entity {
                case "amp": scalar = "&"
                case "lt": scalar = "<"
                case "gt": scalar = ">"
                case "quot": scalar = "\""
                case "#39", "apos": scalar = "'"
                default:
                    if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                        scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if entity.hasPrefix("#") {
                        scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
                    } else {
                        scalar = nil
                    }
                }
                guard let scalar else { throw error("unknown entity &\(entity);") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                j = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// A patch or document the tree model cannot accept: for reconciler output, a bug.
struct HTMLTreeError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
