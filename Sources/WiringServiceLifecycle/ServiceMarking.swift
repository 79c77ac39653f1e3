#if ServiceLifecycle
    import ServiceLifecycle
    public import Wiring

    extension Registration where T: Sendable {
        /// Runs the registration's instance as a long-running service of the container's
        /// ``Wiring/Container/serviceGroup(logger:gracefulShutdownSignals:cancellationSignals:maximumGracefulShutdownDuration:)``,
        /// for a type that does not conform to swift-service-lifecycle's `Service` (one that does is
        /// found without this):
        ///
        /// ```swift
        /// container.register(MailQueue.self, lifetime: .singleton) { _ in MailQueue() }
        ///     .runsAsService { queue in try await queue.drainForever() }
        /// ```
        ///
        /// `run` is the service's `run()`: it should return when the group shuts down gracefully
        /// (see swift-service-lifecycle's `gracefulShutdown()` and `cancelOnGracefulShutdown`) and
        /// when its task is cancelled. The registration must be a `.singleton` or
        /// `.eagerSingleton`, so that the instance the service runs is the one its dependents get.
        @discardableResult
        public func runsAsService(_ run: @escaping @Sendable (T) async throws -> Void) -> Registration<T> {
            ServiceRoster.of(container).mark(type: T.self, tag: tag) { container in
                let instance = try await container.resolveAsync(T.self, tag: tag)
                return ClosureBackedService(instance: instance, run: run)
            }
            return self
        }
    }

    /// The registrations a container's `runsAsService` marked, kept in the container itself as an
    /// instance registration, so that they live and die with it.
    final class ServiceRoster: Sendable {
        struct Marked: Sendable {
            let type: Any.Type
            let tag: AnyHashableSendable?
            let build: @Sendable (Container) async throws -> any Service
        }

        private let marked = Lock<[Marked]>([])

        var all: [Marked] { marked.withLock { $0 } }

        func mark(
            type: Any.Type,
            tag: (any Hashable & Sendable)?,
            build: @escaping @Sendable (Container) async throws -> any Service
        ) {
            marked.withLock { $0.append(Marked(type: type, tag: tag.map(AnyHashableSendable.init), build: build)) }
        }

        /// The roster of `container`, if anything in it was marked.
        static func existing(in container: Container) -> ServiceRoster? {
            guard container.registrations.contains(where: { $0.type == ServiceRoster.self }) else { return nil }
            return try? container.resolve(ServiceRoster.self, tag: RosterTag())
        }

        /// The container's own roster (not a parent's), registered on first use under a tag of
        /// its own.
        static func of(_ container: Container) -> ServiceRoster {
            if let roster = existing(in: container) { return roster }
            let roster = ServiceRoster()
            // The library's own bookkeeping: never reported to the user as unreachable.
            container.register(ServiceRoster.self, tag: RosterTag(), instance: roster).validatedAsRoot()
            return roster
        }
    }

    /// The tag the roster is registered under.
    struct RosterTag: Hashable, Sendable {}

    /// A tag as a `Hashable` value that is `Sendable`. `@unchecked`: it is only made from an
    /// `any Hashable & Sendable` value, so the `AnyHashable` it wraps holds a `Sendable` value.
    struct AnyHashableSendable: Hashable, @unchecked Sendable {
        let base: AnyHashable

        init(_ value: any Hashable & Sendable) { base = AnyHashable(value) }
    }

    /// A marked instance with the closure that runs it.
    struct ClosureBackedService<Instance: Sendable>: Service, CustomStringConvertible {
        let instance: Instance
        let run: @Sendable (Instance) async throws -> Void

        func run() async throws { try await run(instance) }

        var description: String { "\(Instance.self)" }
    }
#endif
