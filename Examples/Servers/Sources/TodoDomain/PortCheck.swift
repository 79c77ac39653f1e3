#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a server could listen on an address now: checked before a server opens its database,
/// so that a busy port stops it with a clear message before it creates or migrates any file.
public enum PortCheck {
    /// Throws ``StartupProblem/portUnavailable(host:port:reason:)`` unless a socket can be bound to
    /// `host:port` now, with the address reuse a server sets; the socket is closed at once. Port 0
    /// (any free port) is always available. Another process may still take the port before the
    /// server binds it: the server's own bind reports that.
    public static func ensureAvailable(host: String, port: Int) throws(StartupProblem) {
        guard port != 0 else { return }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        #if canImport(Glibc) || canImport(Musl)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        // `results` is getaddrinfo's list, valid until freeaddrinfo, which runs when this returns;
        // nothing keeps a pointer into it past that.
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let address = results else {
            throw .portUnavailable(host: host, port: port, reason: String(cString: gai_strerror(status)).lowercased())
        }
        defer { freeaddrinfo(address) }
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { throw .portUnavailable(host: host, port: port, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        if bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 {
            throw .portUnavailable(host: host, port: port, reason: String(cString: strerror(errno)).lowercased())
        }
    }
}
