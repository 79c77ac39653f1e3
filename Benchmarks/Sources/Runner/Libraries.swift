import BenchModel
import DIContainerBench
import DIKitBench
import DipBench
import ImposeBench
import ManualBench
import WiringBench
import WiringSwinjectBench
import WiringTracedBench

#if Peers
    import DependenciesBench
    import SwinjectBench
#endif

/// The libraries in table order: the baseline first, then Wiring, its facades and the peers.
var libraries: [(name: String, subject: any BenchSubject.Type)] {
    [
        ("manual", ManualSubject.self),
        ("wiring", WiringSubject.self),
        ("wiring-traced", TracedWiringSubject.self),
        ("wiring-impose", ImposeSubject.self),
        ("wiring-dicontainer", DIContainerSubject.self),
        ("wiring-dip", DipSubject.self),
        ("wiring-dikit", DIKitSubject.self),
        ("wiring-swinject", WiringSwinjectSubject.self),
    ] + peers
}

#if Peers
    /// The peers, built with the Peers trait (on by default).
    var peers: [(name: String, subject: any BenchSubject.Type)] {
        [("swinject", SwinjectSubject.self), ("swift-dependencies", DependenciesSubject.self)]
    }
#else
    /// Built without the Peers trait (`--disable-default-traits`, as CI's threshold check is).
    var peers: [(name: String, subject: any BenchSubject.Type)] { [] }
#endif

/// The peers' names, whether or not this build has them, for the usage error that says how to
/// build them.
let peerNames = ["swinject", "swift-dependencies"]

/// The scenarios a child process can run.
let scenarioNames = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10"]

func subjectType(named name: String) -> (any BenchSubject.Type)? {
    libraries.first { $0.name == name }?.subject
}
