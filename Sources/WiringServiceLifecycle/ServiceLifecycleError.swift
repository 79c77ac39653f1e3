#if ServiceLifecycle
    public import Wiring

    /// Why a container's services could not be gathered into a group: names the registration, what
    /// is wrong and the fix, as the core's errors do.
    public struct ServiceLifecycleError: Error, CustomStringConvertible {
        /// The registration at fault, as messages name it (`HTTPServer`, `Worker tagged "mail"`).
        public let registration: String
        /// Where it was registered.
        public let site: SourceLocation
        /// What is wrong.
        public let problem: String
        /// How to fix it.
        public let fix: String

        /// The three-part message: what, where, and the fix.
        public var description: String {
            "Wiring: \(registration) (registered at \(site)) \(problem)\nTo fix: \(fix)"
        }
    }
#endif
