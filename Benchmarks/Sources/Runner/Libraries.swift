import BenchModel
import DIContainerBench
import DIKitBench
import DependenciesBench
import DipBench
import ImposeBench
import ManualBench
import SwinjectBench
import WiringBench
import WiringSwinjectBench
import WiringTracedBench

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
        ("swinject", SwinjectSubject.self),
        ("swift-dependencies", DependenciesSubject.self),
    ]
}

/// The scenarios a child process can run.
let scenarioNames = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"]

func subjectType(named name: String) -> (any BenchSubject.Type)? {
    libraries.first { $0.name == name }?.subject
}
