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
        /// `any Logging`), else `nil`. A qualified name (`Shop.Database`) is read as its last
        /// component, as a read and a declaration may qualify it differently.
        static func plainType(_ text: String) -> String? {
            var type = text
            while type.hasPrefix("("), type.hasSuffix(")") { type = String(type.dropFirst().dropLast()) }
            type = type.trimmingCharacters(in: .whitespaces)
            guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == " " }) else {
                return nil
            }
            let words = type.split(separator: " ").map { $0.split(separator: ".").last.map(String.init) ?? "" }
            guard !words.contains(where: \.isEmpty) else { return nil }
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

        /// The key of a call's metatype argument and `tag:`, as `r.resolve(X.self, tag: .t)`
        /// writes it. `nil` when it passes runtime arguments (those keys are matched by their
        /// argument types, which the tool does not read) or its type or tag cannot be read.
        static func explicitKey(of call: FunctionCallExprSyntax) -> Key? {
            guard let first = call.arguments.first, first.label == nil, let type = metatype(first.expression) else { return nil }
            var tag: Key.Tag?
            for argument in call.arguments.dropFirst() {
                switch argument.label?.text {
                case "tag":
                    guard let read = Self.tag(argument.expression) else { return nil }
                    tag = read
                default:
                    return nil
                }
            }
            return Key(type: type, tag: tag)
        }

        /// `T` of `T(…)` or `T.init(…)`, a value made by its type's initializer.
        static func constructedType(_ expression: ExprSyntax) -> String? {
            var expression = expression
            while true {
                if let tried = expression.as(TryExprSyntax.self) {
                    expression = tried.expression
                } else if let awaited = expression.as(AwaitExprSyntax.self) {
                    expression = awaited.expression
                } else {
                    break
                }
            }
            guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
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
