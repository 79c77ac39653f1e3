#if GraphCheck
    /// What a registration is found by, once its names are looked up: a type and a tag.
    struct Key: Hashable {
        let type: TypeRef
        let tag: TagRef
        /// How messages name its type: `Database`, `any Logging`.
        let typeDisplay: String
        /// Its tag as validation names it (`.primary`, `"replica"`), and as the user wrote it.
        let tagDisplay: (described: String, written: String)?

        /// How messages name it: `Database`, `any Logging`, `Pool tagged .primary`.
        var display: String { tagDisplay.map { "\(typeDisplay) tagged \($0.described)" } ?? typeDisplay }

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.type == rhs.type && lhs.tag == rhs.tag }
        func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(tag)
        }

        /// Whether two keys are one key: certainly, certainly not, or undecidable.
        func relation(to other: Key) -> Relation {
            let types = Self.relation(type, other.type)
            guard types != .different else { return .different }
            let tags = tag.relation(to: other.tag)
            if tags == .different { return .different }
            return types == .same && tags == .same ? .same : .maybe
        }

        /// Whether this key is one the check can decide on: a type of the sources, and a tag
        /// whose value is known.
        var isDecidable: Bool { type.sourceType != nil && tag != .unknown }

        private static func relation(_ lhs: TypeRef, _ rhs: TypeRef) -> Relation {
            switch (lhs, rhs) {
            case (.source(let a), .source(let b)): a == b ? .same : .different
            case (.source, .external), (.external, .source): .different
            case (.source, .structural), (.structural, .source), (.external, .structural), (.structural, .external): .different
            case (.source(let a), .candidates(let list)), (.candidates(let list), .source(let a)): list.contains(a) ? .maybe : .different
            default: .maybe
            }
        }

        enum Relation {
            case same, different, maybe
        }
    }

    /// A tag, once looked up: none, a value of a known type, or one the check cannot know.
    enum TagRef: Hashable {
        case none
        /// Its type (a declaration of the sources, or `String`/`WiringTag`) and its value.
        case value(type: String, value: String)
        case unknown

        func relation(to other: TagRef) -> Key.Relation {
            switch (self, other) {
            case (.unknown, _), (_, .unknown): .maybe
            default: self == other ? .same : .different
            }
        }
    }

    extension Program {
        /// The key `written` names, from the scope it is written in.
        func key(_ written: WrittenKey, file: Int) -> Key {
            let scope = ScopeRef(file: file, scope: written.scope)
            let type = resolve(written.type, from: scope)
            let tag = written.tag.map { self.tag($0, from: scope) } ?? .none
            return makeKey(type, tag: tag, written: written.type, writtenTag: written.tag)
        }

        /// A key of `type` under `tag`, named for messages.
        func makeKey(_ type: TypeRef, tag: TagRef, written: TypeName, writtenTag: WrittenTag?) -> Key {
            Key(
                type: type, tag: tag, typeDisplay: display(type, written: written),
                tagDisplay: writtenTag.flatMap { tag == .none ? nil : (Self.describe($0), Self.written($0)) })
        }

        /// How a message names a type.
        func display(_ type: TypeRef, written: TypeName) -> String {
            switch type {
            case .source(let id):
                let name = types[id].displayName
                return self.type(id).kind == .protocol ? "any \(name)" : name
            case .external(let text), .structural(let text):
                return text
            case .unknown, .candidates:
                return written.description
            }
        }

        /// `.replica` or `"replica"`, as validation names a tag.
        static func describe(_ tag: WrittenTag) -> String {
            switch tag {
            case .string(let text): "\"\(text)\""
            case .member(_, let name): "." + name
            case .unreadable: "(a value)"
            }
        }

        /// A tag as the user wrote it, for a fix: `Role.primary`, `.replica`, `"replica"`.
        static func written(_ tag: WrittenTag) -> String {
            switch tag {
            case .string(let text): "\"\(text)\""
            case .member(let base, let name): (base.map(\.description) ?? "") + "." + name
            case .unreadable: "…"
            }
        }

        /// A tag's type and value: an enum case of the sources, a static member whose value is a
        /// string literal (`static var replica: WiringTag { "replica" }`, found by `.replica`
        /// through `extension Hashable where Self == WiringTag`), or a string literal.
        func tag(_ written: WrittenTag, from scope: ScopeRef) -> TagRef {
            switch written {
            case .unreadable:
                return .unknown
            case .string(let text):
                return .value(type: "String", value: text)
            case .member(let base?, let name):
                switch resolve(base, from: scope) {
                case .source(let id):
                    let facts = self.facts(of: id)
                    if facts.enumCases.contains(name) { return .value(type: "\(id)", value: name) }
                    if let literal = facts.statics.first(where: { $0.value.name == name && !$0.value.isMethod })?.value.literal {
                        return .value(type: "\(id)", value: "\"\(literal)\"")
                    }
                    return .unknown
                case .external("WiringTag"):
                    return .unknown
                default:
                    return .unknown
                }
            case .member(nil, let name):
                return implicitTag(name, from: scope)
            }
        }

        /// `.name` at a `tag:`: a static member of an `extension … where Self == T` of the sources.
        private func implicitTag(_ name: String, from scope: ScopeRef) -> TagRef {
            if implicitMembers == nil {
                var members: [String: [(file: Int, selfIs: TypeName, literal: String?)]] = [:]
                for (fileNumber, file) in files.enumerated() {
                    for fact in file.summary.extensions {
                        guard let selfIs = fact.selfIs else { continue }
                        for member in fact.members.statics where !member.isMethod {
                            members[member.name, default: []].append((fileNumber, selfIs, member.literal))
                        }
                    }
                }
                implicitMembers = members
            }
            var found: [TagRef] = []
            for member in implicitMembers?[name] ?? [] where visible(from: scope.file, to: member.file) {
                guard let literal = member.literal else { return .unknown }
                switch resolve(member.selfIs, from: ScopeRef(file: member.file, scope: 0)) {
                case .source(let id): found.append(.value(type: "\(id)", value: "\"\(literal)\""))
                case .external("WiringTag"), .external("Wiring.WiringTag"): found.append(.value(type: "WiringTag", value: literal))
                default: return .unknown
                }
            }
            return found.count == 1 ? found[0] : .unknown
        }

        /// Whether code in file `from` may see declarations of file `to` (its own module, or one
        /// its module depends on).
        func visible(from: Int, to: Int) -> Bool {
            let module = files[from].module
            let other = files[to].module
            return module == other || modules[module].sees.contains(modules[other].name)
        }
    }
#endif
