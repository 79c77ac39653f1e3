import NIOCore
import NIOHTTP1
import TodoConnections
import TodoDomain
import Vapor

/// Hands each HTTP/1 request of a connection to Vapor's responder and writes its response: the
/// part of ``TodoHTTPServer`` that Vapor's own server keeps internal. NIO's pipelining helper
/// before it passes one request at a time and answers `ChannelShouldQuiesceEvent` (closing the
/// connection at once if it is idle, after its response otherwise). All its state is touched on
/// the connection's event loop.
final class RequestBridge: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        /// Between requests.
        case idle
        /// A request's head has arrived, and this much of its body (`nil` past the limit).
        case receiving(HTTPRequestHead, body: ByteBuffer?, tooLarge: Bool)
        /// Vapor is making the response, or it is being written.
        case responding
    }

    private let application: Application
    private let responder: any Responder
    private let connections: OpenConnections
    private let maximumBodySize: Int
    private var state = State.idle
    /// Whether the client has stopped sending: the connection closes once its response is written.
    private var inputClosed = false

    init(application: Application, responder: any Responder, connections: OpenConnections, maximumBodySize: Int) {
        self.application = application
        self.responder = responder
        self.connections = connections
        self.maximumBodySize = maximumBodySize
    }

    func handlerAdded(context: ChannelHandlerContext) {
        connections.opened(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connections.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), state) {
        case (.head(let head), .idle):
            connections.requestStarted(on: context.channel)
            state = .receiving(head, body: nil, tooLarge: false)
        case (.body(var chunk), .receiving(let head, var body, var tooLarge)):
            // A body past the limit is read to its end and dropped, then refused: a response
            // before the request's end would break the pipelining helper's order.
            if !tooLarge {
                if (body?.readableBytes ?? 0) + chunk.readableBytes > maximumBodySize {
                    (body, tooLarge) = (nil, true)
                } else if body == nil {
                    body = chunk
                } else {
                    body?.writeBuffer(&chunk)
                }
            }
            state = .receiving(head, body: body, tooLarge: tooLarge)
        case (.end, .receiving(let head, let body, let tooLarge)):
            // Trailer fields, if the body had any, are ignored.
            state = .responding
            if tooLarge {
                write(
                    JSONErrorMiddleware.response(status: .payloadTooLarge, message: Input.bodyTooLargeMessage), for: head, context: context)
            } else {
                respond(to: head, body: body, context: context)
            }
        default:
            // The pipelining helper passes nothing else on while a response is pending.
            break
        }
    }

    private func respond(to head: HTTPRequestHead, body: ByteBuffer?, context: ChannelHandlerContext) {
        let request = Request(
            application: application,
            method: head.method,
            url: URI(path: head.uri),
            version: head.version,
            headersNoUpdate: head.headers,
            collectedBody: body,
            remoteAddress: context.channel.remoteAddress,
            logger: application.logger,
            byteBufferAllocator: context.channel.allocator,
            on: context.eventLoop
        )
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        responder.respond(to: request)
            .flatMapError { error in
                // The JSON errors middleware answers every error a route throws; this is for
                // one thrown around it.
                request.eventLoop.makeSucceededFuture(JSONErrorMiddleware.response(for: error, request: request))
            }
            .hop(to: context.eventLoop)
            .whenSuccess { response in
                let (handler, context) = bound.value
                handler.write(response, for: head, context: context)
            }
    }

    /// Writes `response` whole (a streamed body is collected first), then ends the request:
    /// the connection is idle again, or closed if either side asked.
    private func write(_ response: Response, for head: HTTPRequestHead, context: ChannelHandlerContext) {
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        response.body.collect(on: context.eventLoop).whenComplete { collected in
            let (handler, context) = bound.value
            guard case .success(let body) = collected else {
                // A streamed body failed half-way: nothing sensible can be sent.
                context.close(promise: nil)
                return
            }
            let keepAlive = head.isKeepAlive && !response.headers[.connection].contains { $0.lowercased() == "close" }
            // 1xx, 204 and 304 have no body (RFC 9110 §6.4.1); HEAD has the GET's headers only.
            let bodiless = response.status.code < 200 || response.status == .noContent || response.status == .notModified
            var headers = response.headers
            headers.remove(name: .transferEncoding)
            if bodiless {
                headers.remove(name: .contentLength)
            } else {
                headers.replaceOrAdd(name: .contentLength, value: "\(body?.readableBytes ?? 0)")
            }
            headers.replaceOrAdd(name: .connection, value: keepAlive ? "keep-alive" : "close")
            if !headers.contains(name: .date) { headers.add(name: .date, value: HTTPDate.now()) }
            handler.writeResponse(
                HTTPResponseHead(version: .http1_1, status: response.status, headers: headers),
                body: bodiless || head.method == .HEAD ? nil : body, context: context)
            // Idle again before the end is written: writing it lets NIO's pipelining helper pass
            // on the next request at once, which must find this handler ready for it.
            handler.state = .idle
            handler.connections.requestEnded(on: context.channel)
            context.writeAndFlush(handler.wrapOutboundOut(.end(nil))).whenComplete { _ in
                let (handler, context) = bound.value
                if !keepAlive || (handler.inputClosed && !handler.isResponding) { context.close(promise: nil) }
            }
        }
    }

    /// Writes a response's head and its body, if any; the caller writes the end.
    private func writeResponse(_ head: HTTPResponseHead, body: ByteBuffer?, context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body, body.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case IdleStateHandler.IdleStateEvent.read:
            // Nothing arrived for the idle timeout: between requests or within one, but never
            // while its response is being made or written.
            if !isResponding { context.close(promise: nil) }
        case ChannelEvent.inputClosed:
            // The client will send no more (a request cut short has had its 400 by now).
            inputClosed = true
            if !isResponding { context.close(promise: nil) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request NIO could not parse (a bad chunk size, a body short of its length) is the
        // client's fault: a 400 in the API's JSON, then the connection closes. It must be written
        // now: the decoder closes the channel when this returns. Not when the connection is
        // already closing (NIO's pipelining helper closed it to quiesce, and the decoder then
        // found half a request), nor while a response is under way: that one is flushed first.
        guard error is HTTPParserError, context.channel.isActive, !isResponding else {
            context.flush()
            context.close(promise: nil)
            return
        }
        state = .responding
        let response = JSONErrorMiddleware.response(status: .badRequest, message: "the request is malformed")
        let body = response.body.buffer ?? ByteBuffer()
        var headers = response.headers
        headers.replaceOrAdd(name: .connection, value: "close")
        headers.replaceOrAdd(name: .contentLength, value: "\(body.readableBytes)")
        headers.replaceOrAdd(name: .date, value: HTTPDate.now())
        writeResponse(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers), body: body, context: context)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(promise: nil)
    }

    private var isResponding: Bool {
        if case .responding = state { return true }
        return false
    }
}
