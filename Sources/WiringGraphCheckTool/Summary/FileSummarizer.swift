#if GraphCheck
    import SwiftParser
    import SwiftSyntax

    /// Makes a file's summary from its text: parses it, indexes its scopes and types, then reads
    /// its facts.
    enum FileSummarizer {
        /// The comment that marks a deliberate mistake.
        static let expectedMarker = "// WiringGraphCheck: expected"

        static func summarize(_ text: String, path: String) -> FileSummary {
            var summary = FileSummary()
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(expectedMarker) {
                summary.expectedLines += [number + 1, number + 2]
            }
            let tree = Parser.parse(source: text)
            let context = SourceContext(converter: SourceLocationConverter(fileName: path, tree: tree))
            let indexer = ScopeIndexer(context: context, summary: summary)
            indexer.walk(tree)
            indexer.compact()
            let reader = FactsReader(context: context, summary: indexer.summary)
            reader.walk(tree)
            return reader.summary
        }
    }
#endif
