#if GraphCheck
    import SwiftSyntax

    /// Types as written, from the syntax that writes them: in a type position (`let x: T`), or
    /// as an expression (`T.self`, `T(…)`).
    enum TypeNames {
        /// The written type `type`.
        static func name(_ type: TypeSyntax) -> TypeName {
            if let identifier = type.as(IdentifierTypeSyntax.self) {
                guard identifier.genericArgumentClause == nil else { return .structural(type.trimmedDescription) }
                return .named([identifier.name.text])
            }
            if let member = type.as(MemberTypeSyntax.self) {
                guard member.genericArgumentClause == nil, case .named(let base) = name(member.baseType) else {
                    return .structural(type.trimmedDescription)
                }
                return .named(base + [member.name.text])
            }
            if let some = type.as(SomeOrAnyTypeSyntax.self) {
                guard some.someOrAnySpecifier.text == "any" else { return .opaque(type.trimmedDescription) }
                switch name(some.constraint) {
                case .named(let parts): return .existential(parts)
                default: return .structural(type.trimmedDescription)
                }
            }
            if let attributed = type.as(AttributedTypeSyntax.self), attributed.attributes.isEmpty {
                return name(attributed.baseType)  // `sending T`, `borrowing T`
            }
            if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
                only.firstName == nil, only.ellipsis == nil
            {
                return name(only.type)
            }
            return .structural(type.trimmedDescription)
        }

        /// The type an expression names: `Database`, `Billing.Config`, `(any Logging)`; `nil`
        /// when it is no type expression the reader knows (a variable's member, a call).
        static func name(expression: ExprSyntax) -> TypeName? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                guard reference.argumentNames == nil else { return nil }
                return .named([reference.baseName.text])
            }
            if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
                guard case .named(let parts)? = name(expression: base) else { return nil }
                return .named(parts + [member.declName.baseName.text])
            }
            if let typeExpression = expression.as(TypeExprSyntax.self) {
                return name(typeExpression.type)
            }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
                only.label == nil
            {
                return name(expression: only.expression)
            }
            if expression.is(GenericSpecializationExprSyntax.self) || expression.is(ArrayExprSyntax.self)
                || expression.is(DictionaryExprSyntax.self) || expression.is(OptionalChainingExprSyntax.self)
            {
                return .structural(expression.trimmedDescription)
            }
            return nil
        }

        /// `X` of the metatype expression `X.self`.
        static func metatype(_ expression: ExprSyntax) -> TypeName? {
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
                let base = member.base
            else { return nil }
            return name(expression: base)
        }

        /// `T` of `T(…)` or `T.init(…)` (with the `try` and `await` in front of it left out), when
        /// `T` is written as a type: its last part starts with a capital letter.
        static func constructed(_ expression: ExprSyntax) -> TypeName? {
            guard let call = unwrapped(expression).as(FunctionCallExprSyntax.self) else { return nil }
            return constructed(call)
        }

        /// `T` of the call `T(…)` or `T.init(…)`.
        static func constructed(_ call: FunctionCallExprSyntax) -> TypeName? {
            var callee = call.calledExpression
            if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
                callee = base
            }
            guard case .named(let parts)? = name(expression: callee), parts.last?.first?.isUppercase == true else { return nil }
            return .named(parts)
        }

        /// `expression` without the `try` and `await` written in front of it.
        static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
            var expression = expression
            while let inner = expression.as(TryExprSyntax.self)?.expression ?? expression.as(AwaitExprSyntax.self)?.expression {
                expression = inner
            }
            return expression
        }

        /// A tag as written.
        static func tag(_ expression: ExprSyntax) -> WrittenTag {
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                guard literal.segments.count == 1, case .stringSegment(let segment)? = literal.segments.first else { return .unreadable }
                return .string(segment.content.text)
            }
            if let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil {
                guard let base = member.base else { return .member(base: nil, name: member.declName.baseName.text) }
                guard case .named(let parts)? = name(expression: base), parts.last?.first?.isUppercase == true else { return .unreadable }
                return .member(base: .named(parts), name: member.declName.baseName.text)
            }
            return .unreadable
        }
    }
#endif
