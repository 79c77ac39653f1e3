#if GraphCheck
    import SwiftSyntax

    /// The second pass over a file, once its scopes are known: imports, what each type's members
    /// tell, each `registrations` body, what the file does with containers, its `resolveAsync`
    /// reads and the values it makes.
    final class FactsReader: SyntaxVisitor {
        let context: SourceContext
        private(set) var summary: FileSummary
        /// Inside a `registrations` body: its factories record the values they make themselves.
        private var registrationsDepth = 0
        /// References to a local container that its declaration's reader has classified.
        private var handled: Set<SyntaxIdentifier> = []

        /// The modules whose import means registrations the check does not read.
        static let facades: Set<String> = ["WiringSwinject", "WiringDip", "WiringImpose", "WiringDIKit", "WiringDIContainer"]

        /// What may be done with a container without adding a registration to it.
        static let safeMembers: Set<String> = [
            "resolve", "resolveAsync", "resolveIfRegistered", "isRegistered", "startAsync", "start", "shutdown", "syncShutdown", "validate",
            "makeScope", "makeChild", "copy", "reset", "remove", "removeAll", "dependencyGraph", "trace", "traceFailures",
            "stopTracing", "addInstrument", "removeInstrument", "registrations", "hasRegistrations", "description",
        ]

        init(context: SourceContext, summary: FileSummary) {
            self.context = context
            self.summary = summary
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let module = node.path.first?.name.text else { return .skipChildren }
            summary.imports.append(module)
            if Self.facades.contains(module), summary.facadeImport == nil { summary.facadeImport = context.point(node) }
            return .skipChildren
        }

        // MARK: Types

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            readMembers(node, node.memberBlock, isStruct: true, isClass: false, isActor: false)
        }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            readMembers(node, node.memberBlock, isStruct: false, isClass: true, isActor: false)
        }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            readMembers(node, node.memberBlock, isStruct: false, isClass: true, isActor: true)
        }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            readMembers(node, node.memberBlock, isStruct: false, isClass: false, isActor: false)
        }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            readMembers(node, node.memberBlock, isStruct: false, isClass: false, isActor: false)
        }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            readMembers(node, node.memberBlock, isStruct: false, isClass: false, isActor: false)
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            if Self.isRegistrations(node) { registrationsDepth += 1 }
            trackLocalContainer(node)
            return .visitChildren
        }
        override func visitPost(_ node: VariableDeclSyntax) {
            if Self.isRegistrations(node) { registrationsDepth -= 1 }
        }

        /// Reads the members of the type or extension `node` opens, and its `registrations` body.
        private func readMembers(
            _ node: some SyntaxProtocol, _ block: MemberBlockSyntax, isStruct: Bool, isClass: Bool, isActor: Bool
        ) -> SyntaxVisitorContinueKind {
            let body = context.scope(node)
            // An actor that names an executor of its own may run on the main actor's.
            let namesExecutor = block.members.contains {
                $0.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "unownedExecutor"
                } ?? false
            }
            let reader = MemberReader(context: context, runsOffMain: isActor && !namesExecutor, isStruct: isStruct, isClass: isClass)
            let facts = reader.read(block.members, isBody: !node.is(ExtensionDeclSyntax.self))
            switch summary.scopes[body].kind {
            case .type(let index): summary.types[index].members = facts
            case .extension(let index): summary.extensions[index].members = facts
            default: break
            }
            for member in block.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), Self.isRegistrations(variable),
                    let statements = Self.getter(variable)
                else { continue }
                let reader = RegistrationsReader(context: context, properties: MemberReader.propertyTypes(block.members))
                summary.registrations.append(RegistrationsFact(owner: body, items: reader.read(statements)))
            }
            return .visitChildren
        }

        /// `var registrations: Registrations { … }`.
        private static func isRegistrations(_ variable: VariableDeclSyntax) -> Bool {
            guard let binding = variable.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "registrations",
                binding.accessorBlock != nil
            else { return false }
            return binding.typeAnnotation.map {
                TypeNames.name($0.type) == .named(["Registrations"]) || $0.type.trimmedDescription == "Wiring.Registrations"
            } ?? false
        }

        /// The statements of a computed property's getter.
        private static func getter(_ variable: VariableDeclSyntax) -> CodeBlockItemListSyntax? {
            switch variable.bindings.first?.accessorBlock?.accessors {
            case .getter(let statements)?: statements
            case .accessors(let list)?: list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
            case nil: nil
            }
        }

        // MARK: Calls

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let member = node.calledExpression.as(MemberAccessExprSyntax.self)
            let name = member?.declName.baseName.text ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            switch name {
            case "withContainer" where member == nil:
                if let argument = node.arguments.first, argument.label == nil {
                    summary.madeCurrent.append(CurrentUse(container: container(argument.expression), point: context.point(node)))
                }
            case "resolveAsync" where member != nil:
                summary.asyncResolves.append(asyncKey(node))
            case "install":
                if let member, let base = member.base, !Self.isSharedContainer(base), !handled.contains(base.id) {
                    record(.unknown(context.point(node)), install(node), at: node)
                }
            case "validate" where member?.base?.trimmedDescription == "Container" && node.arguments.first?.label?.text == "modules":
                if let list = node.arguments.first?.expression.as(ArrayExprSyntax.self) {
                    record(
                        .validation(context.point(node)), .install(modules: modules(list.elements.map(\.expression)), overriding: false),
                        at: node)
                }
            case "isolatedContainer", "installing":
                if let modules = testModules(node, name: name ?? "") {
                    record(.test(context.point(node)), .install(modules: modules, overriding: false), at: node)
                }
            default:
                break
            }
            if registrationsDepth == 0, node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty,
                let type = TypeNames.constructed(node)
            {
                summary.constructions.append(
                    Construction(
                        type: type, labels: node.arguments.map { $0.label?.text }, scope: context.scope(node), point: context.point(node),
                        clauses: context.clauses(node)))
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard let base = node.base, base.trimmedDescription == "Container" || base.trimmedDescription == "Wiring.Container" else {
                return .visitChildren
            }
            switch node.declName.baseName.text {
            case "default":
                classify(ExprSyntax(node), as: .shared, written: "Container.default")
            case "current":
                // `Container.current.register(…)` may add to any container, `Container.default` included.
                if let (member, call) = Self.memberCall(on: ExprSyntax(node)), member != "install", !Self.safeMembers.contains(member) {
                    record(.current, .opens("Container.current.\(member)(…)"), at: call)
                }
            default:
                break
            }
            return .visitChildren
        }

        /// The key of a `resolveAsync` read, from its metatype, its binding or the parameter it fills.
        private func asyncKey(_ call: FunctionCallExprSyntax) -> ReadKey? {
            let scope = context.scope(call)
            if let written = ReadKeys.key(arguments: call.arguments, inferred: ReadKeys.annotatedType(of: call), scope: scope) {
                return .written(written)
            }
            let node = ReadKeys.outermost(call)
            guard let labeled = node.parent?.as(LabeledExprSyntax.self), let list = labeled.parent?.as(LabeledExprListSyntax.self),
                let outer = list.parent?.as(FunctionCallExprSyntax.self), let type = TypeNames.constructed(outer),
                let index = list.firstIndex(where: { $0.id == labeled.id })
            else { return nil }
            return .parameter(
                of: type, labels: list.map { $0.label?.text }, position: list.distance(from: list.startIndex, to: index), tag: nil,
                scope: scope)
        }

        // MARK: Containers

        /// `Container.default` is `Container`'s static property.
        private static func isSharedContainer(_ expression: ExprSyntax) -> Bool {
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "default" else { return false }
            return ["Container", "Wiring.Container"].contains(member.base?.trimmedDescription ?? "")
        }

        /// `expression.member(…)`: the member's name and the call.
        private static func memberCall(on expression: ExprSyntax) -> (String, FunctionCallExprSyntax)? {
            guard let access = expression.parent?.as(MemberAccessExprSyntax.self), access.base?.id == expression.id,
                let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id
            else { return nil }
            return (access.declName.baseName.text, call)
        }

        /// Records what one mention of a container does: installs, a use that adds nothing, or
        /// anything else, which may add registrations.
        private func classify(_ mention: ExprSyntax, as container: ContainerName, written: String) {
            if let access = mention.parent?.as(MemberAccessExprSyntax.self), access.base?.id == mention.id {
                let member = access.declName.baseName.text
                if let (_, call) = Self.memberCall(on: mention) {
                    if member == "install" {
                        record(container, install(call), at: call)
                    } else if !Self.safeMembers.contains(member) {
                        record(container, .opens("\(written).\(member)(…)"), at: call)
                    }
                    return
                }
                if Self.safeMembers.contains(member) { return }
                record(container, .opens("\(written).\(member)"), at: access)
                return
            }
            // `withContainer(container) { … }` makes it current, and adds nothing.
            if let argument = mention.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withContainer"
            {
                return
            }
            record(container, .opens("code `\(written)` is handed to"), at: mention)
        }

        /// The container an expression is, when the reader can tell: `Container.default`, a
        /// local container, or a scope made from either (`let scope = container.makeScope()`).
        private func container(_ expression: ExprSyntax, depth: Int = 0) -> ContainerName? {
            guard depth < 8 else { return nil }
            if Self.isSharedContainer(expression) { return .shared }
            if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text == "default" {
                return .shared
            }
            if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "makeScope", let base = member.base
            {
                return container(base, depth: depth + 1)
            }
            guard let reference = expression.as(DeclReferenceExprSyntax.self),
                let (declaration, value) = Self.localDeclaration(of: reference.baseName.text, before: expression)
            else { return nil }
            if Self.makesContainer(value, annotation: nil)
                || Self.makesContainer(value, annotation: declaration.bindings.first?.typeAnnotation?.type)
            {
                return .local(scope: context.scope(declaration), point: context.point(declaration))
            }
            return container(value, depth: depth + 1)
        }

        /// The `let name = value` declared in a block around `node`, before it.
        private static func localDeclaration(of name: String, before node: some SyntaxProtocol) -> (VariableDeclSyntax, ExprSyntax)? {
            var current = Syntax(node)
            while let parent = current.parent {
                if let block = parent.as(CodeBlockItemListSyntax.self), let item = current.as(CodeBlockItemSyntax.self) {
                    for statement in block {
                        if statement.id == item.id { break }
                        guard let variable = statement.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                            let binding = variable.bindings.first,
                            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                            let value = binding.initializer?.value
                        else { continue }
                        return (variable, TypeNames.unwrapped(value))
                    }
                }
                current = parent
            }
            return nil
        }

        /// `let container = Container()` in a body (or at a file's top level): every later use of
        /// the name in the same block.
        private func trackLocalContainer(_ node: VariableDeclSyntax) {
            guard node.bindings.count == 1, let binding = node.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, Self.makesContainer(value, annotation: binding.typeAnnotation?.type),
                let item = node.parent?.as(CodeBlockItemSyntax.self), let block = item.parent?.as(CodeBlockItemListSyntax.self)
            else { return }
            let scope = context.scope(node)
            let container = ContainerName.local(scope: scope, point: context.point(node))
            if block.parent?.is(SourceFileSyntax.self) == true {
                record(container, .opens("declared at the top level, where other files may use it"), at: node)
            }
            let finder = ReferenceFinder(name: name)
            var after = false
            for statement in block {
                if statement.id == item.id {
                    after = true
                    continue
                }
                if after { finder.walk(statement) }
            }
            for reference in finder.references {
                handled.insert(reference.id)
                classify(ExprSyntax(reference), as: container, written: name)
            }
        }

        /// `Container()`, `Container.init()`, or `.init()` typed `Container`.
        private static func makesContainer(_ value: ExprSyntax, annotation: TypeSyntax?) -> Bool {
            guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil else {
                return false
            }
            if TypeNames.constructed(call) == .named(["Container"]) { return true }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                member.declName.baseName.text == "init"
            {
                return annotation?.trimmedDescription == "Container"
            }
            return false
        }

        private func record(_ container: ContainerName, _ action: ContainerUse.Action, at node: some SyntaxProtocol) {
            summary.containerUses.append(
                ContainerUse(container: container, action: action, point: context.point(node), clauses: context.clauses(node)))
        }

        /// The modules an `install(…)` call installs, and whether it overrides.
        private func install(_ call: FunctionCallExprSyntax) -> ContainerUse.Action {
            let arguments = Array(call.arguments)
            var overriding = false
            var values: [ExprSyntax] = []
            for argument in arguments {
                switch argument.label?.text {
                case nil:
                    if let list = argument.expression.as(ArrayExprSyntax.self), arguments.filter({ $0.label == nil }).count == 1 {
                        values += list.elements.map(\.expression)
                    } else {
                        values.append(argument.expression)
                    }
                case "overriding":
                    // `overriding: false` adds as a plain install does; anything else may replace.
                    overriding = argument.expression.trimmedDescription != "false"
                default:
                    return .opens("an install the check cannot read")
                }
            }
            return .install(modules: modules(values), overriding: overriding)
        }

        private func modules(_ values: [ExprSyntax]) -> [ModuleValue] {
            values.map { value in
                if let type = TypeNames.constructed(value) {
                    return .made(type, scope: context.scope(value), point: context.point(value))
                }
                return .unreadable(context.point(value))
            }
        }

        /// `.isolatedContainer(installing: A(), B())`, `.isolatedContainer(modules: { [A(), B()] })`,
        /// `.installing(A())` (a recipe): a test's container.
        private func testModules(_ call: FunctionCallExprSyntax, name: String) -> [ModuleValue]? {
            let arguments = Array(call.arguments)
            if name == "isolatedContainer", arguments.first?.label?.text == "modules" {
                guard let closure = arguments[0].expression.as(ClosureExprSyntax.self), closure.statements.count == 1,
                    case .expr(let expression)? = closure.statements.first?.item, let list = expression.as(ArrayExprSyntax.self)
                else { return nil }
                return modules(list.elements.map(\.expression))
            }
            let installing =
                name == "installing"
                ? arguments.prefix { $0.label == nil }
                : arguments.drop { $0.label?.text != "installing" }.prefix {
                    $0.label == nil || $0.label?.text == "installing"
                }
            guard !installing.isEmpty, installing.allSatisfy({ !$0.expression.is(ClosureExprSyntax.self) }) else { return nil }
            return modules(installing.map(\.expression))
        }
    }

    /// The references to one name in a subtree.
    private final class ReferenceFinder: SyntaxVisitor {
        let name: String
        private(set) var references: [DeclReferenceExprSyntax] = []

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.baseName.text == name { references.append(node) }
            return .skipChildren
        }
    }
#endif
