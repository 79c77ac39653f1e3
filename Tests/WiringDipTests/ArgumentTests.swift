import Testing
import WiringDip

@Suite("Runtime arguments")
struct ArgumentTests {
    struct Made: Equatable {
        let text: String
    }

    @Test("factories with 1 to 6 arguments are resolved with the same arguments")
    func oneToSix() throws {
        let container = DependencyContainer()
        container.register { (a: Int) in Made(text: "\(a)") }
        container.register { (a: Int, b: Int) in Made(text: "\(a)\(b)") }
        container.register { (a: Int, b: Int, c: Int) in Made(text: "\(a)\(b)\(c)") }
        container.register { (a: Int, b: Int, c: Int, d: Int) in Made(text: "\(a)\(b)\(c)\(d)") }
        container.register { (a: Int, b: Int, c: Int, d: Int, e: Int) in Made(text: "\(a)\(b)\(c)\(d)\(e)") }
        container.register { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in Made(text: "\(a)\(b)\(c)\(d)\(e)\(f)") }
        #expect(try container.resolve(arguments: 1) as Made == Made(text: "1"))
        #expect(try container.resolve(arguments: 1, 2) as Made == Made(text: "12"))
        #expect(try container.resolve(arguments: 1, 2, 3) as Made == Made(text: "123"))
        #expect(try container.resolve(arguments: 1, 2, 3, 4) as Made == Made(text: "1234"))
        #expect(try container.resolve(arguments: 1, 2, 3, 4, 5) as Made == Made(text: "12345"))
        #expect(try container.resolve(arguments: 1, 2, 3, 4, 5, 6) as Made == Made(text: "123456"))
    }

    @Test("the Any.Type forms take 1 to 6 arguments too")
    func anyTypeForms() throws {
        let container = DependencyContainer()
        container.register { (a: Int) in Made(text: "\(a)") }
        container.register { (a: Int, b: String) in Made(text: "\(a)\(b)") }
        container.register { (a: Int, b: String, c: Int) in Made(text: "\(a)\(b)\(c)") }
        container.register { (a: Int, b: String, c: Int, d: Int) in Made(text: "\(a)\(b)\(c)\(d)") }
        container.register { (a: Int, b: String, c: Int, d: Int, e: Int) in Made(text: "\(a)\(b)\(c)\(d)\(e)") }
        container.register { (a: Int, b: String, c: Int, d: Int, e: Int, f: Int) in Made(text: "\(a)\(b)\(c)\(d)\(e)\(f)") }
        #expect(try container.resolve(Made.self, arguments: 1) as? Made == Made(text: "1"))
        #expect(try container.resolve(Made.self, arguments: 1, "b") as? Made == Made(text: "1b"))
        #expect(try container.resolve(Made.self, arguments: 1, "b", 3) as? Made == Made(text: "1b3"))
        #expect(try container.resolve(Made.self, arguments: 1, "b", 3, 4) as? Made == Made(text: "1b34"))
        #expect(try container.resolve(Made.self, arguments: 1, "b", 3, 4, 5) as? Made == Made(text: "1b345"))
        #expect(try container.resolve(Made.self, arguments: 1, "b", 3, 4, 5, 6) as? Made == Made(text: "1b3456"))
    }

    @Test("a closure may take the argument tuple whole")
    func dollarZero() throws {
        let container = DependencyContainer()
        container.register { (arguments: (Int, String)) in Made(text: "\(arguments.0)-\(arguments.1)") }
        #expect(try container.resolve(arguments: 1, "x") as Made == Made(text: "1-x"))
    }

    @Test("Int and Int? are different keys")
    func optionalArgumentIsAnotherKey() throws {
        let container = DependencyContainer()
        container.register { (a: Int) in Made(text: "Int \(a)") }
        container.register { (a: Int?) in Made(text: "Int? \(a.map(String.init) ?? "nil")") }
        #expect(try container.resolve(arguments: 1) as Made == Made(text: "Int 1"))
        #expect(try container.resolve(arguments: Int?(2)) as Made == Made(text: "Int? 2"))
        #expect(try container.resolve(arguments: Int?.none) as Made == Made(text: "Int? nil"))
    }

    @Test("arguments of the wrong type or order do not match")
    func mismatch() {
        let container = DependencyContainer()
        container.register { (a: Int, b: String) in Made(text: "\(a)\(b)") }
        #expect {
            _ = try container.resolve(arguments: "x", 1) as Made
        } throws: { error in
            guard case DipError.definitionNotFound(let key) = error else { return false }
            return key.typeOfArguments == (String, Int).self
        }
    }

    @Test("re-registering with the same argument types overrides")
    func override() throws {
        let container = DependencyContainer()
        container.register { (a: Int) in Made(text: "first \(a)") }
        container.register { (a: Int) in Made(text: "second \(a)") }
        #expect(try container.resolve(arguments: 1) as Made == Made(text: "second 1"))
    }

    @Test("a singleton with arguments is built by the first resolve's arguments")
    func singletonWithArguments() throws {
        let container = DependencyContainer()
        container.register(.singleton) { (a: Int) in Made(text: "\(a)") }
        #expect(try container.resolve(arguments: 1) as Made == Made(text: "1"))
        #expect(try container.resolve(arguments: 2) as Made == Made(text: "1"))
    }

    @Test("builder forms hand the factory to the caller")
    func builders() throws {
        let container = DependencyContainer()
        container.register { Made(text: "plain") }
        container.register { (a: Int, b: Int) in Made(text: "\(a + b)") }
        let plain = try container.resolve { (factory: () throws -> Made) in try factory() }
        #expect(plain == Made(text: "plain"))
        let sum = try container.resolve { (factory: ((Int, Int)) throws -> Made) in try factory((2, 3)) }
        #expect(sum == Made(text: "5"))
        let anyPlain = try container.resolve(Made.self) { (factory: () throws -> Any) in try factory() }
        #expect(anyPlain as? Made == Made(text: "plain"))
        let anySum = try container.resolve(Made.self, builder: { (factory: ((Int, Int)) throws -> Any) in try factory((4, 5)) })
        #expect(anySum as? Made == Made(text: "9"))
    }
}
