#if GraphCheck
    import Foundation
    import SwiftParser
    import SwiftSyntax

    /// Everything the tool read from a target's sources: its modules, the sets of modules it
    /// installs together, its types' call-site injection, and the keys it resolves
    /// asynchronously somewhere.
    struct SourceSet {
        private(set) var modules: [String: ModuleInfo] = [:]
        private(set) var installedSets: [InstalledSet] = []
        /// Keys read with `resolveAsync` anywhere: an async singleton or scoped instance may be
        /// built that way first, after which a synchronous read finds it.
        private(set) var resolvedAsynchronously: Set<Key> = []
        /// Whether some `resolveAsync` reads a key the tool cannot name: any async instance may
        /// then be built that way first.
        private(set) var hasUnreadAsyncResolves = false
        /// Module type names declared twice (in two targets, or as extensions): not checked.
        private(set) var ambiguousModules: Set<String> = []
        /// The types the sources declare.
        private(set) var types = TypeIndex()
        /// The lines a mistake is made on deliberately (a test of validation): each marked with
        /// `// WiringGraphCheck: expected` at its end or on the line above. Nothing is reported there.
        private(set) var expectedLines: Set<SourcePoint> = []

        /// The comment that marks a deliberate mistake.
        static let expectedMarker = "// WiringGraphCheck: expected"

        /// Whether a mistake at `point` is marked as deliberate.
        func isExpected(_ point: SourcePoint) -> Bool {
            expectedLines.contains(SourcePoint(file: point.file, line: point.line, column: 0))
        }

        /// A file that could not be read.
        struct ReadFailure: Error {
            let path: String
            let underlying: any Error
        }

        /// Parses the files at `paths`, indexes their types, then reads their modules (whose
        /// reads the types' initializers may type).
        init(paths: [String]) throws(ReadFailure) {
            var files: [(path: String, tree: SourceFileSyntax, converter: SourceLocationConverter)] = []
            for path in paths {
                let text: String
                do {
                    text = try String(contentsOfFile: path, encoding: .utf8)
                } catch {
                    throw ReadFailure(path: path, underlying: error)
                }
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains(Self.expectedMarker) {
                    expectedLines.insert(SourcePoint(file: path, line: number + 1, column: 0))
                    expectedLines.insert(SourcePoint(file: path, line: number + 2, column: 0))
                }
                let tree = Parser.parse(source: text)
                let converter = SourceLocationConverter(fileName: path, tree: tree)
                types.add(tree, file: path, converter: converter)
                files.append((path, tree, converter))
            }
            for file in files {
                let reader = FileReader(file: file.path, converter: file.converter, types: types)
                reader.walk(file.tree)
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
    }

    /// Reads one file: module types, `validate(modules:)` lists, `resolveAsync` reads.
    private final class FileReader: SyntaxVisitor {
        let file: String
        let converter: SourceLocationConverter
        let types: TypeIndex
        var modules: [ModuleInfo] = []
        var installedSets: [InstalledSet] = []
        var resolvedAsynchronously: Set<Key> = []
        var hasUnreadAsyncResolves = false

        init(file: String, converter: SourceLocationConverter, types: TypeIndex) {
            self.file = file
            self.converter = converter
            self.types = types
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
                if let key = KeyReader.key(of: node, inferred: KeyReader.inferredType(of: node, index: types)) {
                    resolvedAsynchronously.insert(key)
                } else {
                    hasUnreadAsyncResolves = true
                }
            }
            return .visitChildren
        }

        /// A type that conforms to `Module` or `MainActorModule` in its own declaration, with its
        /// `registrations` body.
        private func readModule(
            named name: String, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax
        ) {
            let written = Set(inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? [])
            let isMainActorModule = !written.isDisjoint(with: ["MainActorModule", "Wiring.MainActorModule"])
            guard isMainActorModule || !written.isDisjoint(with: ["Module", "Wiring.Module"]) else { return }
            var module = ModuleInfo(name: name)
            if let body = Self.registrationsBody(members) {
                DeclarationReader(file: file, converter: converter, types: types, mainActorByDefault: isMainActorModule)
                    .read(body, into: &module)
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

        /// The modules one call installs together, when each is made by its type's initializer:
        /// `Container.validate(modules: [A(), B()])`, which makes a container of its own (closed);
        /// `container.install(A(), B())`, `install([A(), B()])` and
        /// `.isolatedContainer(installing: A(), B())` or `(modules: { [A(), B()] })`, into a
        /// container that other code may also register in (open). `install(_:overriding: true)`
        /// replaces keys on purpose, so it makes no set.
        private func installedSet(_ call: FunctionCallExprSyntax) -> InstalledSet? {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
            let arguments = Array(call.arguments)
            let elements: [ExprSyntax]
            switch (member.declName.baseName.text, arguments.first?.label?.text) {
            case ("validate", "modules"?) where member.base?.trimmedDescription == "Container":
                guard let list = arguments[0].expression.as(ArrayExprSyntax.self) else { return nil }
                return Self.set(list.elements.map(\.expression), isClosed: true)
            case ("install", nil) where member.base != nil:
                if arguments.count == 1, let list = arguments[0].expression.as(ArrayExprSyntax.self) {
                    elements = list.elements.map(\.expression)
                } else if arguments.contains(where: { $0.label != nil }) {
                    return nil
                } else {
                    elements = arguments.map(\.expression)
                }
            case ("isolatedContainer", "installing"?) where member.base == nil:
                elements = arguments.prefix { $0.label == nil || $0.label?.text == "installing" }.map(\.expression)
            case ("isolatedContainer", "modules"?) where member.base == nil:
                guard let closure = arguments[0].expression.as(ClosureExprSyntax.self), closure.statements.count == 1,
                    case .expr(let expression)? = closure.statements.first?.item, let list = expression.as(ArrayExprSyntax.self)
                else { return nil }
                elements = list.elements.map(\.expression)
            default:
                return nil
            }
            return Self.set(elements, isClosed: false)
        }

        private static func set(_ elements: [ExprSyntax], isClosed: Bool) -> InstalledSet? {
            var names: [String] = []
            for element in elements {
                guard let name = KeyReader.constructedType(element) else { return nil }
                names.append(name)
            }
            return names.isEmpty ? nil : InstalledSet(modules: names, isClosed: isClosed)
        }
    }

#endif
