// A malloc hook: the executable's definitions of malloc and friends take precedence over libc's
// (ELF symbol interposition), count the call, and forward to glibc's implementation.
#include "MallocCounter.h"
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static _Atomic uint64_t counter = 0;

uint64_t malloc_counter_value(void) { return atomic_load_explicit(&counter, memory_order_relaxed); }

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; // ENOMEM
    *result = pointer;
    return 0;
}
