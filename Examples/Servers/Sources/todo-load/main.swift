import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Synchronization
import TodoDomain
import TodoServer
import TodoVapor
import Vapor
import Wiring
import WiringHummingbird
import WiringLogging
import WiringVapor

// The load test: starts one of the example servers (`--server hummingbird`, the default, or
// `vapor`) on a free loopback port with a new SQLite file, drives it with concurrent requests,
// checks what the request scopes promise, measures what the scope costs against the same
// handler wired by hand, and stops the server.
//
//   swift run -c release --package-path Examples/Servers todo-load [--server vapor] [--requests N] [--concurrency C]
//
// Checks, each failing the run (exit status 1), the same for both servers:
// - no response is an error (every status is 2xx);
// - every response carries an `x-unit-of-work` id, and no id repeats: no request-scoped
//   instance is ever shared between two requests;
// - the scopes opened equal the scopes closed, and the units of work created equal those
//   disposed of;
// - the resident set after the run is within `--rss-budget` MB (default 8) of the one after
//   warm-up.

/// Which example server the load drives.
enum ServerKind: String, ExpressibleByArgument, CaseIterable {
    case hummingbird, vapor
}

/// The command line: `--help` lists it; a mistyped or malformed option is a usage error (exit
/// status 64) before anything starts.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-load",
        abstract:
            "Starts an example server on loopback, drives it with concurrent requests, checks the request scopes, and measures their cost."
    )

    @ArgumentParser.Option(help: "The server to drive: hummingbird (todo-server) or vapor (todo-vapor).")
    var server = ServerKind.hummingbird

    @ArgumentParser.Option(help: "Requests in the measured run (a tenth more warm it up first).")
    var requests = 20_000

    @ArgumentParser.Option(help: "Concurrent requests in flight.")
    var concurrency = 64

    @ArgumentParser.Option(name: .customLong("rss-budget"), help: "How many MB the resident set may grow between warm-up and the end.")
    var rssBudgetMB = 8.0

    func validate() throws {
        guard requests > 0 else { throw ValidationError("--requests must be at least 1, not \(requests).") }
        guard concurrency > 0 else { throw ValidationError("--concurrency must be at least 1, not \(concurrency).") }
        guard rssBudgetMB >= 0 else { throw ValidationError("--rss-budget must not be negative.") }
    }
}

/// The resident set of this process (server and client), from /proc/self/status.
func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    else { return 0 }
    return kilobytes / 1024
}

/// One request of the load.
struct Call: Sendable {
    let method: HTTPMethod
    let path: String
    let body: String?
}

/// What one phase measured.
struct Phase {
    let latencies: [Duration]
    let elapsed: Duration
    let unitsOfWork: [String?]
    let failures: [String]

    func percentile(_ p: Double) -> Duration {
        let sorted = latencies.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    var requestsPerSecond: Double {
        Double(latencies.count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

/// The next request's index, shared by the workers.
final class Counter: Sendable {
    let value = Atomic<Int>(0)
}

/// Sends `count` requests from `concurrency` workers, `call(i)` being the i-th.
func load(
    _ client: HTTPClient,
    base: String,
    count: Int,
    concurrency: Int,
    _ call: @escaping @Sendable (Int) -> Call
) async throws -> Phase {
    let next = Counter()
    let clock = ContinuousClock()
    let start = clock.now
    let results = try await withThrowingTaskGroup(of: [(Duration, String?, String?)].self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                var results: [(Duration, String?, String?)] = []
                while true {
                    let index = next.value.add(1, ordering: .relaxed).oldValue
                    if index >= count { return results }
                    let call = call(index)
                    var request = HTTPClientRequest(url: base + call.path)
                    request.method = call.method
                    if let body = call.body {
                        request.body = .bytes(ByteBuffer(string: body))
                        request.headers.add(name: "content-type", value: "application/json")
                    }
                    let sent = clock.now
                    let response = try await client.execute(request, timeout: .seconds(30))
                    _ = try await response.body.collect(upTo: 1 << 20)
                    let latency = clock.now - sent
                    let failure =
                        (200..<300).contains(response.status.code)
                        ? nil : "\(call.method) \(call.path): \(response.status.code)"
                    results.append((latency, response.headers.first(name: "x-unit-of-work"), failure))
                }
            }
        }
        return try await group.reduce(into: []) { $0 += $1 }
    }
    return Phase(
        latencies: results.map(\.0),
        elapsed: clock.now - start,
        unitsOfWork: results.map(\.1),
        failures: results.compactMap(\.2)
    )
}

func milliseconds(_ duration: Duration) -> String {
    let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.3f ms", ms)
}

/// A server the load drives, started on a free loopback port.
struct Target {
    let port: Int
    let scopes: RequestScopeCounters
    let unitsOfWork: UnitOfWorkStatistics
    /// Stops the server gracefully and returns what went wrong at shutdown.
    let stop: () async throws -> [String]
}

/// todo-server, as `todo-server --port 0` runs it but quieter.
func startHummingbird(databasePath: String) async throws -> Target {
    var configuration = TodoServerConfiguration()
    configuration.port = 0
    configuration.databasePath = databasePath
    configuration.handlesSignals = false
    configuration.logLevel = .warning
    configuration.connections = 8
    let server = try await TodoServer(configuration: configuration)
    let running = Task { try await server.run() }
    return Target(port: await server.port(), scopes: server.scopes, unitsOfWork: server.unitsOfWork) {
        await server.stop()
        try await running.value
        return server.pool.isClosed ? [] : ["the database pool was not closed at shutdown"]
    }
}

/// todo-vapor, as `todo-vapor --port 0` runs it but quieter.
func startVapor(databasePath: String) async throws -> Target {
    var configuration = TodoHTTPServer.Configuration()
    configuration.port = 0
    let running = try await RunningTodoVapor.start(databasePath: databasePath, configuration: configuration)
    let unitsOfWork = try running.app.wiring.resolve(UnitOfWorkStatistics.self)
    return Target(port: running.port, scopes: running.scopes.counters, unitsOfWork: unitsOfWork) {
        try await running.stop()
        return []
    }
}

let options = Options.parseOrExit()
let databasePath = FileManager.default.temporaryDirectory.appendingPathComponent("todo-load-\(UUID().uuidString).sqlite").path
let server =
    switch options.server {
    case .hummingbird: try await startHummingbird(databasePath: databasePath)
    case .vapor: try await startVapor(databasePath: databasePath)
    }
let base = "http://127.0.0.1:\(server.port)"
var clientConfiguration = HTTPClient.Configuration()
clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = options.concurrency
let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
var problems: [String] = []

// Setup: one user per worker, each with one todo.
let setup = try await load(client, base: base, count: options.concurrency, concurrency: options.concurrency) { index in
    Call(method: .POST, path: "/users", body: #"{"name": "user \#(index)"}"#)
}
problems += setup.failures
for user in 1...options.concurrency {
    var request = HTTPClientRequest(url: "\(base)/users/\(user)/todos")
    request.method = .POST
    request.body = .bytes(ByteBuffer(string: #"{"title": "first"}"#))
    _ = try await client.execute(request, timeout: .seconds(30)).body.collect(upTo: 1 << 20)
}

// The mix: create a todo, read one, change one, read a user.
let users = options.concurrency
let mix: @Sendable (Int) -> Call = { index in
    let user = index % users + 1
    switch index % 4 {
    case 0: return Call(method: .POST, path: "/users/\(user)/todos", body: #"{"title": "todo \#(index)"}"#)
    case 1: return Call(method: .GET, path: "/todos/\(user)", body: nil)
    case 2: return Call(method: .PATCH, path: "/todos/\(user)", body: #"{"done": true}"#)
    default: return Call(method: .GET, path: "/users/\(user)", body: nil)
    }
}

let warmUp = try await load(client, base: base, count: max(1_000, options.requests / 10), concurrency: options.concurrency, mix)
problems += warmUp.failures
let rssAfterWarmUp = residentMegabytes()
let run = try await load(client, base: base, count: options.requests, concurrency: options.concurrency, mix)
problems += run.failures
let rssAfterRun = residentMegabytes()

// Uniqueness: every response's unit of work is its own.
let ids = (warmUp.unitsOfWork + run.unitsOfWork)
let missing = ids.filter { $0 == nil }.count
let unique = Set(ids.compactMap { $0 }).count
if missing > 0 { problems.append("\(missing) responses carried no x-unit-of-work header") }
if unique != ids.count - missing {
    problems.append("\(ids.count - missing - unique) responses shared a unit of work with another response")
}

// The overhead of the request scope: the same handler resolved from the scope, and by hand.
let benchCount = max(2_000, options.requests / 2)
var bench: [String: Phase] = [:]
for round in 0..<2 {
    for path in ["/bench/manual", "/bench/wired"] {
        let phase = try await load(client, base: base, count: benchCount, concurrency: options.concurrency) { _ in
            Call(method: .GET, path: path, body: nil)
        }
        problems += phase.failures
        if round == 1 { bench[path] = phase }  // round 0 warms both up
    }
}

try await client.shutdown().get()
// Scopes close after their responses are written: give the last ones a moment.
let deadline = ContinuousClock.now + .seconds(10)
while server.scopes.closed < server.scopes.opened || server.unitsOfWork.disposedTotal < server.unitsOfWork.createdTotal,
    ContinuousClock.now < deadline
{
    try await Task.sleep(for: .milliseconds(10))
}
let (opened, closed) = (server.scopes.opened, server.scopes.closed)
let (created, disposed) = (server.unitsOfWork.createdTotal, server.unitsOfWork.disposedTotal)
if opened != closed { problems.append("scopes: \(opened) opened, \(closed) closed") }
if created != disposed { problems.append("units of work: \(created) created, \(disposed) disposed of") }
let growth = rssAfterRun - rssAfterWarmUp
if growth > options.rssBudgetMB {
    problems.append(String(format: "RSS grew %.1f MB during the run (budget %.1f MB)", growth, options.rssBudgetMB))
}

problems += try await server.stop()
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }

print(
    "todo-load: \(options.server.rawValue), \(options.requests) requests at concurrency \(options.concurrency) (plus \(warmUp.latencies.count) to warm up)"
)
print(
    "  mix (POST todo, GET todo, PATCH todo, GET user): p50 \(milliseconds(run.percentile(0.5))), p99 \(milliseconds(run.percentile(0.99))), "
        + String(format: "%.0f requests/s", run.requestsPerSecond)
)
print(
    "  unique units of work: \(unique) of \(ids.count) responses; scopes opened \(opened), closed \(closed); units of work created \(created), disposed \(disposed)"
)
print(String(format: "  RSS: %.1f MB after warm-up, %.1f MB after the run (%+.1f MB)", rssAfterWarmUp, rssAfterRun, growth))
print("  request-scope overhead, \(benchCount) requests each:")
print("  | handler | p50 | p99 | requests/s |")
print("  |---|---|---|---|")
for path in ["/bench/manual", "/bench/wired"] {
    let phase = bench[path]!
    print(
        "  | \(path == "/bench/manual" ? "wired by hand" : "Wiring request scope") | \(milliseconds(phase.percentile(0.5))) | \(milliseconds(phase.percentile(0.99))) | "
            + String(format: "%.0f |", phase.requestsPerSecond)
    )
}
if problems.isEmpty {
    print("todo-load: all checks passed.")
} else {
    print("todo-load: FAILED:")
    for problem in problems.prefix(20) { print("  - \(problem)") }
    exit(1)
}
