/// A tag that is spelled with a leading dot at every `tag:` parameter: `tag: .replica`.
///
/// Declare each tag once, in an extension of `Hashable` constrained to `WiringTag` (the pattern
/// SwiftUI uses for styles), and Swift finds it wherever a tag is expected:
///
/// ```swift
/// extension Hashable where Self == WiringTag {
///     static var replica: WiringTag { "replica" }
/// }
///
/// container.register((any Database).self, tag: .replica) { _ in Replica() }
/// let replica = try container.resolve((any Database).self, tag: .replica)
/// ```
///
/// Any other `Hashable & Sendable` value still works as a tag (`tag: DatabaseRole.replica`,
/// `tag: "replica"`); tags compare as `AnyHashable` does, so `WiringTag("replica")` and the string
/// `"replica"` are two different tags. Lookups hash the tag: a tag type whose `hash(into:)` gives
/// many values one hash makes every lookup among them linear (ResolvingTagsAndArguments).
public struct WiringTag: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The tag's name.
    public let name: String

    /// A tag named `name`.
    public init(_ name: String) { self.name = name }

    /// A tag named by a string literal: `static var replica: WiringTag { "replica" }`.
    public init(stringLiteral name: String) { self.name = name }

    /// `.name`, as the tag is written at a call site.
    public var description: String { ".\(name)" }
}
