#if GraphCheck
    import SwiftSyntax

    /// Reads a type's (or an extension's) members: how its values are made, and what its
    /// call-site injection (`@Wired`, `wired()`, `try resolve()`) reads, and when.
    struct MemberReader {
        let context: SourceContext
        /// The type is an actor whose own methods run on it, never on the main actor (it names no
        /// executor of its own, which could be the main actor's).
        let runsOffMain: Bool
        let isStruct: Bool
        let isClass: Bool

        /// What `members` declare. `memberwise` is computed for a struct's own body only.
        func read(_ members: MemberBlockItemListSyntax, isBody: Bool) -> MemberFacts {
            var facts = MemberFacts()
            var memberwise: [Parameter]? = []
            var sawInitializer = false
            let properties = Self.propertyTypes(members)
            visit(members, underCondition: false) { member, underCondition in
                if let initializer = member.as(InitializerDeclSyntax.self) {
                    sawInitializer = true
                    facts.initializers.append(self.initializer(initializer, properties: properties))
                } else if let function = member.as(FunctionDeclSyntax.self) {
                    self.function(function, into: &facts, properties: properties)
                } else if let variable = member.as(VariableDeclSyntax.self) {
                    self.variable(variable, underCondition: underCondition, into: &facts, memberwise: &memberwise)
                } else if let cases = member.as(EnumCaseDeclSyntax.self) {
                    facts.enumCases += cases.elements.map(\.name.text)
                }
            }
            if isBody, isStruct, !sawInitializer {
                facts.memberwise = memberwise
            } else {
                // Without a memberwise initializer, every initializer runs a `var`'s injected value.
                facts.propertyReads += facts.memberwiseDefaultReads
                facts.memberwiseDefaultReads = []
            }
            return facts
        }

        /// Calls `body` with each member, those under `#if` included (`underCondition`).
        private func visit(
            _ members: MemberBlockItemListSyntax, underCondition: Bool, _ body: (DeclSyntax, Bool) -> Void
        ) {
            for member in members {
                if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                    for clause in conditional.clauses {
                        if case .decls(let inner)? = clause.elements { visit(inner, underCondition: true, body) }
                    }
                } else {
                    body(member.decl, underCondition)
                }
            }
        }

        /// The written types of the stored and computed properties, by name: they type
        /// `self.x = wired()` in an initializer.
        static func propertyTypes(_ members: MemberBlockItemListSyntax) -> [String: TypeName] {
            var types: [String: TypeName] = [:]
            for member in members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = binding.typeAnnotation?.type
                    {
                        types[name] = TypeNames.name(type)
                    }
                }
            }
            return types
        }

        private func initializer(_ node: InitializerDeclSyntax, properties: [String: TypeName]) -> Initializer {
            let generic = Set(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
            let scope = context.scope(node)
            let parameters = node.signature.parameterClause.parameters.map { parameter -> Parameter in
                let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
                var type: TypeName? = TypeNames.name(parameter.type)
                if case .named(let parts)? = type, parts.count == 1, generic.contains(parts[0]) { type = .opaque(parts[0]) }
                let read = parameter.defaultValue.flatMap { injected($0.value, type: type, scope: scope, moment: .defaultArgument) }
                return Parameter(
                    label: label, type: type, hasDefault: parameter.defaultValue != nil, isVariadic: parameter.ellipsis != nil,
                    defaultRead: read)
            }
            var reads: [CallSiteRead] = []
            if let body = node.body {
                let collector = CallSiteReadCollector(context: context, properties: properties, moment: .made, offMain: false)
                collector.walk(body)
                reads = collector.reads.filter(\.certain)
            }
            return Initializer(parameters: parameters, bodyReads: reads, clauses: context.clauses(node))
        }

        private func function(_ node: FunctionDeclSyntax, into facts: inout MemberFacts, properties: [String: TypeName]) {
            let modifiers = Set(node.modifiers.map(\.name.text))
            if !modifiers.isDisjoint(with: ["static", "class"]) {
                facts.statics.append(
                    StaticMember(
                        name: node.name.text, isMethod: true, type: node.signature.returnClause.map { TypeNames.name($0.type) },
                        literal: nil, scope: context.scope(node)))
                return
            }
            guard let body = node.body else { return }
            let attributes = Set(node.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription })
            let offMain =
                attributes.contains("concurrent")
                || (runsOffMain && modifiers.isDisjoint(with: ["nonisolated"]) && !attributes.contains("MainActor"))
            let collector = CallSiteReadCollector(context: context, properties: properties, moment: .method, offMain: offMain)
            collector.walk(body)
            facts.laterReads += collector.reads
        }

        private func variable(
            _ node: VariableDeclSyntax, underCondition: Bool, into facts: inout MemberFacts, memberwise: inout [Parameter]?
        ) {
            let modifiers = Set(node.modifiers.map(\.name.text))
            let scope = context.scope(node)
            if !modifiers.isDisjoint(with: ["static", "class"]) {
                for binding in node.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    var type = binding.typeAnnotation.map { TypeNames.name($0.type) }
                    if type == nil, let value = binding.initializer?.value { type = TypeNames.constructed(value) }
                    facts.statics.append(
                        StaticMember(name: name, isMethod: false, type: type, literal: Self.literal(of: binding), scope: scope))
                }
                return
            }
            let isLet = node.bindingSpecifier.text == "let"
            let isLazy = modifiers.contains("lazy")
            let wrapper = Self.injectionWrapper(node)
            let otherAttribute = node.attributes.contains {
                guard let name = $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return true }
                return !["Wired", "LazyWired", "OptionalWired", "ObservationIgnored", "MainActor"].contains(name)
            }
            if underCondition || isLazy || otherAttribute { memberwise = nil }
            for binding in node.bindings {
                let label = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                let annotated = binding.typeAnnotation.map { TypeNames.name($0.type) }
                if let accessors = binding.accessorBlock, !Self.isObserver(accessors) {
                    // Computed: its getter's reads happen each time it is read.
                    let collector = CallSiteReadCollector(
                        context: context, properties: [:], moment: .computed, offMain: false, resultType: annotated)
                    collector.walk(accessors)
                    facts.laterReads += collector.reads
                    continue
                }
                if let wrapper {
                    if let read = wrapperRead(wrapper, annotated: annotated, scope: scope) {
                        if wrapper.name == "LazyWired" { facts.laterReads.append(read) } else { facts.propertyReads.append(read) }
                    }
                    memberwise?.append(Parameter(label: label, type: nil, hasDefault: true))
                    continue
                }
                let moment: CallSiteRead.Moment = isLazy ? .firstUse : .made
                let read = binding.initializer.flatMap { injected($0.value, type: annotated, scope: scope, moment: moment) }
                if isLazy {
                    if let read { facts.laterReads.append(read) }
                    continue
                }
                if isLet {
                    if let read { facts.propertyReads.append(read) }
                    if binding.initializer == nil { memberwise?.append(Parameter(label: label, type: annotated, hasDefault: false)) }
                } else {
                    if let read { facts.memberwiseDefaultReads.append(read) }
                    memberwise?.append(
                        Parameter(label: label, type: annotated, hasDefault: binding.initializer != nil, defaultRead: read))
                }
            }
        }

        /// A static property's string value: `= "replica"`, or a getter that returns one.
        private static func literal(of binding: PatternBindingSyntax) -> String? {
            var expression = binding.initializer?.value
            if expression == nil, case .getter(let statements)? = binding.accessorBlock?.accessors, statements.count == 1,
                case .expr(let value)? = statements.first?.item
            {
                expression = value
            }
            if let call = expression?.as(FunctionCallExprSyntax.self), call.arguments.count == 1 {
                expression = call.arguments.first?.expression  // `WiringTag("replica")`
            }
            guard let literal = expression?.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                case .stringSegment(let segment)? = literal.segments.first
            else { return nil }
            return segment.content.text
        }

        /// `willSet`/`didSet` only: the binding is still stored.
        private static func isObserver(_ accessors: AccessorBlockSyntax) -> Bool {
            guard case .accessors(let list) = accessors.accessors else { return false }
            return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }

        /// `@Wired`, `@Wired(tag: .t)`, `@LazyWired`, `@OptionalWired`.
        private static func injectionWrapper(_ variable: VariableDeclSyntax) -> (name: String, attribute: AttributeSyntax)? {
            for element in variable.attributes {
                guard let attribute = element.as(AttributeSyntax.self) else { continue }
                let name = attribute.attributeName.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
                if ["Wired", "LazyWired", "OptionalWired"].contains(name) { return (name, attribute) }
            }
            return nil
        }

        /// The read a wrapped property makes; `nil` for `@OptionalWired` (never missing).
        private func wrapperRead(
            _ wrapper: (name: String, attribute: AttributeSyntax), annotated: TypeName?, scope: Int
        ) -> CallSiteRead? {
            guard wrapper.name != "OptionalWired" else { return nil }
            var arguments = LabeledExprListSyntax([])
            if case .argumentList(let written)? = wrapper.attribute.arguments { arguments = written }
            guard let key = ReadKeys.key(arguments: arguments, inferred: annotated, scope: scope) else { return nil }
            return CallSiteRead(
                key: key, form: "@\(wrapper.name)", point: context.point(wrapper.attribute), clauses: context.clauses(wrapper.attribute),
                moment: wrapper.name == "LazyWired" ? .firstUse : .made, stops: true)
        }

        /// A `wired()` (or `wired(X.self, tag:)`) value, typed by `type` where it is not written.
        private func injected(_ value: ExprSyntax, type: TypeName?, scope: Int, moment: CallSiteRead.Moment) -> CallSiteRead? {
            guard let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                callee.baseName.text == "wired", let key = ReadKeys.key(arguments: call.arguments, inferred: type, scope: scope)
            else { return nil }
            return CallSiteRead(
                key: key, form: "wired()", point: context.point(call), clauses: context.clauses(call), moment: moment, stops: true)
        }
    }

    /// The call-site reads in a body: `wired()` and `try resolve()`, typed by their metatype, the
    /// binding's written type, the property they are assigned to, or the computed property they
    /// return for. Closures are left out: they may run later, elsewhere, or never. A read in a
    /// branch (`if`, `switch`, `guard`'s body, a loop, `catch`, `? :`, `??`, `&&`, `||`) is kept
    /// but marked uncertain.
    final class CallSiteReadCollector: SyntaxVisitor {
        let context: SourceContext
        let properties: [String: TypeName]
        let moment: CallSiteRead.Moment
        let offMain: Bool
        /// A computed property's type: the value of its one expression.
        let resultType: TypeName?
        private(set) var reads: [CallSiteRead] = []
        private var branchDepth = 0

        init(
            context: SourceContext, properties: [String: TypeName], moment: CallSiteRead.Moment, offMain: Bool,
            resultType: TypeName? = nil
        ) {
            self.context = context
            self.properties = properties
            self.moment = moment
            self.offMain = offMain
            self.resultType = resultType
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        // A local function runs only if it is called.
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self), ["wired", "resolve"].contains(callee.baseName.text)
            else { return .visitChildren }
            let name = callee.baseName.text
            let scope = context.scope(node)
            if let key = ReadKeys.key(arguments: node.arguments, inferred: inferredType(node), scope: scope) {
                let underTryOptional = ReadKeys.outermost(node).as(TryExprSyntax.self)?.questionOrExclamationMark?.text == "?"
                reads.append(
                    CallSiteRead(
                        key: key, form: "\(name)()", point: context.point(node), clauses: context.clauses(node), moment: moment,
                        stops: name == "wired", offMain: offMain, certain: branchDepth == 0 && !underTryOptional))
            }
            return .visitChildren
        }

        /// The type a read without a metatype returns, from where it stands.
        private func inferredType(_ call: FunctionCallExprSyntax) -> TypeName? {
            let node = ReadKeys.outermost(call)
            if let annotated = ReadKeys.annotatedType(of: call) { return annotated }
            // `self.x = wired()` or `x = wired()`: the property's type.
            if let sequence = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id {
                    let target = elements[0]
                    let name =
                        target.as(MemberAccessExprSyntax.self).flatMap {
                            $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" ? $0.declName.baseName.text : nil
                        } ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text
                    return name.flatMap { properties[$0] }
                }
            }
            // A computed property whose body is this one expression.
            if let resultType, node.parent?.is(CodeBlockItemSyntax.self) == true,
                node.parent?.parent?.as(CodeBlockItemListSyntax.self)?.count == 1
            {
                return resultType
            }
            return nil
        }

        override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
        override func visitPost(_ node: IfExprSyntax) { branchDepth -= 1 }
        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
        override func visitPost(_ node: SwitchExprSyntax) { branchDepth -= 1 }
        override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
        override func visitPost(_ node: GuardStmtSyntax) { branchDepth -= 1 }
        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
        override func visitPost(_ node: ForStmtSyntax) { branchDepth -= 1 }
        override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
        override func visitPost(_ node: WhileStmtSyntax) { branchDepth -= 1 }
        override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
        override func visitPost(_ node: RepeatStmtSyntax) { branchDepth -= 1 }
        override func visit(_ node: CatchClauseSyntax) -> SyntaxVisitorContinueKind { enterBranch() }
        override func visitPost(_ node: CatchClauseSyntax) { branchDepth -= 1 }
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            branchDepth += ReadKeys.branches(node) ? 1 : 0
            return .visitChildren
        }
        override func visitPost(_ node: SequenceExprSyntax) { branchDepth -= ReadKeys.branches(node) ? 1 : 0 }

        private func enterBranch() -> SyntaxVisitorContinueKind {
            branchDepth += 1
            return .visitChildren
        }
    }
#endif
