import NIOCore
import NIOExtras
import NIOHTTP1
import NIOPosix
import Synchronization
import TodoConnections
public import Vapor

/// The Vapor example's HTTP/1.1 server: Vapor's application (its routes, middleware and
/// responder) behind a channel pipeline of the example's own, so that it keeps the promises
/// `todo-server` keeps and Vapor 4.122.3's server cannot, because that server builds each
/// connection's pipeline in a private class with internal handlers:
///
/// - at most ``Configuration/maximumConnections`` connections, idle ones closed first when a new
///   client comes (``AcceptLimit``);
/// - a connection that sends nothing for ``Configuration/idleTimeout`` closed, between requests
///   or in the middle of one, but never while its response is being made or written;
/// - a shutdown that lets each connection finish its request, for at most
///   ``Configuration/shutdownGracePeriod``;
/// - a wrongly framed request answered 400 in the API's JSON, then closed;
/// - a chunked body's trailer fields ignored, where Vapor's decoder asserts there are none (a
///   debug build stopped);
/// - HTTP/1.0 closed after its response unless it asked for keep-alive.
///
/// Requests are handed to Vapor one at a time per connection (NIO's pipelining helper queues
/// the next), with their bodies collected up to ``Configuration/maximumBodySize``; responses are
/// written whole, streamed bodies collected first. Install it with ``use(on:configuration:)``.
public final class TodoHTTPServer: Server {
    /// Where it listens and what it allows.
    public struct Configuration: Sendable {
        /// The address to listen on.
        public var hostname = "127.0.0.1"
        /// The port; 0 takes any free one.
        public var port = 8081
        /// How long a connection may send nothing, between requests or within one, before it is
        /// closed.
        public var idleTimeout: TimeAmount = .seconds(30)
        /// How many connections are kept open at most (see ``AcceptLimit``).
        public var maximumConnections = 512
        /// The largest request body, in bytes; a larger one gets 413.
        public var maximumBodySize = 64 * 1024
        /// How long a shutdown lets connections finish their requests before it closes them.
        public var shutdownGracePeriod: TimeAmount = .seconds(10)

        /// The defaults: 127.0.0.1:8081, 30 s, 512 connections, 64 KiB bodies.
        public init() {}
    }

    private struct State {
        /// The listening channel, kept after shutdown for ``onShutdown``.
        var channel: (any Channel)?
        /// Set while it serves; taken by the shutdown that stops it.
        var quiescing: ServerQuiescingHelper?
        /// The connections, to close those still open when a shutdown's grace period ends.
        var connections: OpenConnections?
        /// Completes when every connection has closed after a shutdown.
        var stopped: EventLoopFuture<Void>?
    }

    private let application: Application
    private let configuration: Configuration
    private let state = Mutex(State())

    private init(application: Application, configuration: Configuration) {
        self.application = application
        self.configuration = configuration
    }

    /// Makes a server for `app` and makes it the app's server: `app.execute()` (Vapor's `serve`
    /// command) and `app.server.start(address:)` start this one.
    @discardableResult
    public static func use(on app: Application, configuration: Configuration) -> TodoHTTPServer {
        let server = TodoHTTPServer(application: app, configuration: configuration)
        // Vapor calls the factory on every `app.server`: it hands out the one instance.
        app.servers.use { _ in server }
        return server
    }

    /// The address it listens on, once started.
    public var localAddress: SocketAddress? { state.withLock { $0.channel?.localAddress } }

    /// Completes when the server has stopped listening (at once if it never started).
    public var onShutdown: EventLoopFuture<Void> {
        state.withLock { $0.channel?.closeFuture } ?? application.eventLoopGroup.any().makeSucceededVoidFuture()
    }

    /// Binds and starts accepting; `address` (from `serve --hostname/--port`) overrides the
    /// configuration's.
    public func start(address: BindAddress?) async throws {
        try await bind(address).get()
    }

    /// Binds and starts accepting, for callers outside async code.
    @available(*, noasync, message: "Use the async start(address:) instead.")
    public func start(address: BindAddress?) throws {
        try bind(address).wait()
    }

    /// Stops accepting, lets each connection finish the request it is in, and waits until all
    /// have closed.
    public func shutdown() async {
        try? await quiesce().get()
    }

    /// Stops the server, for callers outside async code.
    @available(*, noasync, message: "Use the async shutdown() instead.")
    public func shutdown() {
        try? quiesce().wait()
    }

    private func bind(_ address: BindAddress?) -> EventLoopFuture<Void> {
        var host = configuration.hostname
        var port = configuration.port
        switch address {
        case .hostname(let hostname, let requested)?:
            host = hostname ?? host
            port = requested ?? port
        case .unixDomainSocket?:
            return application.eventLoopGroup.any().makeFailedFuture(Abort(.internalServerError, reason: "todo-vapor listens on TCP only"))
        case nil:
            break
        }
        let group = application.eventLoopGroup
        let quiescing = ServerQuiescingHelper(group: group)
        let connections = OpenConnections(maximum: configuration.maximumConnections)
        let (application, configuration) = (self.application, self.configuration)
        // Once per start, as Vapor's server does: the default responder builds the route tree.
        let responder = application.responder.current
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(quiescing.makeServerChannelHandler(channel: channel))
                    try pipeline.addHandler(AcceptLimit(connections))
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            // A client that stops sending part-way through a request still hears its 400.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(QuiesceOnce())
                    try pipeline.addHandler(IdleStateHandler(readTimeout: configuration.idleTimeout))
                    try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: false)
                    try pipeline.addHandler(
                        RequestBridge(
                            application: application,
                            responder: responder,
                            connections: connections,
                            maximumBodySize: configuration.maximumBodySize
                        ))
                }
            }
        return bootstrap.bind(host: host, port: port).map { [host, port] channel in
            self.state.withLock { state in
                state = State(channel: channel, quiescing: quiescing, connections: connections)
            }
            application.logger.notice("Server started on http://\(host):\(channel.localAddress?.port ?? port)")
        }
    }

    /// Asks every connection to close after the request it is in, once; a second call waits for
    /// the first's end.
    private func quiesce() -> EventLoopFuture<Void> {
        let done = application.eventLoopGroup.any().makePromise(of: Void.self)
        let first: (ServerQuiescingHelper, OpenConnections?)? = state.withLock { state in
            if let stopped = state.stopped {
                done.completeWith(stopped)
                return nil
            }
            guard let quiescing = state.quiescing else {
                done.succeed()
                return nil
            }
            state.quiescing = nil
            state.stopped = done.futureResult
            return (quiescing, state.connections)
        }
        // Outside the lock: NIO runs the connections' close handlers from here.
        if let (quiescing, connections) = first {
            quiescing.initiateShutdown(promise: done)
            // A client that trickles a body or stops reading its response would hold the
            // shutdown for ever: past the grace period, what is left is closed.
            let deadline = done.futureResult.eventLoop.scheduleTask(in: configuration.shutdownGracePeriod) { connections?.closeAll() }
            done.futureResult.whenComplete { _ in deadline.cancel() }
        }
        return done.futureResult
    }
}
