#if GraphCheck
    import SwiftSyntax

    /// Where a node is: its line and column, its `#if` clauses, and its lexical scope, for the
    /// readers of one file.
    final class SourceContext {
        let converter: SourceLocationConverter
        /// The scope each scope-making node opens (a type's body, a function's, a closure's).
        fileprivate(set) var scopes: [SyntaxIdentifier: Int] = [:]

        init(converter: SourceLocationConverter) {
            self.converter = converter
        }

        func point(_ node: some SyntaxProtocol) -> Point {
            let location = node.startLocation(converter: converter)
            return Point(line: location.line, column: location.column)
        }

        /// The `#if` clauses around `node`, outermost first.
        func clauses(_ node: some SyntaxProtocol) -> Clauses {
            var clauses: Clauses = []
            var current = node.parent
            while let parent = current {
                if parent.is(IfConfigClauseSyntax.self) { clauses.append(parent.position.utf8Offset) }
                current = parent.parent
            }
            return clauses.reversed()
        }

        /// Renumbers the scopes after ``ScopeIndexer/compact()``: `index[old]` is the new number.
        fileprivate func remap(_ index: [Int]) {
            scopes = scopes.mapValues { index[$0] }
        }

        /// The innermost scope that holds `node`: `node`'s own body when it opens one.
        func scope(_ node: some SyntaxProtocol) -> Int {
            var current: Syntax? = Syntax(node)
            while let candidate = current {
                if let scope = scopes[candidate.id] { return scope }
                current = candidate.parent
            }
            return 0
        }

        /// The scope a declaration is declared in (the one around its own body).
        func declaringScope(_ node: some SyntaxProtocol) -> Int {
            node.parent.map { scope($0) } ?? 0
        }
    }

    /// The first pass over a file: its scopes, and the types, extensions and top-level functions
    /// it declares, so that the second pass can name the scope of every fact it records.
    final class ScopeIndexer: SyntaxVisitor {
        let context: SourceContext
        private(set) var summary: FileSummary
        private var stack: [Int] = [0]

        init(context: SourceContext, summary: FileSummary) {
            self.context = context
            self.summary = summary
            super.init(viewMode: .sourceAccurate)
        }

        // MARK: Types

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            addType(node, name: node.name, kind: .struct, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
        }
        override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            addType(node, name: node.name, kind: .class, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
        }
        override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            addType(node, name: node.name, kind: .actor, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
        }
        override func visitPost(_ node: ActorDeclSyntax) { stack.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            addType(node, name: node.name, kind: .enum, generics: node.genericParameterClause, inheritance: node.inheritanceClause)
        }
        override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            addType(node, name: node.name, kind: .protocol, generics: nil, inheritance: node.inheritanceClause)
        }
        override func visitPost(_ node: ProtocolDeclSyntax) { stack.removeLast() }

        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            summary.types.append(
                TypeFact(
                    name: node.name.text, kind: .alias, scope: stack[stack.count - 1], body: -1,
                    isGeneric: node.genericParameterClause != nil, isFilePrivate: Self.isFilePrivate(node.modifiers),
                    aliased: TypeNames.name(node.initializer.value), point: context.point(node.name),
                    clauses: context.clauses(node)))
            return .skipChildren
        }

        override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
            // A protocol's associated type is a generic parameter of each conforming type's code.
            if let scope = stack.last { summary.scopes[scope].genericParameters.append(node.name.text) }
            return .skipChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            var selfIs: TypeName?
            for requirement in node.genericWhereClause?.requirements ?? [] {
                guard case .sameTypeRequirement(let same) = requirement.requirement, case .type(let left) = same.leftType,
                    left.trimmedDescription == "Self", case .type(let right) = same.rightType
                else { continue }
                selfIs = TypeNames.name(right)
            }
            summary.extensions.append(
                ExtensionFact(
                    extended: TypeNames.name(node.extendedType), body: summary.scopes.count,
                    inherits: node.inheritanceClause?.inheritedTypes.map { TypeNames.name($0.type) } ?? [], selfIs: selfIs,
                    clauses: context.clauses(node)))
            push(node, .extension(summary.extensions.count - 1))
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

        // MARK: Bodies

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if stack.count == 1, let returned = node.signature.returnClause?.type {
                summary.functions.append(FunctionFact(name: node.name.text, returns: TypeNames.name(returned), scope: 0))
            }
            push(node, .body, generics: node.genericParameterClause)
            return .visitChildren
        }
        override func visitPost(_ node: FunctionDeclSyntax) { stack.removeLast() }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            push(node, .body, generics: node.genericParameterClause)
            return .visitChildren
        }
        override func visitPost(_ node: InitializerDeclSyntax) { stack.removeLast() }

        override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
            push(node, .body, generics: node.genericParameterClause)
            return .visitChildren
        }
        override func visitPost(_ node: SubscriptDeclSyntax) { stack.removeLast() }

        override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            push(node, .body)
            return .visitChildren
        }
        override func visitPost(_ node: DeinitializerDeclSyntax) { stack.removeLast() }

        override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
            push(node, .body)
            return .visitChildren
        }
        override func visitPost(_ node: AccessorBlockSyntax) { stack.removeLast() }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            push(node, .body)
            return .visitChildren
        }
        override func visitPost(_ node: ClosureExprSyntax) { stack.removeLast() }

        /// Keeps only the scopes a lookup can stop at: the file, type and extension bodies, and the
        /// bodies that declare generic parameters or local types; every other body (most
        /// functions and closures) is folded into the scope around it. Summaries stay small, and
        /// lookups find the same declarations.
        func compact() {
            var kept = summary.scopes.map { $0.kind != .body || !$0.genericParameters.isEmpty }
            for type in summary.types { kept[type.scope] = true }
            var index = [Int](repeating: 0, count: summary.scopes.count)
            var scopes: [ScopeFact] = []
            for (old, scope) in summary.scopes.enumerated() {
                if kept[old] {
                    index[old] = scopes.count
                    var compacted = scope
                    compacted.parent = scope.parent < 0 ? -1 : index[scope.parent]
                    scopes.append(compacted)
                } else {
                    index[old] = index[scope.parent]  // a parent comes before its children
                }
            }
            summary.scopes = scopes
            for number in summary.types.indices {
                summary.types[number].scope = index[summary.types[number].scope]
                if summary.types[number].body >= 0 { summary.types[number].body = index[summary.types[number].body] }
            }
            for number in summary.extensions.indices { summary.extensions[number].body = index[summary.extensions[number].body] }
            context.remap(index)
        }

        // MARK: Helpers

        private func addType(
            _ node: some DeclSyntaxProtocol & WithModifiersSyntax, name: TokenSyntax, kind: TypeFact.Kind,
            generics: GenericParameterClauseSyntax?, inheritance: InheritanceClauseSyntax?
        ) -> SyntaxVisitorContinueKind {
            summary.types.append(
                TypeFact(
                    name: name.text, kind: kind, scope: stack[stack.count - 1], body: summary.scopes.count, isGeneric: generics != nil,
                    isFilePrivate: Self.isFilePrivate(node.modifiers),
                    inherits: inheritance?.inheritedTypes.map { TypeNames.name($0.type) } ?? [], point: context.point(name),
                    clauses: context.clauses(node)))
            push(node, .type(summary.types.count - 1), generics: generics)
            return .visitChildren
        }

        private func push(_ node: some SyntaxProtocol, _ kind: ScopeFact.Kind, generics: GenericParameterClauseSyntax? = nil) {
            let index = summary.scopes.count
            summary.scopes.append(
                ScopeFact(
                    parent: stack[stack.count - 1], kind: kind, genericParameters: generics?.parameters.map(\.name.text) ?? []))
            context.scopes[node.id] = index
            stack.append(index)
        }

        static func isFilePrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
        }
    }
#endif
