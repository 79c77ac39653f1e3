import Foundation
import Testing
import WiringTesting

// The code of the DocC article "WiringTesting" (the overview, Sources/WiringTesting/
// Documentation.docc/WiringTesting.md), compiled and run. `DocSnippetTests` checks that every
// Swift block of the article appears here verbatim.
//
// The article's `AppModule` and `Greeter` are not those of Fixtures.swift (its greeting is a
// `String` that depends on a `Clock`), so its types are nested in the suite.

@Suite("The WiringTesting overview article")
struct CatalogSnippets {
    /// The app's clock: the current hour.
    class Clock {
        var hour: Int { Calendar.current.component(.hour, from: Date()) }
    }

    /// A clock stopped at one hour, for tests.
    final class FixedClock: Clock {
        private let fixedHour: Int
        init(hour: Int) { fixedHour = hour }
        override var hour: Int { fixedHour }
    }

    struct Greeter {
        @Wired var clock: Clock
        var greeting: String { clock.hour < 12 ? "Good morning" : "Good afternoon" }
    }

    struct AppModule: Module {
        var registrations: Registrations {
            transient { Clock() }
        }
    }

    @Test(.isolatedContainer(installing: AppModule()) { $0.register(Clock.self) { _ in FixedClock(hour: 9) } })
    func greetsInTheMorning() {
        #expect(Greeter().greeting == "Good morning")
    }

    @Test(.isolatedContainer(installing: AppModule()) { $0.register(Clock.self) { _ in FixedClock(hour: 15) } })
    func greetsInTheAfternoon() {
        #expect(Greeter().greeting == "Good afternoon")
    }

    @Test(
        "a test without overrides gets the app's clock: the other tests' overrides do not reach it",
        .isolatedContainer(installing: AppModule()))
    func usesTheAppsClock() {
        #expect(!(Greeter().clock is FixedClock))
    }
}
