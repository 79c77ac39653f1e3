extension DependencyContainer {
    /// What a factory or property block can learn about the resolve that runs it, through
    /// ``DependencyContainer/context``.
    ///
    /// ```swift
    /// container.register { () -> Logger in
    ///     Logger(category: "\(container.context.injectedInType.map { "\($0)" } ?? "app")")
    /// }
    /// ```
    public struct Context: CustomStringConvertible, CustomDebugStringConvertible, Sendable {
        /// The key being resolved, with the tag that was asked for (kept when the untagged
        /// definition answers).
        public internal(set) var key: DefinitionKey
        /// The type being resolved.
        public var resolvingType: Any.Type { key.type }
        /// The tag being resolved with; auto-injected properties inherit it.
        public var tag: Tag? { key.tag }
        /// The type whose resolve asked for this one (`nil` for an outermost resolve, and for a
        /// resolve a collaborator performs).
        public private(set) var injectedInType: Any.Type?
        /// The label of the auto-injected property being resolved (`_server` for
        /// `@Injected var server`, `server` for `let server = Injected<…>()`), if any.
        public private(set) var injectedInProperty: String?

        init(key: DefinitionKey, injectedInType: Any.Type?, injectedInProperty: String?) {
            self.key = key
            self.injectedInType = injectedInType
            self.injectedInProperty = injectedInProperty
        }

        /// `Resolving type Server with arguments () tagged with "dev" while resolving Client.client`.
        public var description: String {
            var text = "Resolving type \(key.type) with arguments \(argumentsDescription(key.typeOfArguments))"
            if let tag { text += " tagged with \(tag)" }
            if let injectedInType {
                text += " while resolving \(injectedInType)"
                if let injectedInProperty { text += ".\(injectedInProperty)" }
            } else if let injectedInProperty {
                text += " for the property \(injectedInProperty)"
            }
            return text
        }

        /// Every field of the context.
        public var debugDescription: String {
            "key: \(key), resolvingType: \(resolvingType), tag: \(tag.map(\.description) ?? "nil"), "
                + "injectedInType: \(injectedInType.map { "\($0)" } ?? "nil"), injectedInProperty: \(injectedInProperty ?? "nil")"
        }
    }
}
