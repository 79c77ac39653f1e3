/// How messages name a type: fully qualified, so that `Outer1.Svc` and `Outer2.Svc` differ,
/// with `any` for existentials (`any App.PrinterProtocol`), which `String(reflecting:)` omits.
func displayName(of type: Any.Type) -> String {
    let name = String(reflecting: type)
    if let mangled = _mangledTypeName(type), mangled.hasSuffix("_p"), !name.hasPrefix("any ") {
        return "any \(name)"
    }
    return name
}

/// How to write the metatype of a type named `name`: `App.Settings.self`, `(any App.Printer).self`.
func metatypeExpression(_ name: String) -> String {
    name.hasPrefix("any ") ? "(\(name)).self" : "\(name).self"
}
