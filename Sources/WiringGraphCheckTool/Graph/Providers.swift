#if GraphCheck
    /// The declarations of a set, indexed by the keys they provide: which may provide a read.
    struct Providers {
        private var byType: [Int: [Placed]] = [:]
        /// Declarations whose key may be any type (the check cannot tell it).
        private var wildcards = false
        /// Declarations whose key is one of several types.
        private var candidates: Set<Int> = []
        /// Declarations found only with runtime arguments, by type.
        private var withArguments: Set<Int> = []

        init(_ placed: [Placed]) {
            for entry in placed {
                let declaration = entry.declaration
                if declaration.providesUnknownKey { wildcards = true }
                for key in declaration.argumentKeys {
                    if case .source(let id) = key.type { withArguments.insert(id) }
                }
                for key in declaration.keys {
                    switch key.type {
                    case .source(let id): byType[id, default: []].append(entry)
                    case .candidates(let list): candidates.formUnion(list)
                    case .unknown: wildcards = true
                    case .external, .structural: break
                    }
                }
            }
        }

        /// The declarations that certainly provide `key`, and whether another may.
        func matches(_ key: Key) -> (same: [Placed], maybe: Bool) {
            guard case .source(let id) = key.type else { return ([], true) }
            var same: [Placed] = []
            var maybe = wildcards || candidates.contains(id)
            for entry in byType[id] ?? [] {
                let relations = entry.declaration.keys.map { $0.relation(to: key) }
                if relations.contains(.same) {
                    same.append(entry)
                } else if relations.contains(.maybe) {
                    maybe = true
                }
            }
            return (same, maybe)
        }

        /// The one declaration that provides `key`, when exactly one certainly does and no other may.
        func unique(_ key: Key) -> Placed? {
            let (same, maybe) = matches(key)
            return !maybe && same.count == 1 ? same[0] : nil
        }

        /// Whether nothing may provide `key`.
        func isMissing(_ key: Key) -> Bool {
            let (same, maybe) = matches(key)
            return same.isEmpty && !maybe
        }

        /// Whether `id` is declared, but only with runtime arguments.
        func onlyWithArguments(_ id: Int) -> Bool { withArguments.contains(id) }
    }

    /// Whether declarations and reads under these `#if` clauses are certainly active together:
    /// each list is a prefix of the next longer one (the same clauses, then more).
    func coActive(_ lists: [[Int]]) -> Bool {
        let sorted = lists.filter { !$0.isEmpty }.sorted { $0.count < $1.count }
        for (shorter, longer) in zip(sorted, sorted.dropFirst()) where !longer.starts(with: shorter) { return false }
        return true
    }
#endif
