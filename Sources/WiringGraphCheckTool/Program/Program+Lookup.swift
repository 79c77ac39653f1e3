#if GraphCheck
    /// What a written type is, once looked up.
    enum TypeRef: Hashable {
        /// One type the sources declare (a protocol stands for its existential: `P` and `any P`
        /// are one key).
        case source(Int)
        /// A name no file the tool reads declares: another package's type, or the standard
        /// library's. It cannot be a type of the sources, and two such names may or may not be
        /// one type: nothing is decided on them.
        case external(String)
        /// A name that several declarations of the sources could be.
        case candidates([Int])
        /// An array, optional, tuple, function or generic type: never equal to a named type.
        case structural(String)
        /// A generic parameter, `some P`, or a name that leads nowhere: any type at all.
        case unknown(String)

        /// Whether this is one declaration of the sources.
        var sourceType: Int? {
            if case .source(let id) = self { return id }
            return nil
        }
    }

    extension Program {
        /// Looks `name` up from `scope` as Swift would: the innermost scope first (its generic
        /// parameters, its local types, or the nested types of the type whose body it is, with
        /// that type's extensions and superclasses), then the module's top level, then the
        /// modules the file imports. A typealias is followed to what it names.
        func resolve(_ name: TypeName, from scope: ScopeRef, caching: Bool = true) -> TypeRef {
            let caching = caching && indexed
            if caching, let known = resolved[ResolutionKey(name: name, from: scope)] { return known }
            let result = lookUp(name, from: scope, depth: 0)
            if caching { resolved[ResolutionKey(name: name, from: scope)] = result }
            return result
        }

        private func lookUp(_ name: TypeName, from scope: ScopeRef, depth: Int) -> TypeRef {
            guard depth < 16 else { return .unknown(name.description) }
            switch name {
            case .structural(let text): return .structural(text)
            case .opaque(let text): return .unknown(text)
            case .existential(let parts):
                let found = lookUp(.named(parts), from: scope, depth: depth)
                if case .source(let id) = found, type(id).kind != .protocol { return .unknown(name.description) }
                if case .external(let text) = found { return .external("any " + text) }
                return found
            case .named(let parts):
                var found = first(parts[0], from: scope, depth: depth)
                for part in parts.dropFirst() {
                    found = member(part, of: found, depth: depth)
                }
                if case .module = found { return .unknown(name.description) }
                return found.ref
            }
        }

        /// What a lookup of one name part found: a type, or a module (`Shop.Config`'s `Shop`).
        private enum Found {
            case ref(TypeRef)
            case module(Int)

            var ref: TypeRef {
                switch self {
                case .ref(let ref): ref
                case .module(let module): .unknown("module \(module)")
                }
            }
        }

        /// The first part of a name, from `scope` outwards.
        private func first(_ name: String, from start: ScopeRef, depth: Int) -> Found {
            var current = start.scope
            while current >= 0 {
                let ref = ScopeRef(file: start.file, scope: current)
                let scope = scopeFact(ref)
                if scope.genericParameters.contains(name) { return .ref(.unknown(name)) }
                switch scope.kind {
                case .body:
                    if let found = localTypes(in: ref, named: name) { return .ref(choose(found, depth: depth)) }
                case .type(let index):
                    let id = typeIndex[start.file][index]
                    if name == "Self" { return .ref(type(id).kind == .protocol ? .unknown("Self") : .source(id)) }
                    if let found = members(named: name, of: id, depth: depth) { return .ref(found) }
                case .extension:
                    guard let id = extended[ref] else { return .ref(.unknown(name)) }
                    if let body = bodyScope(of: id), scopeFact(body).genericParameters.contains(name) { return .ref(.unknown(name)) }
                    if name == "Self" { return .ref(type(id).kind == .protocol ? .unknown("Self") : .source(id)) }
                    if let found = members(named: name, of: id, depth: depth) { return .ref(found) }
                case .file:
                    return topLevel(name, file: start.file, depth: depth)
                }
                current = scope.parent
            }
            return topLevel(name, file: start.file, depth: depth)
        }

        /// A name at a file's top level: the file's own module first, then what it imports.
        private func topLevel(_ name: String, file: Int, depth: Int) -> Found {
            let module = files[file].module
            let own = topLevelTypes(of: module, named: name).filter { !type($0).isFilePrivate || types[$0].file == file }
            if !own.isEmpty { return .ref(choose(own, depth: depth)) }
            let imported = files[file].summary.imports.compactMap { imported in
                modules.firstIndex { $0.name == imported && modules[module].sees.contains(imported) }
            }
            let found = imported.flatMap { topLevelTypes(of: $0, named: name).filter { !type($0).isFilePrivate } }
            if !found.isEmpty { return .ref(choose(found, depth: depth)) }
            if modules[module].name == name { return .module(module) }
            if let other = imported.first(where: { modules[$0].name == name }) { return .module(other) }
            return .ref(.external(name))
        }

        /// A later part of a name: a nested type of what the earlier parts found.
        private func member(_ name: String, of found: Found, depth: Int) -> Found {
            switch found {
            case .module(let module):
                let declared = topLevelTypes(of: module, named: name).filter { !type($0).isFilePrivate }
                return .ref(declared.isEmpty ? .external(name) : choose(declared, depth: depth))
            case .ref(.source(let id)):
                return .ref(members(named: name, of: id, depth: depth) ?? .unknown(name))
            case .ref(.external(let text)):
                return .ref(.external(text + "." + name))
            case .ref(let other):
                return .ref(other)
            }
        }

        /// The nested types named `name` of `id`: declared in its body or an extension of it, or
        /// inherited from a superclass or protocol of the sources.
        private func members(named name: String, of id: Int, depth: Int) -> TypeRef? {
            var seen: Set<Int> = []
            var pending = [id]
            while let current = pending.popLast(), seen.insert(current).inserted, seen.count < 64 {
                if let found = nested[current]?[name], !found.isEmpty { return choose(found, depth: depth) }
                for inherited in inheritance(of: current) { pending.append(inherited) }
            }
            return nil
        }

        /// The types of the sources that `id` inherits from: its superclass and protocols.
        func inheritance(of id: Int) -> [Int] {
            if let known = inherited[id] { return known }
            // A declaration that inherits from itself through its own members is not Swift; stop.
            guard inheriting.insert(id).inserted else { return [] }
            defer { inheriting.remove(id) }
            let fact = type(id)
            var names: [(TypeName, ScopeRef)] = fact.inherits.map { ($0, ScopeRef(file: types[id].file, scope: fact.scope)) }
            for scope in extensionsOf[id] ?? [] {
                guard case .extension(let index) = scopeFact(scope).kind else { continue }
                names += files[scope.file].summary.extensions[index].inherits.map { ($0, ScopeRef(file: scope.file, scope: 0)) }
            }
            let found = names.compactMap { name, scope -> Int? in
                guard case .source(let inherited) = resolve(name, from: scope, caching: false) else { return nil }
                return inherited
            }
            if indexed { inherited[id] = found }
            return found
        }

        /// One declaration, followed through typealiases; several: undecidable between them.
        private func choose(_ found: [Int], depth: Int) -> TypeRef {
            guard found.count == 1 else { return .candidates(found) }
            let id = found[0]
            let fact = type(id)
            guard fact.kind == .alias else { return .source(id) }
            guard !fact.isGeneric, let aliased = fact.aliased else { return .unknown(fact.name) }
            return lookUp(aliased, from: ScopeRef(file: types[id].file, scope: fact.scope), depth: depth + 1)
        }

        /// The scope of `id`'s body.
        func bodyScope(of id: Int) -> ScopeRef? {
            let fact = type(id)
            return fact.body >= 0 ? ScopeRef(file: types[id].file, scope: fact.body) : nil
        }
    }
#endif
