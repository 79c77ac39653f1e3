import Dispatch
import Foundation
import Testing
import Wiring

/// The portable atomics (`Support/Atomics.swift`, over C11 atomics) keep `Synchronization.Atomic`'s
/// meaning, whatever the platform: what each operation returns and stores, and that concurrent
/// operations lose nothing.
@Suite("Portable atomics")
struct AtomicsTests {
    @Test("each value type comes back from its word unchanged")
    func valuesRoundTrip() {
        let int = AtomicCell<Int>(-7)
        let initialInt = int.load(ordering: .relaxed)
        #expect(initialInt == -7)
        int.store(.max, ordering: .releasing)
        let largestInt = int.load(ordering: .acquiring)
        #expect(largestInt == .max)
        let unsigned = AtomicCell<UInt64>(.max)
        let largestUInt64 = unsigned.load(ordering: .sequentiallyConsistent)
        #expect(largestUInt64 == .max)
        let word = AtomicCell<UInt>(.max - 1)
        let nearlyLargestUInt = word.load(ordering: .relaxed)
        #expect(nearlyLargestUInt == UInt.max - 1)
        let byte = AtomicCell<UInt8>(255)
        let largestByte = byte.load(ordering: .relaxed)
        #expect(largestByte == 255)
        let flag = AtomicCell<Bool>(false)
        let flagBefore = flag.exchange(true, ordering: .acquiringAndReleasing)
        #expect(flagBefore == false)
        let flagAfter = flag.load(ordering: .relaxed)
        #expect(flagAfter)
        let target = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        defer { target.deallocate() }
        let pointer = AtomicCell<UnsafeRawPointer?>(nil)
        let noPointer = pointer.load(ordering: .acquiring)
        #expect(noPointer == nil)
        pointer.store(UnsafeRawPointer(target), ordering: .releasing)
        let storedPointer = pointer.load(ordering: .acquiring)
        #expect(storedPointer == UnsafeRawPointer(target))
        let fixed = AtomicCell<UnsafeRawPointer>(UnsafeRawPointer(target))
        let fixedPointer = fixed.load(ordering: .relaxed)
        #expect(fixedPointer == UnsafeRawPointer(target))
    }

    @Test("add, subtract, min and max return the values before and after, and wrap around on overflow")
    func arithmetic() {
        let count = AtomicCell<Int>(10)
        let added = count.add(5, ordering: .relaxed)
        #expect(added == (15 - 5, 15))
        let subtracted = count.subtract(20, ordering: .relaxed)
        #expect(subtracted == (15, -5))
        let lowered = count.min(-9, ordering: .relaxed)
        #expect(lowered == (-5, -9))
        let notLowered = count.min(3, ordering: .relaxed)
        #expect(notLowered == (-9, -9))
        let raised = count.max(4, ordering: .relaxed)
        #expect(raised == (-9, 4))
        let unsigned = AtomicCell<UInt>(0)
        let wrappedBelowZero = unsigned.subtract(1, ordering: .relaxed)
        #expect(wrappedBelowZero == (0, .max))
        let wrappedPastMax = unsigned.add(2, ordering: .relaxed)
        #expect(wrappedPastMax == (.max, 1))
    }

    @Test("compareExchange stores only over the expected value, and reports what it found")
    func compareExchange() {
        let value = AtomicCell<Int>(1)
        let refused = value.compareExchange(expected: 2, desired: 3, ordering: .acquiringAndReleasing)
        #expect(refused == (false, 1))
        let keptValue = value.load(ordering: .relaxed)
        #expect(keptValue == 1)
        let accepted = value.compareExchange(expected: 1, desired: 3, ordering: .acquiringAndReleasing)
        #expect(accepted == (true, 1))
        let (exchanged, original) = value.compareExchange(
            expected: 3, desired: 4, successOrdering: .releasing, failureOrdering: .relaxed)
        #expect(exchanged && original == 3)
        let storedAfterPair = value.load(ordering: .relaxed)
        #expect(storedAfterPair == 4)
    }

    @Test("four threads adding at once lose no increment, and a compare-and-exchange loop none either")
    func concurrentUpdates() {
        let sum = AtomicCell<Int>(0)
        let highest = AtomicCell<Int>(0)
        let casSum = AtomicCell<UInt64>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<50_000 {
                sum.add(1, ordering: .relaxed)
                highest.max(thread * 50_000 + index, ordering: .relaxed)
                var current = casSum.load(ordering: .relaxed)
                while true {
                    let (done, found) = casSum.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
                    if done { break }
                    current = found
                }
            }
        }
        let total = sum.load(ordering: .relaxed)
        #expect(total == 200_000)
        let highestSeen = highest.load(ordering: .relaxed)
        #expect(highestSeen == 199_999)
        let casTotal = casSum.load(ordering: .relaxed)
        #expect(casTotal == 200_000)
    }

    @Test("words allocated together start at their value, and each is reached by offset, subscript or pointee alone")
    func words() {
        let words = AtomicWords<Int>.allocate(capacity: 4, initializedTo: 3)
        defer { words.deallocate() }
        words[2].store(9, ordering: .relaxed)
        (words + 3).pointee.add(1, ordering: .relaxed)
        let values = (0..<4).map { words[$0].load(ordering: .relaxed) }
        #expect(values == [3, 3, 9, 4])
        let first = words.pointee.exchange(-1, ordering: .acquiringAndReleasing)
        #expect(first == 3)
        let fromOffset = (words + 0).pointee.load(ordering: .acquiring)
        #expect(fromOffset == -1)
    }

    @Test("a value published with a releasing store is seen whole after an acquiring load")
    func publication() {
        final class Message: @unchecked Sendable {
            // @unchecked: `text` is written before the releasing store that publishes the message
            // and read only after an acquiring load that saw that store.
            var text = ""
        }
        let message = Message()
        let ready = AtomicCell<Bool>(false)
        // A thread of its own: on a loaded machine (the whole suite, under TSan) the dispatch
        // pool may not run a new item for many seconds.
        Thread {
            message.text = "published"
            ready.store(true, ordering: .releasing)
        }.start()
        let deadline = DispatchTime.now() + .seconds(60)
        while !ready.load(ordering: .acquiring) {
            if DispatchTime.now() > deadline {
                Issue.record("the store was not seen within 60 s")
                return
            }
            usleep(100)
        }
        #expect(message.text == "published")
    }

    @Test("words kept inline as a class's first stored property are where the views read them, in plain and generic classes")
    func inlineWords() {
        let plain = InlineHolder(name: "plain", tail: 7)
        plain.flag.store(true, ordering: .releasing)
        plain.count.store(-3, ordering: .relaxed)
        #expect(plain.flag.load(ordering: .acquiring))
        #expect(plain.count.load(ordering: .relaxed) == -3)
        // Writing the words left the properties declared after them alone, and the reverse.
        #expect(plain.name == "plain" && plain.tail == 7)
        plain.tail = .max
        #expect(plain.count.load(ordering: .relaxed) == -3)
        let generic = GenericInlineHolder<[String]>(payload: ["a", "b"])
        #expect(generic.count.load(ordering: .relaxed) == 42)
        _ = generic.count.add(1, ordering: .relaxed)
        #expect(generic.count.load(ordering: .relaxed) == 43)
        #expect(generic.payload == ["a", "b"])
    }
}

/// A root class keeping two words inline, with properties after them.
private final class InlineHolder: @unchecked Sendable {
    // @unchecked: a test object used on one thread.
    private let atomics = (AtomicWordStorage(false), AtomicWordStorage(0))
    let name: String
    var tail: Int
    var flag: AtomicView<Bool> { AtomicView(inline: self, word: 0) }
    var count: AtomicView<Int> { AtomicView(inline: self, word: 1) }

    init(name: String, tail: Int) {
        self.name = name
        self.tail = tail
    }
}

/// A generic root class keeping one word inline, initialised to 42.
private final class GenericInlineHolder<Payload>: @unchecked Sendable {
    // @unchecked: a test object used on one thread.
    private let atomics = AtomicWordStorage(42)
    let payload: Payload
    var count: AtomicView<Int> { AtomicView(inline: self, word: 0) }

    init(payload: Payload) {
        self.payload = payload
    }
}
