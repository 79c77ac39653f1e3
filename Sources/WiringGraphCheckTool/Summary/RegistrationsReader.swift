#if GraphCheck
    import SwiftSyntax

    /// Reads the statements of a `registrations` body into declarations and included modules.
    /// A statement it cannot read for certain (`if`, `for`, a key it cannot name) is an unread
    /// item, never guessed at; `#if` clauses are read, each item keeping its clauses.
    struct RegistrationsReader {
        let context: SourceContext
        /// The written types of the module's properties: `let core: CoreModule`, included as `core`.
        var properties: [String: TypeName] = [:]

        /// The modifiers that keep a declaration's key and lifetime (`forwarding(to:)` adds a key).
        private static let modifiers: Set<String> = [
            "forwarding", "onResolved", "decorated", "onDispose", "trackingTransients", "providedToScopes", "validatedAsRoot",
        ]

        func read(_ statements: CodeBlockItemListSyntax) -> [RegistrationItem] {
            var items: [RegistrationItem] = []
            for statement in statements {
                switch statement.item {
                case .expr(let expression):
                    items.append(item(expression))
                case .decl(let declaration):
                    if let conditional = declaration.as(IfConfigDeclSyntax.self) {
                        for clause in conditional.clauses {
                            if case .statements(let inner)? = clause.elements { items += read(inner) }
                        }
                    } else if !declaration.is(VariableDeclSyntax.self) {
                        items.append(.unread(context.point(statement), "a declaration (\(Self.excerpt(declaration)))"))
                    }
                case .stmt(let stmt):
                    let what =
                        stmt.as(ExpressionStmtSyntax.self).map { $0.expression.is(IfExprSyntax.self) ? "an if" : "a switch" } ?? "a loop"
                    items.append(.unread(context.point(statement), what))
                }
            }
            return items
        }

        /// One declaration, or one included module.
        private func item(_ expression: ExprSyntax) -> RegistrationItem {
            let point = context.point(expression)
            var forwarded: [TypeName] = []
            var hooks: [ClosureExprSyntax] = []
            var current = expression
            while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = member.base, Self.modifiers.contains(member.declName.baseName.text)
            {
                switch member.declName.baseName.text {
                case "forwarding":
                    guard let target = call.arguments.first(where: { $0.label?.text == "to" }),
                        let type = TypeNames.metatype(target.expression)
                    else { return .unread(point, "a forwarding whose type is not written") }
                    forwarded.append(type)
                case "onResolved", "decorated":
                    if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) {
                        hooks.append(closure)
                    }
                default:
                    break
                }
                current = base
            }
            if forwarded.isEmpty, let reference = current.as(DeclReferenceExprSyntax.self),
                let type = properties[reference.baseName.text]
            {
                // `core`, a stored property holding a module: included as a value of its type.
                return .nested(type, scope: context.scope(current), point: point, clauses: context.clauses(current))
            }
            guard let call = current.as(FunctionCallExprSyntax.self) else {
                return .unread(point, "`\(Self.excerpt(current))`, a value it cannot read")
            }
            var markedNonisolated = false
            let name: String
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                name = reference.baseName.text
            } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "nonisolated"
            {
                name = member.declName.baseName.text
                markedNonisolated = true
            } else if let module = TypeNames.constructed(call), forwarded.isEmpty, call.trailingClosure == nil {
                return .nested(module, scope: context.scope(call), point: point, clauses: context.clauses(call))
            } else {
                return .unread(point, "`\(Self.excerpt(call))`, a call it cannot read")
            }
            if name.first?.isUppercase == true, forwarded.isEmpty, call.trailingClosure == nil, !markedNonisolated {
                return .nested(.named([name]), scope: context.scope(call), point: point, clauses: context.clauses(call))
            }
            guard var declaration = declaration(call, named: name) else {
                return .unread(point, "`\(Self.excerpt(call.calledExpression))(…)`, a declaration whose key it cannot read")
            }
            declaration.forwarded = forwarded
            declaration.isMarkedNonisolated = markedNonisolated
            for hook in hooks {
                guard let factory = FactoryBody(closure: hook, context: context, resolverParameters: 2) else { continue }
                declaration.reads += factory.reads.map { read in
                    var read = read
                    read.isHook = true
                    return read
                }
            }
            return .declaration(declaration)
        }

        private func declaration(_ call: FunctionCallExprSyntax, named name: String) -> DeclarationFact? {
            var fact = DeclarationFact(
                form: .lifetime, lifetime: name, scope: context.scope(call), point: context.point(call), clauses: context.clauses(call))
            var closure = call.trailingClosure
            for argument in call.arguments {
                switch argument.label?.text {
                case nil:
                    if let written = argument.expression.as(ClosureExprSyntax.self) {
                        closure = written
                    } else if name == "instance" {
                        fact.built = Self.built(argument.expression)
                        // `instance(config)`: a stored property of the module, of its written type.
                        if fact.built == nil, let reference = argument.expression.as(DeclReferenceExprSyntax.self),
                            let type = properties[reference.baseName.text]
                        {
                            fact.built = .constructed(type)
                        }
                    } else if name == "autowire" {
                        guard let (type, labels) = Self.autowired(argument.expression) else { return nil }
                        fact.explicitType = type
                        fact.autowireLabels = labels
                    } else {
                        guard fact.explicitType == nil, let type = TypeNames.metatype(argument.expression) else { return nil }
                        fact.explicitType = type
                    }
                case "tag":
                    fact.tag = TypeNames.tag(argument.expression)
                case "in":
                    if case .member(_, let scopeName) = TypeNames.tag(argument.expression) {
                        fact.scopeName = scopeName
                    } else if case .string(let text) = TypeNames.tag(argument.expression) {
                        fact.scopeName = text
                    }
                case "as":
                    guard let type = TypeNames.metatype(argument.expression) else { return nil }
                    fact.explicitType = type
                case "lifetime":
                    guard case .member(_, let lifetime) = TypeNames.tag(argument.expression) else { return nil }
                    fact.lifetime = lifetime
                case "to", "key":
                    continue  // a contribution's collection: no key that reads name here
                case "file", "line":
                    continue
                default:
                    return nil
                }
            }
            switch name {
            case "instance":
                fact.form = .instance
                fact.lifetime = "singleton"
                return fact
            case "autowire":
                fact.form = .autowire
                if fact.lifetime == "autowire" { fact.lifetime = "transient" }
                return fact
            case "contribution":
                fact.form = .contribution
                if fact.lifetime == "contribution" { fact.lifetime = "transient" }
            case "transient", "singleton", "eagerSingleton", "weakSingleton", "graph", "scoped":
                break
            default:
                return nil
            }
            guard let closure, let factory = FactoryBody(closure: closure, context: context, resolverParameters: 1) else {
                return nil
            }
            fact.hasArguments = factory.hasArguments
            fact.isAsync = factory.isAsync
            fact.isMarkedMainActor = factory.isMainActor
            fact.reads = factory.reads
            fact.constructions = factory.constructions
            if fact.explicitType == nil { fact.built = factory.built }
            return fact
        }

        /// The start of a node's text, for a message.
        static func excerpt(_ node: some SyntaxProtocol) -> String {
            let text = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
            return text.count > 40 ? String(text.prefix(40)) + "…" : text
        }

        /// `X.init(a:b:)`, `X.init`, `X(a:b:)` or `X`: the type and the labels when written.
        private static func autowired(_ expression: ExprSyntax) -> (TypeName, [String?]?)? {
            var initializer = expression
            var labels: [String?]?
            if let member = initializer.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
                labels = member.declName.argumentNames.map { $0.arguments.map { $0.name.text == "_" ? nil : $0.name.text } }
                initializer = base
            }
            if let reference = initializer.as(DeclReferenceExprSyntax.self), let names = reference.argumentNames {
                labels = names.arguments.map { $0.name.text == "_" ? nil : $0.name.text }
                initializer = ExprSyntax(DeclReferenceExprSyntax(baseName: reference.baseName))
            }
            guard case .named(let parts)? = TypeNames.name(expression: initializer), parts.last?.first?.isUppercase == true else {
                return nil
            }
            return (.named(parts), labels)
        }

        /// What an expression of a factory makes: `T(…)`, `T.member`, `T.member(…)`, `f(…)`.
        static func built(_ expression: ExprSyntax) -> DeclarationFact.Built? {
            let expression = TypeNames.unwrapped(expression)
            if let type = TypeNames.constructed(expression) { return .constructed(type) }
            // `Store<Item>()`: a generic type's instance, never a key a plain name reads.
            if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.is(GenericSpecializationExprSyntax.self) {
                return .constructed(.structural(call.calledExpression.trimmedDescription))
            }
            var callee = expression
            if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil { callee = call.calledExpression }
            if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base,
                case .named(let parts)? = TypeNames.name(expression: base), parts.last?.first?.isUppercase == true
            {
                return .staticMember(.named(parts), member.declName.baseName.text)
            }
            if callee.id != expression.id, let reference = callee.as(DeclReferenceExprSyntax.self),
                reference.baseName.text.first?.isLowercase == true
            {
                return .function(reference.baseName.text)
            }
            return nil
        }
    }

    /// A factory closure: what it builds, whether it is `async` or `@MainActor`, and what every
    /// build of it reads through its resolver or call-site injection.
    struct FactoryBody {
        let built: DeclarationFact.Built?
        let isAsync: Bool
        let isMainActor: Bool
        let hasArguments: Bool
        let reads: [FactoryRead]
        let constructions: [Construction]

        /// `resolverParameters`: how many parameters the closure takes without runtime arguments
        /// (1 for a factory, whose one parameter is the resolver; 2 for a hook, `r, instance`).
        /// `nil` when the closure's parameters cannot be read.
        init?(closure: ClosureExprSyntax, context: SourceContext, resolverParameters: Int) {
            var resolver = "$0"
            var count = 0
            if let parameters = closure.signature?.parameterClause {
                switch parameters {
                case .simpleInput(let list):
                    count = list.count
                    if let first = list.first { resolver = first.name.text }
                case .parameterClause(let clause):
                    count = clause.parameters.count
                    if let first = clause.parameters.first { resolver = (first.secondName ?? first.firstName).text }
                }
            }
            hasArguments = count > resolverParameters
            let collector = FactoryReadCollector(resolver: resolver, context: context)
            collector.walk(closure.statements)
            reads = collector.reads
            constructions = collector.constructions
            isAsync = closure.signature?.effectSpecifiers?.asyncSpecifier != nil || collector.awaits
            isMainActor =
                closure.signature?.attributes.contains {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor"
                } ?? false
            built = Self.built(closure)
        }

        /// The closure's written return type, or what its one expression (or every `return`) makes.
        private static func built(_ closure: ClosureExprSyntax) -> DeclarationFact.Built? {
            if let written = closure.signature?.returnClause?.type {
                return .constructed(TypeNames.name(written))
            }
            if closure.statements.count == 1, case .expr(let expression) = closure.statements.first?.item {
                return RegistrationsReader.built(expression)
            }
            var built: Set<DeclarationFact.Built> = []
            for statement in closure.statements {
                guard case .stmt(let stmt) = statement.item, let returned = stmt.as(ReturnStmtSyntax.self) else { continue }
                guard let expression = returned.expression, let made = RegistrationsReader.built(expression) else { return nil }
                built.insert(made)
            }
            return built.count == 1 ? built.first : nil
        }
    }

    /// Collects a factory's reads: through its resolver (`r.resolve(X.self)`,
    /// `try await r.resolveAsync(tag: .t)`, typed by where they stand) and through call-site
    /// injection in the factory (`wired()`, `try resolve()`); the values it makes with an
    /// initializer; and whether it awaits. Only what every build does is collected: reads in
    /// nested closures, a branch (`if`, `switch`, `guard`'s body, `? :`, the right of `??`, `&&`
    /// and `||`), a loop, a `catch`, or under `try?` are left out.
    final class FactoryReadCollector: SyntaxVisitor {
        let resolver: String
        let context: SourceContext
        private(set) var reads: [FactoryRead] = []
        private(set) var constructions: [Construction] = []
        private(set) var awaits = false

        init(resolver: String, context: SourceContext) {
            self.resolver = resolver
            self.context = context
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
            ReadKeys.branches(node) ? .skipChildren : .visitChildren
        }

        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
            awaits = true
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = readName(node) {
                if let key = key(of: node) {
                    reads.append(
                        FactoryRead(
                            key: key, isAsync: name == "resolveAsync", point: context.point(node), clauses: context.clauses(node)))
                }
            } else if node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty, let type = TypeNames.constructed(node) {
                constructions.append(
                    Construction(
                        type: type, labels: node.arguments.map { $0.label?.text }, scope: context.scope(node), point: context.point(node),
                        clauses: context.clauses(node)))
            }
            return .visitChildren
        }

        /// The key a read names: its metatype, the parameter it fills, or its binding's type.
        private func key(of call: FunctionCallExprSyntax) -> ReadKey? {
            let scope = context.scope(call)
            if let written = ReadKeys.key(arguments: call.arguments, inferred: ReadKeys.annotatedType(of: call), scope: scope) {
                return .written(written)
            }
            // `UserService(database: try r.resolve())`: typed by the parameter it fills.
            guard call.arguments.allSatisfy({ ["tag", "file", "line"].contains($0.label?.text ?? "") }) else { return nil }
            let node = ReadKeys.outermost(call)
            guard let labeled = node.parent?.as(LabeledExprSyntax.self), let list = labeled.parent?.as(LabeledExprListSyntax.self),
                let outer = list.parent?.as(FunctionCallExprSyntax.self), outer.trailingClosure == nil,
                outer.additionalTrailingClosures.isEmpty, let type = TypeNames.constructed(outer),
                let index = list.firstIndex(where: { $0.id == labeled.id })
            else { return nil }
            let tag = call.arguments.first { $0.label?.text == "tag" }.map { TypeNames.tag($0.expression) }
            return .parameter(
                of: type, labels: list.map { $0.label?.text }, position: list.distance(from: list.startIndex, to: index), tag: tag,
                scope: scope)
        }

        /// `resolve` or `resolveAsync` for a read through the resolver, `resolve` for call-site
        /// injection in the factory (`wired()`, `try resolve()`); `nil` for any other call.
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
