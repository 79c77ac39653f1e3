import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to the server that sends exactly the bytes a test gives it, whether or not
/// they make a valid request: for clients that are slow, stall, or frame a body wrongly, which
/// an HTTP client library will not do.
public final class RawConnection {
    private let socket: Int32

    /// Connects to 127.0.0.1:`port`.
    public init(port: Int) throws {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw RawConnectionError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            // Safe: sockaddr_in is layout-compatible with the sockaddr prefix connect() reads,
            // and the pointer lives for the call.
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw RawConnectionError("connect() failed: errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends `text` as it is.
    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw RawConnectionError("write() failed: errno \(errno)") }
            sent += count
        }
    }

    /// Closes the sending side: the server reads the end of the stream.
    public func finishSending() {
        shutdown(socket, Int32(SHUT_WR))
    }

    /// What one read returns: bytes, the end of the stream, or a failure.
    private enum Chunk {
        case bytes(ArraySlice<UInt8>)
        case closed
        case failed(Int32)
    }

    /// The next read, or `nil` if nothing arrives before `deadline`. Waits by sleeping, not by
    /// blocking its thread: the test and the server share the cooperative pool, two threads on
    /// two cores, and a blocked thread starves the server's handlers.
    private func nextChunk(before deadline: ContinuousClock.Instant) async throws -> Chunk? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) >= 0 else { return .failed(errno) }
            if poller.revents == 0 {
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failed(errno) }
            return count == 0 ? .closed : .bytes(buffer[..<count])
        }
        return nil
    }

    /// What the server sends until it closes the connection, or `nil` if it has not closed it
    /// within `timeout`.
    public func readUntilClosed(timeout: Duration) async throws -> String? {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        while let chunk = try await nextChunk(before: deadline) {
            switch chunk {
            case .bytes(let bytes): received += bytes
            case .closed: return String(decoding: received, as: UTF8.self)
            case .failed(let code): return String(decoding: received, as: UTF8.self) + "[read failed: errno \(code)]"
            }
        }
        return nil
    }

    /// The first bytes the server sends (one read's worth, enough for a short response), or
    /// `nil` if nothing arrives within `timeout` or the server closes the connection first.
    public func readSome(timeout: Duration) async throws -> String? {
        guard case .bytes(let bytes) = try await nextChunk(before: ContinuousClock.now + timeout) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The status code of the first response in `text` (`HTTP/1.1 400 Bad Request` → 400).
    public static func status(of text: String) -> Int? {
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }
}

public struct RawConnectionError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String
    init(_ description: String) { self.description = description }
}
