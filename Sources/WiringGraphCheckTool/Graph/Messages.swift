#if GraphCheck
    /// The words of the findings: validation's headlines, and a fix in the form the user wrote.
    enum Messages {
        /// `X.self`, or `(any P).self`.
        static func metatype(_ key: Key) -> String {
            key.typeDisplay.hasPrefix("any ") ? "(\(key.typeDisplay)).self" : "\(key.typeDisplay).self"
        }

        /// How a type's read is written and when it is made: `with wired() when it is made`.
        static func how(_ form: String, _ moment: CallSiteRead.Moment) -> String {
            switch moment {
            case .made: "with \(form) when it is made"
            case .defaultArgument: "with the default argument `= \(form)` when a call leaves that argument out"
            case .firstUse: "with \(form) when it is first read"
            case .computed: "with \(form) each time the computed property is read"
            case .method: "with \(form) in a method"
            }
        }

        /// A key nothing declares.
        static func missing(
            program: Program, key: Key, consumer: String, how: String?, at location: Location, module: String, argumentsOnly: Bool
        ) -> Finding {
            if argumentsOnly {
                return Finding(
                    location: location,
                    headline: "\(consumer) resolves \(key.display) without runtime arguments, and it is registered only with arguments.",
                    fix:
                        "pass the arguments its factory takes (resolve(\(metatype(key)), arguments: …)), or declare a variant without arguments in \(module)."
                )
            }
            let reads = how.map { ", read \($0)" } ?? ""
            return Finding(
                location: location,
                headline:
                    "\(consumer) depends on \(key.display), and nothing is registered for it. Path: \(consumer) → \(key.display)\(reads).",
                fix: "declare it in \(module)'s registrations: \(declaration(key)) { r in … } (or the lifetime it needs).")
        }

        /// `singleton((any P).self, tag: .t)`: the declaration a fix suggests.
        static func declaration(_ key: Key) -> String {
            var arguments = metatype(key)
            if let tag = key.tagDisplay { arguments += ", tag: \(tag.written)" }
            return "singleton(\(arguments))"
        }

        /// A container-owned instance holding a scoped one.
        static func captive(program: Program, holder: Declaration, held: Declaration, through: [Declaration], read: Read) -> Finding {
            let heldLifetime = held.fact.scopeName.map { "scoped(\($0))" } ?? "scoped"
            let from = holder.name
            let between = through.isEmpty ? "" : " through \(through.map(\.name).joined(separator: ", "))"
            var fix = "make \(from) scoped too, or resolve \(held.name) where it is used, through the scope."
            if let via = read.via, through.isEmpty {
                fix =
                    via.moment == .defaultArgument
                    ? "\(via.type) reads it through its default argument `= \(via.form)` (\(program.site(via.origin))): pass \(held.name) from a scoped factory, make \(from) scoped too, or resolve \(held.name) where it is used, through the scope."
                    : "\(via.type) reads it \(how(via.form, via.moment)) (\(program.site(via.origin))): make \(from) scoped too, or read \(held.name) lazily (@LazyWired) where it is used, inside the scope."
            }
            return Finding(
                location: read.location,
                headline:
                    "\(from) (\(holder.lifetime)) depends on \(held.name) (\(heldLifetime))\(between), which exists only inside a scope: resolving \(from) throws.",
                fix: fix)
        }

        /// A synchronous read, by a factory, of an async registration nothing builds first.
        static func asyncReadByFactory(program: Program, key: Key, consumer: Declaration, provider: Declaration, at location: Location)
            -> Finding
        {
            let name = metatype(key)
            let eager = provider.lifetime == .transient ? "" : " Or make \(key.display) an eagerSingleton, built by startAsync() at launch."
            let fix: String
            if consumer.form == .autowire {
                fix =
                    "autowire resolves \(consumer.name)'s parameters synchronously: declare \(consumer.name) with an async factory instead ({ r async throws in … try await r.resolveAsync(\(name)) … }) and resolve it with resolveAsync.\(eager)"
            } else if consumer.isAsync {
                fix =
                    "\(consumer.name)'s factory is async, and reads it with the synchronous r.resolve: write try await r.resolveAsync(\(name)) there.\(eager)"
            } else {
                fix =
                    "\(consumer.name) resolves it from a synchronous factory: make that factory async ({ r async throws in … try await r.resolveAsync(\(name)) … }) and resolve \(consumer.name) with resolveAsync.\(eager)"
            }
            return Finding(
                location: location, headline: "\(key.display) has an async factory, and it was resolved synchronously before it was built.",
                fix: fix)
        }

        /// A type's synchronous call-site read of an async registration nothing builds first.
        static func asyncReadByType(
            key: Key, owner: String, form: String, moment: CallSiteRead.Moment, stops: Bool, provider: Declaration, at location: Location
        )
            -> Finding
        {
            let eager =
                provider.lifetime == .transient
                ? ""
                : "make it an eagerSingleton and run `try await container.startAsync()` at launch (and in tests), or "
            return Finding(
                location: location,
                headline:
                    "\(key.display) has an async factory, and it was resolved synchronously before it was built: \(owner) reads it \(how(form, moment)), which \(stops ? "stops the program" : "throws").",
                fix: "\(eager)read it where it is used with `try await resolveAsync(\(metatype(key)))`, from an async method.")
        }

        /// A main-actor registration read synchronously where the main actor never runs.
        static func mainActorReadOffMain(key: Key, owner: String, form: String, at location: Location) -> Finding {
            Finding(
                location: location,
                headline:
                    "\(key.display) must be built on the main actor, and it was resolved synchronously from outside the main actor: \(owner) reads it with \(form) in a method that runs off the main actor.",
                fix:
                    "resolve it with `try await resolveAsync(\(metatype(key)))`, which hops to the main actor to build it, or read it from main-actor code."
            )
        }
    }
#endif
