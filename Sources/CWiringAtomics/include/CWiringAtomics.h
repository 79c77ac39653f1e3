// Atomic 64-bit words for Wiring's Support/Atomics.swift: the operations of Swift's
// Synchronization.Atomic, which needs macOS 15 / iOS 18, on every platform the package builds
// for. They are C11 atomics: Clang's `__c11_atomic_*` builtins on an `_Atomic` word, which is what
// <stdatomic.h> expands to. The header includes no system header, so that importing it changes
// nothing in how Swift sees the C library's types.
//
// One function per operation and memory order (each operation is written once, as a macro, and
// made for each order it takes), so that a call the Swift compiler does not inline still costs no
// branch on the order. Compiled with -fsanitize=thread (SwiftPM passes the sanitizer to C targets
// too), every access is instrumented: the thread sanitizer sees each one.
#ifndef CWIRING_ATOMICS_H
#define CWIRING_ATOMICS_H

/// One atomic 64-bit word. Lock-free on every 64-bit target, and on arm64_32 (watchOS).
typedef struct {
    _Atomic(long long) value;
} cwiring_atomic_word;

#define CWIRING_INLINE static inline __attribute__((always_inline))

CWIRING_INLINE void cwiring_atomic_init(cwiring_atomic_word *word, long long value) {
    __c11_atomic_init(&word->value, value);
}

/// A word holding `value`, made before any thread shares it: what an object that keeps its
/// words inline stores as its first stored property (Support/Atomics.swift).
CWIRING_INLINE cwiring_atomic_word cwiring_atomic_word_make(long long value) {
    cwiring_atomic_word word;
    __c11_atomic_init(&word.value, value);
    return word;
}

// The orders, as the Swift side names them.
#define CWIRING_ORDER_relaxed __ATOMIC_RELAXED
#define CWIRING_ORDER_acquiring __ATOMIC_ACQUIRE
#define CWIRING_ORDER_releasing __ATOMIC_RELEASE
#define CWIRING_ORDER_acquiring_and_releasing __ATOMIC_ACQ_REL
#define CWIRING_ORDER_sequentially_consistent __ATOMIC_SEQ_CST

#define CWIRING_LOAD(order)                                                                      \
    CWIRING_INLINE long long cwiring_atomic_load_##order(cwiring_atomic_word *word) {          \
        return __c11_atomic_load(&word->value, CWIRING_ORDER_##order);                          \
    }

#define CWIRING_STORE(order)                                                                     \
    CWIRING_INLINE void cwiring_atomic_store_##order(cwiring_atomic_word *word, long long value) { \
        __c11_atomic_store(&word->value, value, CWIRING_ORDER_##order);                         \
    }

#define CWIRING_EXCHANGE(order)                                                                  \
    CWIRING_INLINE long long cwiring_atomic_exchange_##order(cwiring_atomic_word *word, long long value) { \
        return __c11_atomic_exchange(&word->value, value, CWIRING_ORDER_##order);               \
    }

// Adds `value`, wrapping around on overflow (C11 defines atomic arithmetic on signed types so);
// returns the value before.
#define CWIRING_FETCH_ADD(order)                                                                 \
    CWIRING_INLINE long long cwiring_atomic_fetch_add_##order(cwiring_atomic_word *word, long long value) { \
        return __c11_atomic_fetch_add(&word->value, value, CWIRING_ORDER_##order);              \
    }

// Stores `desired` if the word holds `*expected`; otherwise writes what it holds to `*expected`.
// `success` is the order of a store, `failure` that of the load a failure is.
#define CWIRING_COMPARE_EXCHANGE(success, failure)                                               \
    CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_##success##_##failure(                  \
        cwiring_atomic_word *word, long long *expected, long long desired) {                     \
        return __c11_atomic_compare_exchange_strong(                                             \
            &word->value, expected, desired, CWIRING_ORDER_##success, CWIRING_ORDER_##failure);  \
    }

// A fence: orders the accesses before it against those after it.
#define CWIRING_FENCE(order)                                                                     \
    CWIRING_INLINE void cwiring_atomic_fence_##order(void) {                                     \
        __c11_atomic_thread_fence(CWIRING_ORDER_##order);                                        \
    }

// Each operation in each order it takes: a load's, a store's, or any for a read-modify-write.
#define CWIRING_UPDATE_ORDERS(operation)                                                         \
    operation(relaxed) operation(acquiring) operation(releasing)                                 \
    operation(acquiring_and_releasing) operation(sequentially_consistent)

CWIRING_LOAD(relaxed)
CWIRING_LOAD(acquiring)
CWIRING_LOAD(sequentially_consistent)

CWIRING_STORE(relaxed)
CWIRING_STORE(releasing)
CWIRING_STORE(sequentially_consistent)

CWIRING_UPDATE_ORDERS(CWIRING_EXCHANGE)
CWIRING_UPDATE_ORDERS(CWIRING_FETCH_ADD)
CWIRING_UPDATE_ORDERS(CWIRING_FENCE)

// The pairs C11 allows that Swift asks for; Support/Atomics.swift makes any other sequentially
// consistent.
CWIRING_COMPARE_EXCHANGE(relaxed, relaxed)
CWIRING_COMPARE_EXCHANGE(acquiring, relaxed)
CWIRING_COMPARE_EXCHANGE(acquiring, acquiring)
CWIRING_COMPARE_EXCHANGE(releasing, relaxed)
CWIRING_COMPARE_EXCHANGE(acquiring_and_releasing, relaxed)
CWIRING_COMPARE_EXCHANGE(acquiring_and_releasing, acquiring)
CWIRING_COMPARE_EXCHANGE(sequentially_consistent, relaxed)
CWIRING_COMPARE_EXCHANGE(sequentially_consistent, acquiring)
CWIRING_COMPARE_EXCHANGE(sequentially_consistent, sequentially_consistent)

#endif
