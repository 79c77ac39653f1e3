/// Shape: two singletons that need each other. The job scheduler's factory reads the worker
/// pool; the worker pool holds `let scheduler = LazyWired<JobScheduler>()` and calls
/// `scheduler()` only when a job finishes.
///
/// Why it is correct: `LazyWired` resolves on first read, not when the pool is made; the pool is
/// made (inside the scheduler's factory) without reading it, and by the time a job finishes
/// both singletons exist. The loop is in the object graph, not in construction: the
/// documentation's way to break a cycle.
import Wiring

struct CorpusFailure: Error {
    let message: String
}

final class WorkerPool: Sendable {
    let size: Int
    let scheduler = LazyWired<JobScheduler>()

    init(size: Int) {
        self.size = size
    }

    func run(_ job: String) -> String {
        "\(job) done; next: \(scheduler().next() ?? "none")"
    }
}

final class JobScheduler: Sendable {
    let workers: WorkerPool
    private let queue: [String]

    init(workers: WorkerPool, queue: [String]) {
        self.workers = workers
        self.queue = queue
    }

    func next() -> String? { queue.first }

    func start() -> String { workers.run("bootstrap") }
}

struct JobsModule: Module {
    var registrations: Registrations {
        singleton { WorkerPool(size: 4) }
        singleton { r in JobScheduler(workers: try r.resolve(), queue: ["reindex", "email"]) }
    }
}

public enum CorpusProgram {
    public static func run() async throws {
        let container = Container()
        try container.install(JobsModule())

        let scheduler = try container.resolve(JobScheduler.self)
        guard scheduler.start() == "bootstrap done; next: reindex" else {
            throw CorpusFailure(message: "the pool answered \(scheduler.start())")
        }
        guard try container.resolve(WorkerPool.self).scheduler() === scheduler else {
            throw CorpusFailure(message: "the lazy read found another scheduler")
        }

        let report = await Container.validate(modules: [JobsModule()], options: ValidationOptions(dryRun: true))
        if !report.isValid { throw CorpusFailure(message: "\(report)") }
    }
}
