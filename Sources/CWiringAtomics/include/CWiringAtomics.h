// Atomic 64-bit words for Wiring's Support/Atomics.swift: the operations of Swift's
// Synchronization.Atomic, which needs macOS 15 / iOS 18, on every platform the package builds
// for. They are C11 atomics: Clang's `__c11_atomic_*` builtins on an `_Atomic` word, which is what
// <stdatomic.h> expands to. The header includes no system header, so that importing it changes
// nothing in how Swift sees the C library's types.
//
// One function per operation and memory order, each a single instruction or a few, so that a
// call that the Swift compiler does not inline still costs no branch on the order. Compiled with
// -fsanitize=thread (SwiftPM passes the sanitizer to C targets too), every access is
// instrumented: the thread sanitizer sees each one.
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

CWIRING_INLINE long long cwiring_atomic_load_relaxed(cwiring_atomic_word *word) {
    return __c11_atomic_load(&word->value, __ATOMIC_RELAXED);
}

CWIRING_INLINE long long cwiring_atomic_load_acquiring(cwiring_atomic_word *word) {
    return __c11_atomic_load(&word->value, __ATOMIC_ACQUIRE);
}

CWIRING_INLINE long long cwiring_atomic_load_sequentially_consistent(cwiring_atomic_word *word) {
    return __c11_atomic_load(&word->value, __ATOMIC_SEQ_CST);
}

CWIRING_INLINE void cwiring_atomic_store_relaxed(cwiring_atomic_word *word, long long value) {
    __c11_atomic_store(&word->value, value, __ATOMIC_RELAXED);
}

CWIRING_INLINE void cwiring_atomic_store_releasing(cwiring_atomic_word *word, long long value) {
    __c11_atomic_store(&word->value, value, __ATOMIC_RELEASE);
}

CWIRING_INLINE void cwiring_atomic_store_sequentially_consistent(cwiring_atomic_word *word, long long value) {
    __c11_atomic_store(&word->value, value, __ATOMIC_SEQ_CST);
}

CWIRING_INLINE long long cwiring_atomic_exchange_relaxed(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_exchange(&word->value, value, __ATOMIC_RELAXED);
}

CWIRING_INLINE long long cwiring_atomic_exchange_acquiring(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_exchange(&word->value, value, __ATOMIC_ACQUIRE);
}

CWIRING_INLINE long long cwiring_atomic_exchange_releasing(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_exchange(&word->value, value, __ATOMIC_RELEASE);
}

CWIRING_INLINE long long cwiring_atomic_exchange_acquiring_and_releasing(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_exchange(&word->value, value, __ATOMIC_ACQ_REL);
}

CWIRING_INLINE long long cwiring_atomic_exchange_sequentially_consistent(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_exchange(&word->value, value, __ATOMIC_SEQ_CST);
}

// Adds `value`, wrapping around on overflow (C11 defines atomic arithmetic on signed types so);
// returns the value before.
CWIRING_INLINE long long cwiring_atomic_fetch_add_relaxed(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_fetch_add(&word->value, value, __ATOMIC_RELAXED);
}

CWIRING_INLINE long long cwiring_atomic_fetch_add_acquiring(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_fetch_add(&word->value, value, __ATOMIC_ACQUIRE);
}

CWIRING_INLINE long long cwiring_atomic_fetch_add_releasing(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_fetch_add(&word->value, value, __ATOMIC_RELEASE);
}

CWIRING_INLINE long long cwiring_atomic_fetch_add_acquiring_and_releasing(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_fetch_add(&word->value, value, __ATOMIC_ACQ_REL);
}

CWIRING_INLINE long long cwiring_atomic_fetch_add_sequentially_consistent(cwiring_atomic_word *word, long long value) {
    return __c11_atomic_fetch_add(&word->value, value, __ATOMIC_SEQ_CST);
}

// Stores `desired` if the word holds `*expected`; otherwise writes what it holds to `*expected`.
// The first order is a success's, the second a failure's (a load's).
CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_acquiring_acquiring(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_acquiring_relaxed(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_acquiring_and_releasing_acquiring(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_acquiring_and_releasing_relaxed(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_relaxed_relaxed(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_releasing_relaxed(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_sequentially_consistent_acquiring(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_SEQ_CST, __ATOMIC_ACQUIRE);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_sequentially_consistent_relaxed(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
}

CWIRING_INLINE _Bool cwiring_atomic_compare_exchange_sequentially_consistent_sequentially_consistent(
    cwiring_atomic_word *word, long long *expected, long long desired) {
    return __c11_atomic_compare_exchange_strong(&word->value, expected, desired, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

CWIRING_INLINE void cwiring_atomic_fence_relaxed(void) {
    __c11_atomic_thread_fence(__ATOMIC_RELAXED);
}

CWIRING_INLINE void cwiring_atomic_fence_acquiring(void) {
    __c11_atomic_thread_fence(__ATOMIC_ACQUIRE);
}

CWIRING_INLINE void cwiring_atomic_fence_releasing(void) {
    __c11_atomic_thread_fence(__ATOMIC_RELEASE);
}

CWIRING_INLINE void cwiring_atomic_fence_acquiring_and_releasing(void) {
    __c11_atomic_thread_fence(__ATOMIC_ACQ_REL);
}

CWIRING_INLINE void cwiring_atomic_fence_sequentially_consistent(void) {
    __c11_atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#endif
