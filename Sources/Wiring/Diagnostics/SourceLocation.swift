/// A place in the user's source code: where a registration was made or a resolve was called.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The `#fileID` of the call, such as `MyApp/AppContainer.swift`.
    public let fileID: String
    /// The `#line` of the call.
    public let line: Int

    /// Creates a source location.
    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    @usableFromInline
    init(_ fileID: StaticString, _ line: UInt) {
        self.fileID = fileID.description
        self.line = Int(line)
    }

    /// `MyApp/AppContainer.swift:12`.
    public var description: String { "\(fileID):\(line)" }
}
