/// Rules every stored value follows, checked before anything is written: one line of text,
/// trimmed, not empty, not too long. Control characters (U+0000 to U+001F and U+007F to U+009F:
/// NUL, newlines, tabs, escapes) and the line and paragraph separators (U+2028, U+2029) are
/// refused rather than stored, because a name or title is one line of display text, and because
/// SQLite reads text up to its first NUL. Other invisible characters (joiners, which emoji
/// sequences need, and direction marks) are allowed.
///
/// A length limit counts both characters (what a reader sees) and UTF-8 bytes (what is stored):
/// one character can hold any number of combining marks, so a limit on characters alone let a
/// "1-character" name of 30,000 marks through, 60,020 bytes of it. The byte limit is four times
/// the character limit, room for any text of that many characters without stacked marks.
public enum Rules {
    /// A user's name: at most 100 characters and 400 bytes of UTF-8.
    public static func name(_ name: String) throws(DomainError) -> String {
        try text(name, named: "name", maximumLength: 100)
    }

    /// A todo's title: at most 200 characters and 800 bytes of UTF-8.
    public static func title(_ title: String) throws(DomainError) -> String {
        try text(title, named: "title", maximumLength: 200)
    }

    private static func text(_ text: String, named field: String, maximumLength: Int) throws(DomainError) -> String {
        let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        if let control = text.unicodeScalars.first(where: { breaking.contains($0.properties.generalCategory) }) {
            let code = String(control.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            throw DomainError(.invalid, "\(field) must not contain control characters or line breaks (found U+\(padded))")
        }
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw DomainError(.invalid, "\(field) must not be empty") }
        guard trimmed.count <= maximumLength else {
            throw DomainError(.invalid, "\(field) must be at most \(maximumLength) characters")
        }
        guard trimmed.utf8.count <= 4 * maximumLength else {
            throw DomainError(
                .invalid,
                "\(field) must be at most \(4 * maximumLength) bytes of UTF-8 (found \(trimmed.utf8.count): combining marks count)")
        }
        return trimmed
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// A page of a list: `limit` (default 50, at most 200) items ordered by id, after the id `after`.
/// A server fetches one more than the limit to know whether a next page exists.
public struct Page: Sendable, Equatable {
    /// The page size when the request names none.
    public static let defaultLimit = 50
    /// The largest page size a request may ask for.
    public static let maximumLimit = 200

    /// How many items the page holds at most.
    public let limit: Int
    /// The id the page starts after: 0 for the first page.
    public let after: Int

    /// The page that the query values `limit` and `after` ask for (`nil` when absent); a
    /// malformed or out-of-range value is a `badRequest` naming it.
    public init(limit: String?, after: String?) throws(DomainError) {
        self.limit = try Self.integer(limit, named: "limit", default: Self.defaultLimit, in: 1...Self.maximumLimit)
        self.after = try Self.integer(after, named: "after", default: 0, in: 0...Int.max)
    }

    /// The items of the page from what a store fetched (up to one more than the limit), and the
    /// cursor of the next page if there is one.
    public func split<Item>(_ fetched: [Item], id: (Item) -> Int) -> (items: [Item], nextAfter: Int?) {
        let items = Array(fetched.prefix(limit))
        return (items, fetched.count > limit ? items.last.map(id) : nil)
    }

    private static func integer(_ text: String?, named name: String, default value: Int, in range: ClosedRange<Int>)
        throws(DomainError) -> Int
    {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            let bounds =
                range.upperBound == Int.max
                ? "an integer of at least \(range.lowerBound)" : "an integer from \(range.lowerBound) to \(range.upperBound)"
            throw DomainError(.badRequest, "\(name) must be \(bounds), not \"\(text)\"")
        }
        return number
    }
}
