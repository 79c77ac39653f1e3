import NIOCore
import NIOHTTP1

/// Closes an HTTP/1.0 connection after its response unless the client asked to keep it
/// (`Connection: keep-alive`), as RFC 9112 §9.3 says.
///
/// Hummingbird's HTTP/1 channel turns each request into a swift-http-types request, which has no
/// version, and keeps the connection open unless the request says `Connection: close`. This
/// handler runs on the HTTP/1 request just decoded, before that conversion, and says it for an
/// HTTP/1.0 request that did not ask for keep-alive.
final class HTTP10ConnectionClose: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), head.version == .http1_0, !head.isKeepAlive else {
            return context.fireChannelRead(data)
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}

/// Puts an ``HTTP10ConnectionClose`` right after the HTTP/1 request decoder. Hummingbird adds its
/// additional channel handlers after the swift-http-types conversion, where the version is gone,
/// so this one, added there, places the other where the version is still known. It then passes
/// every read on as it is (NIO requires a handler to be inbound or outbound).
final class HTTP10ConnectionCloseInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        guard let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) else { return }
        try? pipeline.addHandler(HTTP10ConnectionClose(), position: .after(decoder))
    }
}
