import CorpusActorMainActorMethod
import CorpusActorSingletons
import CorpusAsyncChain
import CorpusAsyncForwarded
import CorpusBackendTags
import CorpusBareProtocol
import CorpusChildContainer
import CorpusConditionalModule
import CorpusContributions
import CorpusCustomWrapper
import CorpusDebugBranchReads
import CorpusDebugMockOrLive
import CorpusDecoratorsAndHooks
import CorpusDefaultArgumentNotUsed
import CorpusDependencyClient
import CorpusDiamondModules
import CorpusDirectRegistration
import CorpusEagerAsyncStart
import CorpusEquatableModule
import CorpusExistentialTypealias
import CorpusForwardingMany
import CorpusGenericModule
import CorpusInheritedInit
import CorpusLazyRouter
import CorpusLazyWiredCycle
import CorpusLocalTypes
import CorpusMemberwiseDefault
import CorpusModuleInAppTarget
import CorpusNamespacedTypes
import CorpusNestedConfig
import CorpusNestedScopes
import CorpusNonisolatedInMainActorModule
import CorpusObservableViewModels
import CorpusOptionalServices
import CorpusOverridesInApp
import CorpusPreviewContainer
import CorpusRequestScope
import CorpusRuntimeArguments
import CorpusSameNameAcrossTargets
import CorpusScreenScope
import CorpusShadowing
import CorpusSharedCaseTags
import CorpusSplitModule
import CorpusWeakAndGraph
// One test per program of the corpus: each runs the program, which installs its modules,
// resolves its roots, checks what they do and validates its wiring (throwing on any mistake).
import Testing

@Suite("The graph-check corpus: correct programs run correctly")
struct CorpusTests {
    @Test func actorMainActorMethod() async throws {
        try await CorpusActorMainActorMethod.CorpusProgram.run()
    }

    @Test func actorSingletons() async throws {
        try await CorpusActorSingletons.CorpusProgram.run()
    }

    @Test func asyncChain() async throws {
        try await CorpusAsyncChain.CorpusProgram.run()
    }

    @Test func asyncForwarded() async throws {
        try await CorpusAsyncForwarded.CorpusProgram.run()
    }

    @Test func backendTags() async throws {
        try await CorpusBackendTags.CorpusProgram.run()
    }

    @Test func bareProtocol() async throws {
        try await CorpusBareProtocol.CorpusProgram.run()
    }

    @Test func childContainer() async throws {
        try await CorpusChildContainer.CorpusProgram.run()
    }

    @Test func conditionalModule() async throws {
        try await CorpusConditionalModule.CorpusProgram.run()
    }

    @Test func contributions() async throws {
        try await CorpusContributions.CorpusProgram.run()
    }

    @Test func customWrapper() async throws {
        try await CorpusCustomWrapper.CorpusProgram.run()
    }

    @Test func debugBranchReads() async throws {
        try await CorpusDebugBranchReads.CorpusProgram.run()
    }

    @Test func debugMockOrLive() async throws {
        try await CorpusDebugMockOrLive.CorpusProgram.run()
    }

    @Test func decoratorsAndHooks() async throws {
        try await CorpusDecoratorsAndHooks.CorpusProgram.run()
    }

    @Test func defaultArgumentNotUsed() async throws {
        try await CorpusDefaultArgumentNotUsed.CorpusProgram.run()
    }

    @Test func dependencyClient() async throws {
        try await CorpusDependencyClient.CorpusProgram.run()
    }

    @Test func diamondModules() async throws {
        try await CorpusDiamondModules.CorpusProgram.run()
    }

    @Test func directRegistration() async throws {
        try await CorpusDirectRegistration.CorpusProgram.run()
    }

    @Test func eagerAsyncStart() async throws {
        try await CorpusEagerAsyncStart.CorpusProgram.run()
    }

    @Test func equatableModule() async throws {
        try await CorpusEquatableModule.CorpusProgram.run()
    }

    @Test func existentialTypealias() async throws {
        try await CorpusExistentialTypealias.CorpusProgram.run()
    }

    @Test func forwardingMany() async throws {
        try await CorpusForwardingMany.CorpusProgram.run()
    }

    @Test func genericModule() async throws {
        try await CorpusGenericModule.CorpusProgram.run()
    }

    @Test func inheritedInit() async throws {
        try await CorpusInheritedInit.CorpusProgram.run()
    }

    @Test func lazyRouter() async throws {
        try await CorpusLazyRouter.CorpusProgram.run()
    }

    @Test func lazyWiredCycle() async throws {
        try await CorpusLazyWiredCycle.CorpusProgram.run()
    }

    @Test func localTypes() async throws {
        try await CorpusLocalTypes.CorpusProgram.run()
    }

    @Test func memberwiseDefault() async throws {
        try await CorpusMemberwiseDefault.CorpusProgram.run()
    }

    @Test func moduleInAppTarget() async throws {
        try await CorpusModuleInAppTarget.CorpusProgram.run()
    }

    @Test func namespacedTypes() async throws {
        try await CorpusNamespacedTypes.CorpusProgram.run()
    }

    @Test func nestedConfig() async throws {
        try await CorpusNestedConfig.CorpusProgram.run()
    }

    @Test func nestedScopes() async throws {
        try await CorpusNestedScopes.CorpusProgram.run()
    }

    @Test func nonisolatedInMainActorModule() async throws {
        try await CorpusNonisolatedInMainActorModule.CorpusProgram.run()
    }

    @Test func observableViewModels() async throws {
        try await CorpusObservableViewModels.CorpusProgram.run()
    }

    @Test func optionalServices() async throws {
        try await CorpusOptionalServices.CorpusProgram.run()
    }

    @Test func overridesInApp() async throws {
        try await CorpusOverridesInApp.CorpusProgram.run()
    }

    @Test func previewContainer() async throws {
        try await CorpusPreviewContainer.CorpusProgram.run()
    }

    @Test func requestScope() async throws {
        try await CorpusRequestScope.CorpusProgram.run()
    }

    @Test func runtimeArguments() async throws {
        try await CorpusRuntimeArguments.CorpusProgram.run()
    }

    @Test func sameNameAcrossTargets() async throws {
        try await CorpusSameNameAcrossTargets.CorpusProgram.run()
    }

    @Test func screenScope() async throws {
        try await CorpusScreenScope.CorpusProgram.run()
    }

    @Test func shadowing() async throws {
        try await CorpusShadowing.CorpusProgram.run()
    }

    @Test func sharedCaseTags() async throws {
        try await CorpusSharedCaseTags.CorpusProgram.run()
    }

    @Test func splitModule() async throws {
        try await CorpusSplitModule.CorpusProgram.run()
    }

    @Test func weakAndGraph() async throws {
        try await CorpusWeakAndGraph.CorpusProgram.run()
    }
}
