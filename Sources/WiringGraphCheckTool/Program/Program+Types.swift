#if GraphCheck
    /// A fact and the file it is written in (its points and scopes are that file's).
    struct Located<Value> {
        let value: Value
        let file: Int
        /// The scope its names are looked up from: the body of the type or extension it is in.
        let scope: Int
    }

    /// What a type's body and all its extensions tell, together.
    struct TypeFacts {
        var initializers: [Located<Initializer>] = []
        var memberwise: Located<[Parameter]>?
        var propertyReads: [Located<CallSiteRead>] = []
        var memberwiseDefaultReads: [Located<CallSiteRead>] = []
        var laterReads: [Located<CallSiteRead>] = []
        var statics: [Located<StaticMember>] = []
        var enumCases: [String] = []
    }

    extension Program {
        /// The facts of `id` from its body and every extension of it.
        func facts(of id: Int) -> TypeFacts {
            if let known = mergedFacts[id] { return known }
            var facts = TypeFacts()
            let fact = type(id)
            let file = types[id].file
            var parts: [(MemberFacts, Int, Int)] = [(fact.members, file, fact.body)]
            for scope in extensionsOf[id] ?? [] {
                guard case .extension(let index) = scopeFact(scope).kind else { continue }
                parts.append((files[scope.file].summary.extensions[index].members, scope.file, scope.scope))
            }
            for (members, file, scope) in parts {
                facts.initializers += members.initializers.map { Located(value: $0, file: file, scope: scope) }
                if let memberwise = members.memberwise { facts.memberwise = Located(value: memberwise, file: file, scope: scope) }
                facts.propertyReads += members.propertyReads.map { Located(value: $0, file: file, scope: scope) }
                facts.memberwiseDefaultReads += members.memberwiseDefaultReads.map { Located(value: $0, file: file, scope: scope) }
                facts.laterReads += members.laterReads.map { Located(value: $0, file: file, scope: scope) }
                facts.statics += members.statics.map { Located(value: $0, file: file, scope: scope) }
                facts.enumCases += members.enumCases
            }
            // An extension's initializer of a struct leaves its memberwise initializer in place;
            // one in its body replaces it (then `memberwise` is nil from the reader).
            mergedFacts[id] = facts
            return facts
        }

        /// The initializers a call `T(labels…)` may be calling, each with the parameter each
        /// argument fills; `nil` when the check cannot tell (inherited initializers, a variadic
        /// parameter, a type it cannot read).
        func candidates(of id: Int, labels: [String?]) -> [(initializer: Located<Initializer>, filled: [Int])]? {
            let fact = type(id)
            guard !fact.isGeneric, fact.kind != .protocol, fact.kind != .alias else { return nil }
            let facts = self.facts(of: id)
            var all = facts.initializers
            if let memberwise = facts.memberwise {
                all.append(Located(value: Initializer(parameters: memberwise.value), file: memberwise.file, scope: memberwise.scope))
            }
            if all.isEmpty {
                // A class with no initializer of its own inherits its superclass's, if it has one.
                guard fact.kind == .class || fact.kind == .actor, fact.inherits.isEmpty else { return nil }
                all.append(Located(value: Initializer(parameters: []), file: types[id].file, scope: fact.body))
            }
            // A struct whose memberwise initializer the reader could not model.
            if fact.kind == .struct, facts.initializers.isEmpty, facts.memberwise == nil { return nil }
            // One argument per parameter is how calls are matched: a variadic one breaks that.
            guard !all.contains(where: { $0.value.parameters.contains(where: \.isVariadic) }) else { return nil }
            return all.compactMap { initializer in Self.match(labels, to: initializer.value.parameters).map { (initializer, $0) } }
        }

        /// The type of the parameter that argument `position` of a call `T(labels…)` fills, when
        /// every initializer it may call agrees.
        func parameterType(of id: Int, labels: [String?], position: Int) -> TypeRef? {
            guard let candidates = candidates(of: id, labels: labels), !candidates.isEmpty else { return nil }
            var found: TypeRef?
            for (initializer, filled) in candidates {
                guard let written = initializer.value.parameters[filled[position]].type else { return nil }
                let type = resolve(written, from: ScopeRef(file: initializer.file, scope: initializer.scope))
                if let found, found != type { return nil }
                found = type
            }
            return found
        }

        /// The reads that making `id` with `labels` makes for certain: its stored properties', and
        /// when one initializer fits, that initializer's body and the injected defaults of the
        /// arguments left out.
        func constructionReads(of id: Int, labels: [String?]) -> [Located<CallSiteRead>] {
            let facts = self.facts(of: id)
            guard let candidates = candidates(of: id, labels: labels), candidates.count == 1, let (initializer, filled) = candidates.first
            else { return facts.propertyReads }
            let parameters = initializer.value.parameters
            let defaults = parameters.indices.filter { !filled.contains($0) }.compactMap { parameters[$0].defaultRead }
            return facts.propertyReads
                + (initializer.value.bodyReads + defaults).map { Located(value: $0, file: initializer.file, scope: initializer.scope) }
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

        /// The type a factory's body makes, when its expression says: an initializer's type, a
        /// static member or method of the sources that holds or returns the type itself (or
        /// another type it names), or a top-level function's return type.
        func builtType(_ built: DeclarationFact.Built, scope: ScopeRef) -> (TypeRef, TypeName)? {
            switch built {
            case .constructed(let name):
                return (resolve(name, from: scope), name)
            case .staticMember(let owner, let member):
                guard case .source(let id) = resolve(owner, from: scope),
                    let found = facts(of: id).statics.first(where: { $0.value.name == member }), let returned = found.value.type
                else { return nil }
                if returned == .named(["Self"]) { return (.source(id), owner) }
                return (resolve(returned, from: ScopeRef(file: found.file, scope: found.value.scope)), returned)
            case .function(let name):
                for (fileNumber, file) in files.enumerated() where visible(from: scope.file, to: fileNumber) {
                    if let function = file.summary.functions.first(where: { $0.name == name }) {
                        return (resolve(function.returns, from: ScopeRef(file: fileNumber, scope: function.scope)), function.returns)
                    }
                }
                return nil
            }
        }
    }
#endif
