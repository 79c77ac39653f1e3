import NIOCore
import TodoConnections

/// Keeps at most `maximum` connections open without locking a new client out behind idle ones,
/// as `todo-server`'s limit does: a connection accepted at the limit has the connection idle
/// the longest closed for it at once; if every connection is in a request, the first to write
/// its response is closed instead. Meanwhile the server channel stops reading, so further clients
/// wait in the kernel's accept queue. It sits on the server channel, whose reads are accepted
/// connections; all its state is touched on that channel's event loop.
final class AcceptLimit: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel
    typealias OutboundIn = Never
    typealias OutboundOut = Never

    private let maximum: Int
    private let connections: OpenConnections
    private var count = 0
    /// Whether a read was held back at the limit, to be passed on when a connection closes.
    private var readHeld = false

    init(maximum: Int, connections: OpenConnections) {
        self.maximum = maximum
        self.connections = connections
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let channel = unwrapInboundIn(data)
        count += 1
        if count > maximum { connections.shedLongestIdle() }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        channel.closeFuture.hop(to: context.eventLoop).whenComplete { _ in
            let (handler, context) = bound.value
            handler.count -= 1
            guard handler.count <= handler.maximum else { return }
            handler.connections.noConnectionWaits()
            if handler.readHeld {
                handler.readHeld = false
                context.read()
            }
        }
        context.fireChannelRead(data)
    }

    func read(context: ChannelHandlerContext) {
        guard count <= maximum else {
            readHeld = true
            return
        }
        context.read()
    }
}
