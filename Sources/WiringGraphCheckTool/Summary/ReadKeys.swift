#if GraphCheck
    import SwiftSyntax

    /// The key a read names, from its arguments and from where it stands.
    enum ReadKeys {
        /// The key that arguments such as `(X.self, tag: .t)` name (a call's, or a property
        /// wrapper attribute's: `@Wired(tag: .t)`), else `inferred` and the tag. `nil` when the
        /// read passes runtime arguments (those keys are found with them) or its type is unknown.
        static func key(arguments: LabeledExprListSyntax, inferred: TypeName?, scope: Int) -> WrittenKey? {
            var type = inferred
            var tag: WrittenTag?
            for (position, argument) in arguments.enumerated() {
                switch argument.label?.text {
                case nil where position == 0:
                    guard let written = TypeNames.metatype(argument.expression) else { return nil }
                    type = written
                case "tag":
                    tag = TypeNames.tag(argument.expression)
                case "file", "line":
                    continue
                default:
                    return nil
                }
            }
            return type.map { WrittenKey(type: $0, tag: tag, scope: scope) }
        }

        /// The written type of the binding whose value is `call` (`let config: Config = wired()`).
        static func annotatedType(of call: FunctionCallExprSyntax) -> TypeName? {
            guard let clause = outermost(call).parent?.as(InitializerClauseSyntax.self),
                let binding = clause.parent?.as(PatternBindingSyntax.self),
                let annotation = binding.typeAnnotation
            else { return nil }
            return TypeNames.name(annotation.type)
        }

        /// `call` with the `try` and `await` written around it (`try await r.resolveAsync()`).
        static func outermost(_ call: FunctionCallExprSyntax) -> Syntax {
            var node = Syntax(call)
            while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
            return node
        }

        /// Whether a sequence (the parser leaves operators unfolded) has `? :` or a
        /// short-circuiting operator: what it reads is not read every time.
        static func branches(_ node: SequenceExprSyntax) -> Bool {
            node.elements.contains {
                if $0.is(UnresolvedTernaryExprSyntax.self) { return true }
                guard let name = $0.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                return ["??", "&&", "||"].contains(name)
            }
        }
    }
#endif
