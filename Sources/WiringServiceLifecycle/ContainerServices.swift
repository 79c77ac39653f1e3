#if ServiceLifecycle
    public import ServiceLifecycle
    public import Wiring

    extension Container {
        /// Builds the container's long-running services and returns them in dependency order: each
        /// after every service it depends on, directly or through other registrations.
        ///
        /// The services are the registrations of this container whose registered type conforms to
        /// swift-service-lifecycle's `Service`, and those marked with
        /// ``Wiring/Registration/runsAsService(_:)``. They are resolved (async factories awaited)
        /// in registration order, and ordered by when their instances were built
        /// (`RegistrationInfo.creationOrder`): an instance is cached only after everything
        /// its factory resolved, so a dependency always comes first. Instances built earlier, by
        /// `start()` or a resolve, keep the order in which they were built.
        ///
        /// - Throws: ``ServiceLifecycleError`` for a service registration whose lifetime is not
        ///   `.singleton` or `.eagerSingleton` (the group would run an instance no one else holds),
        ///   or that takes runtime arguments; otherwise what resolving a service threw.
        public func services() async throws -> [any Service] {
            let roster = ServiceRoster.existing(in: self)
            let marked = roster?.all ?? []
            var candidates: [(info: RegistrationInfo, build: @Sendable (Container) async throws -> any Service)] = []
            for info in registrations where !info.isForwarded {
                let mark = marked.first { ObjectIdentifier($0.type) == ObjectIdentifier(info.type) && $0.tag == info.sendableTag }
                let service = info.type as? any Service.Type
                guard mark != nil || service != nil else { continue }
                try Self.checkServiceRegistration(info)
                if let mark {
                    candidates.append((info, mark.build))
                } else if let service {
                    let tag = info.tag
                    candidates.append((info, { container in try await container.resolveService(service, tag: tag) }))
                }
            }
            var built: [(key: String, service: any Service)] = []
            for candidate in candidates {
                built.append((candidate.info.description, try await candidate.build(self)))
            }
            // Read the creation order after every build: a later build may have built an earlier
            // candidate's dependency, but never re-built an instance already cached.
            let order = Dictionary(
                registrations.map { ($0.description, $0.creationOrder ?? .max) },
                uniquingKeysWith: { first, _ in first }
            )
            var seen = Set<ObjectIdentifier>()
            return built.enumerated()
                .sorted { (order[$0.element.key] ?? .max, $0.offset) < (order[$1.element.key] ?? .max, $1.offset) }
                .map(\.element.service)
                .filter { service in
                    // One instance registered under two keys runs once.
                    guard type(of: service) is AnyObject.Type else { return true }
                    return seen.insert(ObjectIdentifier(service as AnyObject)).inserted
                }
        }

        private func resolveService<S: Service>(_ type: S.Type, tag: (any Hashable & Sendable)?) async throws -> any Service {
            try await resolveAsync(S.self, tag: tag)
        }

        private static func checkServiceRegistration(_ info: RegistrationInfo) throws {
            if info.arguments != nil {
                throw ServiceLifecycleError(
                    registration: info.description,
                    site: info.site,
                    problem: "is a service that takes runtime arguments, so the service group cannot build it.",
                    fix: "register the service without arguments, or remove its Service conformance and run it yourself."
                )
            }
            guard info.lifetime == .singleton || info.lifetime == .eagerSingleton else {
                throw ServiceLifecycleError(
                    registration: info.description,
                    site: info.site,
                    problem:
                        "is a service registered as \(info.lifetime): the group would run an instance that its dependents never see.",
                    fix:
                        "register it with lifetime: .singleton (or .eagerSingleton), so that the instance that runs is the one that is shared."
                )
            }
        }
    }

    extension RegistrationInfo {
        var sendableTag: AnyHashableSendable? { tag.map(AnyHashableSendable.init) }
    }
#endif
