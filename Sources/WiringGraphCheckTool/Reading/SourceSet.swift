#if GraphCheck
    import Foundation
    import SwiftParser
    import SwiftSyntax

    /// Everything the tool read from a target's sources: its modules, the sets of modules it
    /// installs together, and the keys it resolves asynchronously somewhere.
    struct SourceSet {
        private(set) var modules: [String: ModuleInfo] = [:]
        private(set) var installedSets: [InstalledSet] = []
        /// Keys read with `resolveAsync` anywhere: an async singleton or scoped instance may be
        /// built that way first, after which a synchronous read finds it.
        private(set) var resolvedAsynchronously: Set<Key> = []
        /// Whether some `resolveAsync` reads a key the tool cannot name (`try await r.resolveAsync()`,
        /// its type inferred): any async instance may then be built that way first.
        private(set) var hasUnreadAsyncResolves = false
        /// Module type names declared twice (in two targets, or as extensions): not checked.
        private(set) var ambiguousModules: Set<String> = []

        /// Parses the file at `path` and adds what it declares.
        mutating func read(path: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let tree = Parser.parse(source: text)
            let reader = FileReader(file: path, tree: tree)
            reader.walk(tree)
            for module in reader.modules {
                if modules[module.name] != nil {
                    ambiguousModules.insert(module.name)
                } else {
                    modules[module.name] = module
                }
            }
            installedSets += reader.installedSets
            resolvedAsynchronously.formUnion(reader.resolvedAsynchronously)
            hasUnreadAsyncResolves = hasUnreadAsyncResolves || reader.hasUnreadAsyncResolves
        }
    }

    /// Reads one file: module types, `validate(modules:)` lists, `resolveAsync` reads.
    private final class FileReader: SyntaxVisitor {
        let file: String
        let converter: SourceLocationConverter
        var modules: [ModuleInfo] = []
        var installedSets: [InstalledSet] = []
        var resolvedAsynchronously: Set<Key> = []
        var hasUnreadAsyncResolves = false

        init(file: String, tree: SourceFileSyntax) {
            self.file = file
            converter = SourceLocationConverter(fileName: file, tree: tree)
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            readModule(named: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            readModule(named: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            readModule(named: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let set = installedSet(node) { installedSets.append(set) }
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "resolveAsync" {
                if let key = KeyReader.explicitKey(of: node) {
                    resolvedAsynchronously.insert(key)
                } else {
                    hasUnreadAsyncResolves = true
                }
            }
            return .visitChildren
        }

        /// A type that conforms to `Module` in its own declaration, with its `registrations` body.
        private func readModule(
            named name: String, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax
        ) {
            let conforms =
                inheritance?.inheritedTypes.contains {
                    let written = $0.type.trimmedDescription
                    return written == "Module" || written == "Wiring.Module"
                } ?? false
            guard conforms else { return }
            var module = ModuleInfo(name: name)
            if let body = Self.registrationsBody(members) {
                DeclarationReader(file: file, converter: converter).read(body, into: &module)
            } else {
                module.hasUnreadParts = true
            }
            modules.append(module)
        }

        /// The statements of `var registrations: Registrations { … }` (or its `get { … }`).
        private static func registrationsBody(_ members: MemberBlockSyntax) -> CodeBlockItemListSyntax? {
            for member in members.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "registrations",
                    let accessors = binding.accessorBlock?.accessors
                else { continue }
                switch accessors {
                case .getter(let statements):
                    return statements
                case .accessors(let list):
                    return list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
                }
            }
            return nil
        }

        /// `Container.validate(modules: [A(), B()], …)`, when every element is a module made by
        /// its type's initializer.
        private func installedSet(_ call: FunctionCallExprSyntax) -> InstalledSet? {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "validate",
                member.base?.trimmedDescription == "Container",
                let list = call.arguments.first(where: { $0.label?.text == "modules" })?.expression.as(ArrayExprSyntax.self)
            else { return nil }
            var names: [String] = []
            for element in list.elements {
                guard let name = KeyReader.constructedType(element.expression) else { return nil }
                names.append(name)
            }
            return InstalledSet(modules: names)
        }
    }

#endif
