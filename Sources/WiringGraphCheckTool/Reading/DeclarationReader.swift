#if GraphCheck
    import SwiftSyntax

    /// Reads the statements of a module's `registrations` into its declarations and nested
    /// modules. A statement it cannot read for certain (`if`, `for`, a key it cannot name) is
    /// recorded as an unread part, never guessed at.
    struct DeclarationReader {
        let file: String
        let converter: SourceLocationConverter
        let types: TypeIndex
        /// The module is a `MainActorModule`: its unmarked synchronous factories run on the main
        /// actor, except those declared through `nonisolated.`.
        var mainActorByDefault = false

        /// The modifiers that keep a declaration's key and lifetime (`forwarding(to:)` adds a key).
        private static let modifiers: Set<String> = [
            "forwarding", "onResolved", "decorated", "onDispose", "trackingTransients", "providedToScopes", "validatedAsRoot",
        ]

        func read(_ statements: CodeBlockItemListSyntax, into info: inout ModuleInfo) {
            for statement in statements {
                guard case .expr(let expression) = statement.item, readItem(expression, into: &info) else {
                    info.hasUnreadParts = true
                    continue
                }
            }
        }

        /// One declaration, or one nested module; `false` when it is neither, for certain.
        private func readItem(_ expression: ExprSyntax, into info: inout ModuleInfo) -> Bool {
            var forwarded: [String] = []
            var current = expression
            while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = member.base, Self.modifiers.contains(member.declName.baseName.text)
            {
                if member.declName.baseName.text == "forwarding" {
                    guard let target = call.arguments.first(where: { $0.label?.text == "to" }),
                        let type = KeyReader.metatype(target.expression)
                    else { return false }
                    forwarded.append(type)
                }
                current = base
            }
            guard let call = current.as(FunctionCallExprSyntax.self) else { return false }
            // `nonisolated.singleton { … }` in a `MainActorModule` declares as a `Module` does.
            var reader = self
            let callee: DeclReferenceExprSyntax
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                callee = reference
            } else if mainActorByDefault, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "nonisolated"
            {
                callee = member.declName
                reader.mainActorByDefault = false
            } else {
                return false
            }
            return reader.readDeclaration(call, named: callee.baseName.text, forwarded: forwarded, into: &info)
        }

        /// The declaration (or nested module) `call` makes, `name` being what it calls.
        private func readDeclaration(
            _ call: FunctionCallExprSyntax, named name: String, forwarded: [String], into info: inout ModuleInfo
        ) -> Bool {
            if let lifetime = LifetimeKind(declaration: name) {
                guard let declaration = lifetimeDeclaration(call, lifetime: lifetime, forwarded: forwarded) else { return false }
                info.declarations.append(declaration)
                return true
            }
            switch name {
            case "instance":
                guard let declaration = instanceDeclaration(call, forwarded: forwarded) else { return false }
                info.declarations.append(declaration)
                return true
            case "autowire":
                guard let declaration = autowireDeclaration(call, forwarded: forwarded) else { return false }
                info.declarations.append(declaration)
                return true
            case "contribution":
                // A collection's element: it provides no key of its own that reads name here.
                return forwarded.isEmpty
            default:
                // A nested module: a value of a module type, made by its initializer.
                guard name.first?.isUppercase == true, call.calledExpression.is(DeclReferenceExprSyntax.self),
                    call.trailingClosure == nil, forwarded.isEmpty, name != "Registrations"
                else {
                    return false
                }
                info.nested.append(name)
                return true
            }
        }

        /// `singleton(X.self, tag: .t) { r in … }` and the other lifetimes'.
        private func lifetimeDeclaration(_ call: FunctionCallExprSyntax, lifetime: LifetimeKind, forwarded: [String]) -> Declaration? {
            var explicitType: String?
            var tag: Key.Tag?
            var scopeName: String?
            var closure = call.trailingClosure
            for argument in call.arguments {
                switch argument.label?.text {
                case nil:
                    if let written = argument.expression.as(ClosureExprSyntax.self) {
                        closure = written
                    } else {
                        guard explicitType == nil, let type = KeyReader.metatype(argument.expression) else { return nil }
                        explicitType = type
                    }
                case "tag":
                    guard let read = KeyReader.tag(argument.expression) else { return nil }
                    tag = read
                case "in":
                    scopeName = KeyReader.tag(argument.expression)?.description
                default:
                    return nil
                }
            }
            guard let closure,
                let factory = FactoryReader(
                    closure: closure, file: file, converter: converter, types: types, mainActorByDefault: mainActorByDefault)
            else {
                return nil
            }
            guard let type = explicitType ?? factory.builtType else { return nil }
            return declaration(
                call, type: type, forwarded: forwarded, tag: tag, lifetime: lifetime, scopeName: scopeName, factory: factory)
        }

        /// `instance(value, as: X.self, tag: .t)`: a singleton built before the container.
        private func instanceDeclaration(_ call: FunctionCallExprSyntax, forwarded: [String]) -> Declaration? {
            var type: String?
            var tag: Key.Tag?
            for argument in call.arguments {
                switch argument.label?.text {
                case nil: type = type ?? KeyReader.constructedType(argument.expression)
                case "as":
                    guard let written = KeyReader.metatype(argument.expression) else { return nil }
                    type = written
                case "tag":
                    guard let read = KeyReader.tag(argument.expression) else { return nil }
                    tag = read
                default: return nil
                }
            }
            guard let type else { return nil }
            return declaration(call, type: type, forwarded: forwarded, tag: tag, lifetime: .singleton)
        }

        /// `autowire(tag: .t, lifetime: .singleton, X.init(a:b:))`: its key and lifetime, and a
        /// read of each of the initializer's parameters (untagged, by type), when the sources
        /// declare that initializer; plus what making `X` reads through its `@Wired` properties.
        private func autowireDeclaration(_ call: FunctionCallExprSyntax, forwarded: [String]) -> Declaration? {
            var type: String?
            var labels: [String?]?
            var tag: Key.Tag?
            var lifetime = LifetimeKind.transient
            for argument in call.arguments {
                switch argument.label?.text {
                case nil:
                    var initializer = argument.expression
                    if let member = initializer.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                        let base = member.base
                    {
                        labels = member.declName.argumentNames.map { $0.arguments.map { $0.name.text == "_" ? nil : $0.name.text } }
                        initializer = base
                    }
                    guard let reference = initializer.as(DeclReferenceExprSyntax.self) else { return nil }
                    type = reference.baseName.text
                    if let names = reference.argumentNames {
                        labels = names.arguments.map { $0.name.text == "_" ? nil : $0.name.text }
                    }
                case "tag":
                    guard let read = KeyReader.tag(argument.expression) else { return nil }
                    tag = read
                case "lifetime":
                    guard case .member(let name)? = KeyReader.tag(argument.expression), let read = LifetimeKind(declaration: name)
                    else { return nil }
                    lifetime = read
                default: return nil
                }
            }
            guard let type, type.first?.isUppercase == true else { return nil }
            let point = SourcePoint(call, in: file, converter)
            var reads: [Read] = []
            // The initializer it names: by its labels, or the type's only one.
            let initializers = types.facts(of: type).map { $0.initializers + ($0.memberwise.map { [$0] } ?? []) } ?? []
            let named = initializers.filter { parameters in labels.map { $0 == parameters.map(\.label) } ?? true }
            if named.count == 1 {
                for parameter in named[0] {
                    if let parameterType = parameter.type {
                        reads.append(Read(key: Key(type: parameterType, tag: nil), isAsync: false, point: point))
                    }
                }
                reads += types.constructionReads(of: type, labels: named[0].map(\.label)).map {
                    Read(key: $0.key, isAsync: false, point: point, isConstruction: true)
                }
            }
            return Declaration(
                keys: ([type] + forwarded).map { Key(type: $0, tag: tag) }, lifetime: lifetime, scopeName: nil, isAsync: false,
                reads: reads, point: point)
        }

        /// The declaration `call` makes: `type` and the types it is forwarded to, each under `tag`;
        /// without a factory closure the tool read, it is synchronous and reads nothing it follows.
        private func declaration(
            _ call: FunctionCallExprSyntax, type: String, forwarded: [String], tag: Key.Tag?, lifetime: LifetimeKind,
            scopeName: String? = nil, factory: FactoryReader? = nil
        ) -> Declaration {
            Declaration(
                keys: ([type] + forwarded).map { Key(type: $0, tag: tag) }, lifetime: lifetime, scopeName: scopeName,
                isAsync: factory?.isAsync ?? false, isMainActor: factory?.isMainActor ?? mainActorByDefault, reads: factory?.reads ?? [],
                point: SourcePoint(call, in: file, converter))
        }
    }

    /// A factory closure: the type it builds, whether it is `async`, and the reads it makes
    /// through its resolver with a key written out.
    struct FactoryReader {
        let builtType: String?
        let isAsync: Bool
        /// `{ @MainActor r in … }`, or an unmarked synchronous closure of a `MainActorModule`.
        let isMainActor: Bool
        let reads: [Read]

        /// `nil` when the closure takes runtime arguments (its key then has them, and reads
        /// without them are matched by validation, not here).
        init?(
            closure: ClosureExprSyntax, file: String, converter: SourceLocationConverter, types: TypeIndex,
            mainActorByDefault: Bool
        ) {
            var resolver = "$0"
            if let parameters = closure.signature?.parameterClause {
                switch parameters {
                case .simpleInput(let list):
                    guard list.count <= 1 else { return nil }
                    if let first = list.first { resolver = first.name.text }
                case .parameterClause(let clause):
                    guard clause.parameters.count <= 1 else { return nil }
                    if let first = clause.parameters.first { resolver = (first.secondName ?? first.firstName).text }
                }
            }
            let collector = ReadCollector(resolver: resolver, file: file, converter: converter, types: types)
            collector.walk(closure.statements)
            reads = collector.reads
            isAsync = closure.signature?.effectSpecifiers?.asyncSpecifier != nil || collector.awaits
            builtType = Self.builtType(closure, types: types)
            // An async closure carries its own isolation in either kind of module.
            let marked =
                closure.signature?.attributes.contains {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor"
                } ?? false
            isMainActor = marked || (mainActorByDefault && !isAsync)
        }

        /// The closure's written return type, or the type its one expression (or every `return`)
        /// makes: with an initializer (`Store()`), or with a static method of the sources that
        /// returns its own type (`try await Store.load()`).
        private static func builtType(_ closure: ClosureExprSyntax, types: TypeIndex) -> String? {
            if let written = closure.signature?.returnClause?.type.trimmedDescription { return KeyReader.plainType(written) }
            let made = { (expression: ExprSyntax) in KeyReader.constructedType(expression) ?? types.madeByStaticMethod(expression) }
            if closure.statements.count == 1, case .expr(let expression) = closure.statements.first?.item {
                return made(expression)
            }
            var built: Set<String> = []
            for statement in closure.statements {
                guard case .stmt(let stmt) = statement.item, let returned = stmt.as(ReturnStmtSyntax.self) else { continue }
                guard let expression = returned.expression, let type = made(expression) else { return nil }
                built.insert(type)
            }
            return built.count == 1 ? built.first : nil
        }
    }

    /// Collects a factory's reads: through its resolver (`r.resolve(X.self)`,
    /// `try await r.resolveAsync(tag: .t)`, typed by where they stand), through call-site
    /// injection in the factory (`wired()`, `try resolve()`, which read from the factory's
    /// resolver), and through the call-site injection of the types it makes (`UserService()`,
    /// whose `@Wired` properties are read as it is made); and whether it awaits. Only reads that every build
    /// makes are collected: those in nested closures (which may run later or never), in a branch
    /// (`if`, `switch`, `guard`'s body, `? :`, the right of `??`, `&&` and `||`), a loop, a `catch`,
    /// or under `try?` (whose failure is not one) are left out.
    private final class ReadCollector: SyntaxVisitor {
        let resolver: String
        let file: String
        let converter: SourceLocationConverter
        let types: TypeIndex
        var reads: [Read] = []
        var awaits = false

        init(resolver: String, file: String, converter: SourceLocationConverter, types: TypeIndex) {
            self.resolver = resolver
            self.file = file
            self.converter = converter
            self.types = types
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: CatchClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
            node.questionOrExclamationMark?.text == "?" ? .skipChildren : .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            // The parser leaves operators unfolded (no `TernaryExpr` or `InfixOperatorExpr` nodes):
            // a sequence with `? :` or a short-circuiting operator is left out whole.
            let branches = node.elements.contains {
                if $0.is(UnresolvedTernaryExprSyntax.self) { return true }
                guard let name = $0.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                return ["??", "&&", "||"].contains(name)
            }
            return branches ? .skipChildren : .visitChildren
        }

        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
            awaits = true
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = readName(node) {
                if let key = KeyReader.key(of: node, inferred: KeyReader.inferredType(of: node, index: types)) {
                    reads.append(Read(key: key, isAsync: name == "resolveAsync", point: SourcePoint(node, in: file, converter)))
                }
            } else if node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty,
                let type = KeyReader.constructedType(ExprSyntax(node))
            {
                for read in types.constructionReads(of: type, labels: node.arguments.map { $0.label?.text }) {
                    reads.append(Read(key: read.key, isAsync: false, point: SourcePoint(node, in: file, converter), isConstruction: true))
                }
            }
            return .visitChildren
        }

        /// `resolve` or `resolveAsync` for a read through the resolver, `wired` or `resolve` for
        /// call-site injection in the factory; `nil` for any other call.
        private func readName(_ node: FunctionCallExprSyntax) -> String? {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == resolver
            {
                let name = member.declName.baseName.text
                return ["resolve", "resolveAsync"].contains(name) ? name : nil
            }
            if node.calledExpression.as(DeclReferenceExprSyntax.self).map({ ["wired", "resolve"].contains($0.baseName.text) }) == true {
                return "resolve"
            }
            return nil
        }
    }
#endif
