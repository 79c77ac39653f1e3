#if GraphCheck
    /// Every file's summary joined into one program: its modules (Swift modules: the target and
    /// the same package's targets it depends on), its type declarations by full name, and the
    /// lookups that turn a written name into one declaration the way Swift's name lookup does.
    final class Program {
        /// A Swift module the tool reads: the checked target, or one it depends on.
        struct SwiftModule {
            let name: String
            /// The modules its files may import.
            let sees: Set<String>
        }

        /// One file of the program.
        struct File {
            let path: String
            let module: Int
            let summary: FileSummary
        }

        /// A type declaration, by its place in the program.
        struct TypeEntry {
            let file: Int
            let index: Int
            /// The type whose body (or an extension of which) declares it, if any.
            var parent: Int?
            /// `Billing.Config`: the enclosing types' names and its own.
            var displayName: String
        }

        let modules: [SwiftModule]
        let files: [File]
        /// The modules the checked target is made of (the first) and its dependencies: whether a
        /// file is the target's own.
        let ownModule: Int
        private(set) var types: [TypeEntry] = []
        /// Each file's types, in the order of its summary: their index in `types`.
        private(set) var typeIndex: [[Int]] = []
        /// The types each type declares in its body or in an extension of it, by name.
        var nested: [Int: [String: [Int]]] = [:]
        /// The types declared in a function's or closure's body, by scope and name.
        private(set) var local: [ScopeRef: [String: [Int]]] = [:]
        /// The types each module declares at its top level, by name.
        private(set) var topLevel: [Int: [String: [Int]]] = [:]
        /// The type each extension extends, when its name resolves to one.
        var extended: [ScopeRef: Int] = [:]
        /// The extensions of each type, as scopes.
        var extensionsOf: [Int: [ScopeRef]] = [:]
        /// Caches of what lookups found.
        var resolved: [ResolutionKey: TypeRef] = [:]
        var mergedFacts: [Int: TypeFacts] = [:]
        var inherited: [Int: [Int]] = [:]
        var modulesFound: [Int: ModuleInfo]?
        var declarations: [Location: Declaration] = [:]
        var implicitMembers: [String: [(file: Int, selfIs: TypeName, literal: String?)]]?
        var inheriting: Set<Int> = []
        /// Whether the tables are complete (lookups may be kept from then on).
        private(set) var indexed = false

        /// A scope of one file.
        struct ScopeRef: Hashable {
            let file: Int
            let scope: Int
        }

        struct ResolutionKey: Hashable {
            let name: TypeName
            let from: ScopeRef
        }

        init(modules: [SwiftModule], files: [File], ownModule: Int) {
            self.modules = modules
            self.files = files
            self.ownModule = ownModule
            index()
        }

        func isOwn(_ file: Int) -> Bool { files[file].module == ownModule }

        func type(_ id: Int) -> TypeFact { files[types[id].file].summary.types[types[id].index] }

        func scopeFact(_ ref: ScopeRef) -> ScopeFact { files[ref.file].summary.scopes[ref.scope] }

        /// Builds the tables: every type by its declaring scope, then every extension by the type
        /// it extends (an extension may extend a type that another extension declares, so this
        /// repeats until nothing more resolves).
        private func index() {
            typeIndex = files.map { _ in [] }
            for (fileNumber, file) in files.enumerated() {
                for (index, fact) in file.summary.types.enumerated() {
                    let id = types.count
                    typeIndex[fileNumber].append(id)
                    var parent: Int?
                    if case .type(let owner) = file.summary.scopes[fact.scope].kind {
                        parent = owner  // a file-local index, mapped below
                    }
                    types.append(TypeEntry(file: fileNumber, index: index, parent: parent, displayName: fact.name))
                }
            }
            for id in types.indices {
                let entry = types[id]
                let fact = type(id)
                let parent = entry.parent.map { typeIndex[entry.file][$0] }
                types[id].parent = parent
                let scope = files[entry.file].summary.scopes[fact.scope]
                switch scope.kind {
                case .file:
                    topLevel[files[entry.file].module, default: [:]][fact.name, default: []].append(id)
                case .type:
                    if let parent { nested[parent, default: [:]][fact.name, default: []].append(id) }
                case .body:
                    local[ScopeRef(file: entry.file, scope: fact.scope), default: [:]][fact.name, default: []].append(id)
                case .extension:
                    break  // added once the extension's type is known
                }
            }
            var pending: [ScopeRef] = []
            for (fileNumber, file) in files.enumerated() {
                for fact in file.summary.extensions { pending.append(ScopeRef(file: fileNumber, scope: fact.body)) }
            }
            var progress = true
            while progress, !pending.isEmpty {
                progress = false
                pending.removeAll { scope in
                    guard case .extension(let index) = scopeFact(scope).kind else { return true }
                    let name = files[scope.file].summary.extensions[index].extended
                    guard case .source(let id) = resolve(name, from: ScopeRef(file: scope.file, scope: 0), caching: false) else {
                        return false
                    }
                    extended[scope] = id
                    extensionsOf[id, default: []].append(scope)
                    for (typeNumber, fact) in files[scope.file].summary.types.enumerated() where fact.scope == scope.scope {
                        let member = typeIndex[scope.file][typeNumber]
                        nested[id, default: [:]][fact.name, default: []].append(member)
                        types[member].parent = id
                    }
                    progress = true
                    return true
                }
            }
            for id in types.indices { types[id].displayName = qualifiedName(id) }
            indexed = true
        }

        /// `Billing.Config`: the names of the types around `id` and its own.
        private func qualifiedName(_ id: Int) -> String {
            var names = [type(id).name]
            var parent = types[id].parent
            while let owner = parent, names.count < 32 {
                names.insert(type(owner).name, at: 0)
                parent = types[owner].parent
            }
            return names.joined(separator: ".")
        }

        /// Types declared in the body of `scope` (local types), by name.
        func localTypes(in scope: ScopeRef, named name: String) -> [Int]? { local[scope]?[name] }

        /// Top-level types of module `module` named `name`.
        func topLevelTypes(of module: Int, named name: String) -> [Int] { topLevel[module]?[name] ?? [] }
    }
#endif
