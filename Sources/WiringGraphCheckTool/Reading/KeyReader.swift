#if GraphCheck
    import Foundation
    import SwiftSyntax

    /// Reads keys, types and tags from expressions, only where the text says them for certain:
    /// anything else is `nil`, and the tool checks nothing that depends on it.
    enum KeyReader {
        /// The type `X` of a metatype expression `X.self` (`(any Logging).self` gives
        /// `any Logging`); `nil` for collections, optionals, generics and functions, whose
        /// spelling the tool does not compare.
        static func metatype(_ expression: ExprSyntax) -> String? {
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base
            else { return nil }
            return plainType(base.trimmedDescription)
        }

        /// `text` without enclosing parentheses, if it is a plain type name (`Database`,
        /// `any Logging`), else `nil`. A qualified name (`Shop.Database`) is `nil` too: the tool
        /// cannot tell a module's name from an enclosing type's, so it could neither match
        /// `Database` to it for certain nor tell `Shop.Config` from `Billing.Config`.
        static func plainType(_ text: String) -> String? {
            var type = text
            while type.hasPrefix("("), type.hasSuffix(")") { type = String(type.dropFirst().dropLast()) }
            let words = type.split(separator: " ").map(String.init)
            guard !words.isEmpty, words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { return nil }
            if words.count == 2, words[0] == "any" || words[0] == "some" { return "any \(words[1])" }
            return words.count == 1 ? words[0] : nil
        }

        /// A tag as written: `.replica`, `DB.replica` or `"replica"`. `nil` when the expression is
        /// anything else (a variable, a call), whose value the tool cannot know.
        static func tag(_ expression: ExprSyntax) -> Key.Tag? {
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                guard literal.segments.count == 1, case .stringSegment(let segment)? = literal.segments.first else { return nil }
                return .string(segment.content.text)
            }
            if let member = expression.as(MemberAccessExprSyntax.self) {
                if let base = member.base {
                    guard let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true
                    else { return nil }
                }
                return .member(member.declName.baseName.text)
            }
            return nil
        }

        /// The key a read such as `r.resolve(X.self, tag: .t)` or `wired(tag: .t)` names: its
        /// metatype argument, else `inferred` (the type its place gives it), and its `tag:`. `nil`
        /// when it passes runtime arguments (those keys are matched by their argument types, which
        /// the tool does not read) or its type or tag cannot be read.
        static func key(of call: FunctionCallExprSyntax, inferred: String?) -> Key? {
            key(arguments: call.arguments, inferred: inferred)
        }

        /// The key that arguments such as `(X.self, tag: .t)` name (a call's, or a property
        /// wrapper attribute's: `@Wired(tag: .t)`), else `inferred` and the tag.
        static func key(arguments: LabeledExprListSyntax, inferred: String?) -> Key? {
            var type = inferred
            var tag: Key.Tag?
            for (position, argument) in arguments.enumerated() {
                switch argument.label?.text {
                case nil where position == 0:
                    guard let written = metatype(argument.expression) else { return nil }
                    type = written
                case "tag":
                    guard let read = Self.tag(argument.expression) else { return nil }
                    tag = read
                default:
                    return nil
                }
            }
            return type.map { Key(type: $0, tag: tag) }
        }

        /// The type a read without a metatype (`try r.resolve()`, `wired()`) returns, from where
        /// it stands: an argument of an initializer of a type in `index`
        /// (`UserService(database: try r.resolve())`), or the value of a binding whose type is
        /// written (`let config: Config = try r.resolve()`). `nil` anywhere else.
        static func inferredType(of call: FunctionCallExprSyntax, index: TypeIndex) -> String? {
            let node = outermost(call)
            if let labeled = node.parent?.as(LabeledExprSyntax.self), let list = labeled.parent?.as(LabeledExprListSyntax.self),
                let outer = list.parent?.as(FunctionCallExprSyntax.self), outer.trailingClosure == nil,
                outer.additionalTrailingClosures.isEmpty, let type = constructedType(ExprSyntax(outer)),
                let position = list.firstIndex(where: { $0.id == labeled.id }).map({ list.distance(from: list.startIndex, to: $0) })
            {
                return index.parameterType(of: type, labels: list.map { $0.label?.text }, position: position)
            }
            return annotatedType(of: call)
        }

        /// The written type of the binding whose value is `call` (`let config: Config = wired()`).
        static func annotatedType(of call: FunctionCallExprSyntax) -> String? {
            guard let clause = outermost(call).parent?.as(InitializerClauseSyntax.self),
                let binding = clause.parent?.as(PatternBindingSyntax.self),
                let annotation = binding.typeAnnotation
            else { return nil }
            return plainType(annotation.type.trimmedDescription)
        }

        /// `call` with the `try` and `await` written around it (`try await r.resolveAsync()`).
        private static func outermost(_ call: FunctionCallExprSyntax) -> Syntax {
            var node = Syntax(call)
            while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
            return node
        }

        /// `expression` without the `try` and `await` written in front of it.
        static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
            var expression = expression
            while let inner = expression.as(TryExprSyntax.self)?.expression ?? expression.as(AwaitExprSyntax.self)?.expression {
                expression = inner
            }
            return expression
        }

        /// `T` of `T(…)` or `T.init(…)`, a value made by its type's initializer.
        static func constructedType(_ expression: ExprSyntax) -> String? {
            guard let call = unwrapped(expression).as(FunctionCallExprSyntax.self) else { return nil }
            var callee = call.calledExpression
            if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
                callee = base
            }
            guard let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true else {
                return nil
            }
            return reference.baseName.text
        }
    }
#endif
