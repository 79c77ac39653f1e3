#if GraphCheck
    import SwiftSyntax

    /// What the sources declare about their own types: each type's initializers (to type a read
    /// such as `UserService(database: try r.resolve())` from the parameter it fills) and the reads
    /// its call-site injection makes when it is made (`@Wired var`, `let x: T = wired()`).
    ///
    /// A type is found by its simple name. A name declared by two types (in two targets, or
    /// nested in two others), or a generic type, is not indexed: what it would say is not certain.
    struct TypeIndex {
        /// One parameter of an initializer, as its declaration writes it.
        struct Parameter {
            /// Its argument label; `nil` for `_`.
            let label: String?
            /// Its type, when the tool can compare it (a plain or `any` name); `nil` otherwise.
            let type: String?
            let hasDefault: Bool
            /// `T...`: it takes any number of arguments.
            var isVariadic = false
            /// A default that is call-site injection (`= wired()`): read when the caller leaves
            /// the argument out.
            let defaultRead: CallSiteRead?
        }

        /// One type's facts.
        struct TypeFacts {
            var initializers: [[Parameter]] = []
            /// A struct's memberwise initializer, while its body declares no initializer.
            var memberwise: [Parameter]?
            /// The reads its stored properties make whenever it is made.
            var propertyReads: [CallSiteRead] = []
            /// The reads made on first use (`@LazyWired`): not part of making it.
            var lazyReads: [CallSiteRead] = []
            /// The synchronous reads (`wired()`, `try resolve()`) in code that never runs on the
            /// main actor: an actor's own methods, and `@concurrent` functions.
            var offMainReads: [CallSiteRead] = []
            /// Its static methods that return its own type (`static func load() async -> Store`).
            var factoryMethods: Set<String> = []
            /// A struct: without an initializer of its own it has a memberwise one, not `init()`.
            var isStruct = false
            /// Whether its declaration (not only an extension) is among the sources.
            var declaredBody = false
        }

        private(set) var types: [String: TypeFacts] = [:]
        private(set) var unusable: Set<String> = []

        /// Adds what `tree` (the file at `file`) declares.
        mutating func add(_ tree: SourceFileSyntax, file: String, converter: SourceLocationConverter) {
            let reader = TypeReader(file: file, converter: converter)
            reader.walk(tree)
            for (name, facts) in reader.bodies {
                if types[name]?.declaredBody == true || facts.isGeneric { unusable.insert(name) }
                var merged = types[name] ?? TypeFacts()
                merged.declaredBody = true
                merged.isStruct = facts.facts.isStruct
                merged.memberwise = facts.facts.memberwise
                merged.initializers += facts.facts.initializers
                merged.propertyReads += facts.facts.propertyReads
                merged.lazyReads += facts.facts.lazyReads
                merged.offMainReads += facts.facts.offMainReads
                merged.factoryMethods.formUnion(facts.facts.factoryMethods)
                types[name] = merged
            }
            for (name, facts) in reader.extensions {
                var merged = types[name] ?? TypeFacts()
                merged.initializers += facts.initializers
                merged.propertyReads += facts.propertyReads
                merged.lazyReads += facts.lazyReads
                types[name] = merged
            }
        }

        /// The type `T` that `T.f(…)` makes, when `f` is a static method of `T` in the sources
        /// that returns `T` (through `try` and `await`).
        func madeByStaticMethod(_ expression: ExprSyntax) -> String? {
            guard let call = KeyReader.unwrapped(expression).as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                facts(of: type)?.factoryMethods.contains(member.declName.baseName.text) == true
            else { return nil }
            return type
        }

        /// The facts of `name`, if it is one type of the sources that the tool can read.
        func facts(of name: String) -> TypeFacts? {
            guard !unusable.contains(name), let facts = types[name], facts.declaredBody else { return nil }
            return facts
        }

        /// The initializers a call `name(labels…)` may be calling, each with the parameter each
        /// argument fills. Empty when the type is unknown or a trailing closure or variadic makes
        /// it uncertain.
        func candidates(of name: String, labels: [String?]) -> [(parameters: [Parameter], filled: [Int])] {
            guard let facts = facts(of: name) else { return [] }
            var all = facts.initializers
            if let memberwise = facts.memberwise { all.append(memberwise) }
            if all.isEmpty, !facts.isStruct { all.append([]) }  // a class's default `init()`
            // One argument per parameter is how calls are matched: a variadic one breaks that.
            guard !all.contains(where: { $0.contains(where: \.isVariadic) }) else { return [] }
            return all.compactMap { parameters in Self.match(labels, to: parameters).map { (parameters, $0) } }
        }

        /// The type of the parameter that argument `position` of a call `name(labels…)` fills,
        /// when every initializer it may call agrees.
        func parameterType(of name: String, labels: [String?], position: Int) -> String? {
            let types = candidates(of: name, labels: labels).map { $0.parameters[$0.filled[position]].type }
            guard let first = types.first, let type = first, types.allSatisfy({ $0 == type }) else { return nil }
            return type
        }

        /// The reads that making `name` with `labels` makes for certain: its stored properties',
        /// and the injected defaults of the arguments left out, when only one initializer fits.
        func constructionReads(of name: String, labels: [String?]) -> [CallSiteRead] {
            guard let facts = facts(of: name) else { return [] }
            let candidates = candidates(of: name, labels: labels)
            guard candidates.count == 1, let (parameters, filled) = candidates.first else { return facts.propertyReads }
            let defaults = parameters.indices.filter { !filled.contains($0) }.compactMap { parameters[$0].defaultRead }
            return facts.propertyReads + defaults
        }

        /// For each argument label, the index of the parameter it fills: labels in order, and
        /// every parameter skipped has a default. `nil` when the call cannot call this initializer.
        private static func match(_ labels: [String?], to parameters: [Parameter]) -> [Int]? {
            var filled: [Int] = []
            var next = 0
            for label in labels {
                while next < parameters.count, parameters[next].label != label {
                    guard parameters[next].hasDefault else { return nil }
                    next += 1
                }
                guard next < parameters.count else { return nil }
                filled.append(next)
                next += 1
            }
            guard parameters[next...].allSatisfy(\.hasDefault) else { return nil }
            return filled
        }
    }

    /// The synchronous call-site reads in a function body that runs off the main actor:
    /// `wired()` and `try resolve()`, typed by their metatype or their binding's written type.
    /// Closures are left out: a `MainActor.run { }` or a main-actor `Task { }` runs on the main actor.
    private final class OffMainReadCollector: SyntaxVisitor {
        let file: String
        let converter: SourceLocationConverter
        var reads: [CallSiteRead] = []

        init(file: String, converter: SourceLocationConverter) {
            self.file = file
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self), ["wired", "resolve"].contains(callee.baseName.text),
                let key = KeyReader.key(of: node, inferred: KeyReader.annotatedType(of: node))
            {
                reads.append(
                    CallSiteRead(
                        key: key, form: "\(callee.baseName.text)()", point: SourcePoint(node, in: file, converter),
                        moment: "in a method that runs off the main actor"))
            }
            return .visitChildren
        }
    }

    /// Reads each type's initializers and call-site injection in one file.
    private final class TypeReader: SyntaxVisitor {
        struct Body {
            var facts = TypeIndex.TypeFacts()
            var isGeneric = false
        }

        let file: String
        let converter: SourceLocationConverter
        var bodies: [(String, Body)] = []
        var extensions: [(String, TypeIndex.TypeFacts)] = []

        init(file: String, converter: SourceLocationConverter) {
            self.file = file
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            read(node.name.text, node.memberBlock, isStruct: true, isGeneric: node.genericParameterClause != nil, isClass: false)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            read(node.name.text, node.memberBlock, isStruct: false, isGeneric: node.genericParameterClause != nil, isClass: true)
            return .visitChildren
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            read(
                node.name.text, node.memberBlock, isStruct: false, isGeneric: node.genericParameterClause != nil, isClass: true,
                isActor: true)
            return .visitChildren
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            read(node.name.text, node.memberBlock, isStruct: false, isGeneric: node.genericParameterClause != nil, isClass: false)
            return .visitChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let name = KeyReader.plainType(node.extendedType.trimmedDescription), !name.hasPrefix("any ") else {
                return .visitChildren
            }
            var facts = TypeIndex.TypeFacts()
            for member in node.memberBlock.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    facts.initializers.append(parameters(initializer))
                } else if let method = Self.factoryMethod(member.decl, of: name) {
                    facts.factoryMethods.insert(method)
                }
            }
            extensions.append((name, facts))
            return .visitChildren
        }

        /// A type's own body: its initializers, its memberwise initializer's parameters, and the
        /// call-site injection of its stored properties.
        private func read(
            _ name: String, _ members: MemberBlockSyntax, isStruct: Bool, isGeneric: Bool, isClass: Bool, isActor: Bool = false
        ) {
            var body = Body(isGeneric: isGeneric)
            body.facts.isStruct = isStruct
            // An actor that names its executor may run on the main actor's.
            let runsOffMain = isActor && !members.members.contains { Self.names($0.decl, "unownedExecutor") }
            var memberwise: [TypeIndex.Parameter]? = []
            // A `var`'s injected value: in a struct with a memberwise initializer, a default the
            // caller may replace; else read by every initializer.
            var varReads: [CallSiteRead] = []
            for member in members.members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                    body.facts.initializers.append(parameters(initializer))
                    continue
                }
                if let method = Self.factoryMethod(member.decl, of: name) {
                    body.facts.factoryMethods.insert(method)
                    continue
                }
                if let function = member.decl.as(FunctionDeclSyntax.self), let code = function.body {
                    let modifiers = Set(function.modifiers.map(\.name.text))
                    let concurrent = function.attributes.contains {
                        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "concurrent"
                    }
                    if concurrent || (runsOffMain && modifiers.isDisjoint(with: ["nonisolated", "static"])) {
                        let collector = OffMainReadCollector(file: file, converter: converter)
                        collector.walk(code)
                        body.facts.offMainReads += collector.reads
                    }
                    continue
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                    !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
                else { continue }
                let isLet = variable.bindingSpecifier.text == "let"
                let wrapper = Self.injectionWrapper(variable)
                let unmodelled =
                    variable.modifiers.contains { $0.name.text == "lazy" }
                    || (!isClass && variable.attributes.contains { $0.is(AttributeSyntax.self) })
                for binding in variable.bindings {
                    if let accessors = binding.accessorBlock, !Self.isObserver(accessors) { continue }  // computed
                    let annotated = binding.typeAnnotation.flatMap { KeyReader.plainType($0.type.trimmedDescription) }
                    let label = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    if let wrapper {
                        if let read = wrapperRead(wrapper, binding: binding) {
                            if wrapper.name == "LazyWired" {
                                var lazy = read
                                lazy.moment = "when it is first read"
                                body.facts.lazyReads.append(lazy)
                            } else {
                                body.facts.propertyReads.append(read)
                            }
                        }
                        memberwise?.append(.init(label: label, type: nil, hasDefault: true, defaultRead: nil))
                        continue
                    }
                    if unmodelled { memberwise = nil }  // a lazy or wrapped property the tool does not model
                    let injected = binding.initializer.flatMap { injectedRead($0.value, type: annotated) }
                    if isLet {
                        if let injected { body.facts.propertyReads.append(injected) }
                        if binding.initializer == nil {
                            memberwise?.append(.init(label: label, type: annotated, hasDefault: false, defaultRead: nil))
                        }
                    } else {
                        if let injected { varReads.append(injected) }
                        memberwise?.append(
                            .init(label: label, type: annotated, hasDefault: binding.initializer != nil, defaultRead: injected))
                    }
                }
            }
            let hasMemberwise = isStruct && body.facts.initializers.isEmpty
            body.facts.memberwise = hasMemberwise ? memberwise : nil
            if !hasMemberwise { body.facts.propertyReads += varReads }
            bodies.append((name, body))
        }

        /// The name of `declaration` if it is a static method of `type` that returns `type` or
        /// `Self` (`static func load() async throws -> Store`).
        private static func factoryMethod(_ declaration: DeclSyntax, of type: String) -> String? {
            guard let function = declaration.as(FunctionDeclSyntax.self),
                function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
                let returned = function.signature.returnClause?.type.trimmedDescription,
                returned == type || returned == "Self"
            else { return nil }
            return function.name.text
        }

        /// Whether `declaration` declares a property called `name`.
        private static func names(_ declaration: DeclSyntax, _ name: String) -> Bool {
            declaration.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            } ?? false
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

        /// The read a wrapped property makes; `nil` for `@OptionalWired` (it reads an optional:
        /// never missing) or a type or tag the tool cannot read.
        private func wrapperRead(_ wrapper: (name: String, attribute: AttributeSyntax), binding: PatternBindingSyntax) -> CallSiteRead? {
            guard wrapper.name != "OptionalWired" else { return nil }
            var arguments = LabeledExprListSyntax([])
            if case .argumentList(let written)? = wrapper.attribute.arguments { arguments = written }
            let annotated = binding.typeAnnotation.flatMap { KeyReader.plainType($0.type.trimmedDescription) }
            guard let key = KeyReader.key(arguments: arguments, inferred: annotated) else { return nil }
            return CallSiteRead(key: key, form: "@\(wrapper.name)", point: SourcePoint(wrapper.attribute, in: file, converter))
        }

        /// A `wired()` (or `wired(X.self, tag:)`) value, typed by `type` where it is not written.
        private func injectedRead(_ value: ExprSyntax, type: String?) -> CallSiteRead? {
            guard let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                callee.baseName.text == "wired", let key = KeyReader.key(of: call, inferred: type)
            else { return nil }
            return CallSiteRead(key: key, form: "wired()", point: SourcePoint(call, in: file, converter))
        }

        /// An initializer's parameters, with the call-site injection of their defaults.
        private func parameters(_ initializer: InitializerDeclSyntax) -> [TypeIndex.Parameter] {
            let generic = Set(initializer.genericParameterClause?.parameters.map(\.name.text) ?? [])
            return initializer.signature.parameterClause.parameters.map { parameter in
                let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
                var type = KeyReader.plainType(parameter.type.trimmedDescription)
                if let written = type, generic.contains(written) { type = nil }
                let read = parameter.defaultValue.flatMap { injectedRead($0.value, type: type) }
                return .init(
                    label: label, type: type, hasDefault: parameter.defaultValue != nil, isVariadic: parameter.ellipsis != nil,
                    defaultRead: read)
            }
        }
    }
#endif
