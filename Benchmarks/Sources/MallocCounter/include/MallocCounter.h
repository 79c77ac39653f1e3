#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>
/// The number of allocations (malloc, calloc, realloc of NULL, aligned allocations) since start.
uint64_t malloc_counter_value(void);
#endif
