#if ServiceLifecycle
    import Logging
    import ServiceLifecycle
    import Wiring

    /// Makes a list of services start in order and stop in reverse order, whether the group shuts
    /// down gracefully or is cancelled.
    ///
    /// - Start: service `i` is run only after service `i - 1` has been run. (A service has no way to
    ///   say it is ready, so "started" means its `run()` was called.)
    /// - Graceful shutdown: `ServiceGroup` already signals services in reverse order, waiting for
    ///   each to return before signalling the next.
    /// - Cancellation: `ServiceGroup` cancels every service at once. Each service here runs in a
    ///   task of its own that is cancelled only once every later service has returned.
    final class OrderedStartStop: Sendable {
        private struct State {
            /// How many services have been run, in order.
            var started = 0
            /// Services waiting for their turn to start.
            var startWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
            /// Services whose turn to start was cancelled before it came.
            var cancelledBeforeStart: Set<Int> = []
            /// Services that have returned or thrown (or never started).
            var finished: Set<Int> = []
            /// Services cancelled while later ones still run: cancelled when those have returned.
            var pendingCancellations: [Int: Task<Void, any Error>] = [:]
        }

        let names: [String]
        let logger: Logger
        private let state = Lock(State())

        init(names: [String], logger: Logger) {
            self.names = names
            self.logger = logger
        }

        /// Runs service `index` in its turn, and reports when it stops.
        func run(_ index: Int, _ service: any Service) async throws {
            guard await waitForTurn(index) else {
                finish(index)
                return
            }
            // Not a child task: its cancellation is ours to time (see the type's comment). It
            // inherits the task's locals, so the service still sees the group's graceful shutdown.
            let task = Task {
                try await service.run()
            }
            do {
                try await withTaskCancellationHandler {
                    try await task.value
                } onCancel: {
                    cancelAfterLaterServices(index, task)
                }
                logger.info("Service stopped", metadata: ["wiring.service": "\(names[index])"])
                finish(index)
            } catch {
                logger.error("Service failed", metadata: ["wiring.service": "\(names[index])", "error": "\(error)"])
                finish(index)
                throw error
            }
        }

        /// Waits until every earlier service has been run, then marks this one started; `false` if
        /// the task was cancelled first.
        private func waitForTurn(_ index: Int) async -> Bool {
            let ready = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                    let resume: Bool? = state.withLock { state in
                        if state.cancelledBeforeStart.contains(index) { return false }
                        if state.started >= index { return true }
                        state.startWaiters[index] = continuation
                        return nil
                    }
                    if let resume { continuation.resume(returning: resume) }
                }
            } onCancel: {
                let waiter = state.withLock { state in
                    state.cancelledBeforeStart.insert(index)
                    return state.startWaiters.removeValue(forKey: index)
                }
                waiter?.resume(returning: false)
            }
            if ready { logger.info("Service starting", metadata: ["wiring.service": "\(names[index])"]) }
            // The next service's turn comes even if this one was cancelled before its own: it then
            // sees its own cancellation and returns.
            let next = state.withLock { state in
                state.started = max(state.started, index + 1)
                return state.startWaiters.removeValue(forKey: index + 1)
            }
            next?.resume(returning: true)
            return ready
        }

        private func cancelAfterLaterServices(_ index: Int, _ task: Task<Void, any Error>) {
            let cancelNow = state.withLock { state in
                if laterServicesFinished(index, state) { return true }
                state.pendingCancellations[index] = task
                return false
            }
            if cancelNow { task.cancel() }
        }

        private func finish(_ index: Int) {
            let due: [Task<Void, any Error>] = state.withLock { state in
                state.finished.insert(index)
                // The next service down whose later services have all returned is due: it then
                // returns, and its own `finish` releases the one below it.
                var due: [Task<Void, any Error>] = []
                for (pending, task) in state.pendingCancellations where laterServicesFinished(pending, state) {
                    state.pendingCancellations[pending] = nil
                    due.append(task)
                }
                return due
            }
            for task in due { task.cancel() }
        }

        private func laterServicesFinished(_ index: Int, _ state: State) -> Bool {
            (index + 1..<names.count).allSatisfy { state.finished.contains($0) }
        }
    }
#endif
