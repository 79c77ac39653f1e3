import Foundation
@_spi(Reflection) import Swift
import Testing
import Wiring

/// Issue 63, item 4: an object's atomic words are read at `_getUnsafePointerToStoredProperties`,
/// which holds only while they are the first stored property of a root class
/// (``AtomicView/init(inline:word:)``). This test finds every class that reads its words so in
/// the sources (`AtomicView(inline: self`), not from a list kept by hand, looks each up in the
/// running binary by its mangled name, and checks its layout with the runtime's own field
/// records: no superclass, the first field `atomics`, where stored properties start, large
/// enough for the highest word the class reads. A class moved under a superclass, a property
/// declared above the words, or a word read past the tuple fails it.
@Suite("Inline atomic words' layout")
struct InlineAtomicsLayoutTests {
    @Test("every class that keeps atomic words inline keeps them first, in a root class, with room for each word it reads")
    func everyInlineClassIsLaidOutAsTheViewsAssume() throws {
        let users = try InlineWordUser.findAll(in: sourcesFolder)
        // The engine and three facades keep words inline: finding none means the search broke.
        #expect(Set(users.map(\.module)).isSuperset(of: ["Wiring", "WiringSwinject", "WiringDip", "WiringDIContainer"]))
        #expect(users.count >= 14, "found only \(users.map(\.name))")
        for user in users {
            guard let type = user.runtimeType() else {
                Issue.record("\(user.file): class \(user.name) is not found in the test binary by its mangled name")
                continue
            }
            #expect(_getSuperclass(type) == nil, "\(user.file): \(user.name) keeps words inline but has a superclass")
            var fields: [(name: String, offset: Int, size: Int)] = []
            _ = _forEachField(of: type, options: classFields) { name, offset, fieldType, _ in
                fields.append((String(cString: name), offset, sizeOfType(fieldType)))
                return true
            }
            // In declaration order, which is the layout's (a zero-sized field may share an offset).
            let first = fields.first
            #expect(first?.name == "atomics", "\(user.file): \(user.name)'s first stored property is \(first?.name ?? "none")")
            #expect(first?.offset == objectHeaderSize, "\(user.file): \(user.name)'s words are not where stored properties start")
            let needed = (user.highestWord + 1) * MemoryLayout<AtomicWordStorage>.size
            #expect(
                (first?.size ?? 0) >= needed,
                "\(user.file): \(user.name) reads word \(user.highestWord) of \((first?.size ?? 0) / MemoryLayout<AtomicWordStorage>.size)")
        }
    }

    @Test("the check sees a property declared above the words and a superclass")
    func checkCatchesBrokenLayouts() {
        var fields: [String: Int] = [:]
        _ = _forEachField(of: WordsSecond.self, options: classFields) { name, offset, _, _ in
            fields[String(cString: name)] = offset
            return true
        }
        #expect(fields["atomics"] != objectHeaderSize)
        #expect(_getSuperclass(WordsUnderSuperclass.self) != nil)
    }
}

/// Fields of a class (`_EachFieldOptions.classType`, whose static is not concurrency-safe).
private let classFields = _EachFieldOptions(rawValue: 1 << 0)
/// A Swift object's header: its metadata pointer and its reference counts.
private let objectHeaderSize = 2 * MemoryLayout<Int>.size

private func sizeOfType(_ type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
}

/// This package's `Sources` folder, from this file's path.
private let sourcesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

/// A class whose code reads atomic words it keeps inline, as the sources declare it.
private struct InlineWordUser {
    let module: String
    let name: String
    let genericParameters: Int
    let highestWord: Int
    let file: String

    /// Every top-level class (or extension of one) in `sources` with a line, not a comment,
    /// that reads `AtomicView(inline: self, word: N)`.
    static func findAll(in sources: URL) throws -> [InlineWordUser] {
        let declaration = try Regex(#"^(?:[a-z]+ )*(?:class|extension) ([A-Za-z_]+)(<[^>]*>)?"#)
        let word = try Regex(#"AtomicView\(inline: self, word: ([0-9]+)\)"#)
        var found: [String: InlineWordUser] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            let module = String(relative.prefix { $0 != "/" })
            var current: (name: String, generics: Int)?
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                if let match = line.firstMatch(of: declaration) {
                    let generics = match.output[2].substring.map { $0.split(separator: ",").count } ?? 0
                    current = (String(match.output[1].substring ?? ""), generics)
                }
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//"), let use = line.firstMatch(of: word),
                    let current
                else { continue }
                let index = Int(use.output[1].substring ?? "") ?? 0
                let key = "\(module).\(current.name)"
                let known = found[key]
                // An extension names no generic parameters: the class declaration's count wins.
                found[key] = InlineWordUser(
                    module: module, name: current.name, genericParameters: max(current.generics, known?.genericParameters ?? 0),
                    highestWord: max(index, known?.highestWord ?? 0), file: "Sources/\(relative)")
            }
        }
        return found.values.sorted { ($0.module, $0.name) < ($1.module, $1.name) }
    }

    /// The class's metadata, by its mangled name; a generic class bound to the first arguments
    /// among a few that satisfy its constraints.
    func runtimeType() -> AnyClass? {
        let nominal = "\(module.utf8.count)\(module)\(name.utf8.count)\(name)C"
        guard genericParameters > 0 else { return _typeByName(nominal) as? AnyClass }
        let candidates = [_mangledTypeName(Int.self), _mangledTypeName(InlineWordsProbeReporter.self)].compactMap { $0 }
        var arguments: [[String]] = [[]]
        for _ in 0..<genericParameters { arguments = arguments.flatMap { prefix in candidates.map { prefix + [$0] } } }
        for chosen in arguments {
            if let type = _typeByName(nominal + "y" + chosen.joined() + "G") as? AnyClass { return type }
        }
        return nil
    }
}

/// A reporter, so that the request-scope closer, generic over one, can be looked up.
struct InlineWordsProbeReporter: RequestScopeFailureReporting {
    func teardownFailed(_ error: DisposalError) {}
}

/// What the check must catch: a property declared above the words.
private final class WordsSecond: @unchecked Sendable {
    let name = ""
    private let atomics = AtomicWordStorage(0)
}

private class WordsBase: @unchecked Sendable {}
/// What the check must catch: words in a class under a superclass.
private final class WordsUnderSuperclass: WordsBase, @unchecked Sendable {
    private let atomics = AtomicWordStorage(0)
}
