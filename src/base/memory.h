/* What happens when memory runs out: one message and one stop for the whole
 * program, instead of a bare abort at every allocation; and fresh memory
 * made ready for the threads that share it. */
#ifndef FS_MEMORY_H
#define FS_MEMORY_H

#include <stddef.h>
#include <stdnoreturn.h>

/* Says "fairysolve: out of memory" on standard error and ends the process
 * (no input-driven limit is reached this way: inputs are bounded where they
 * enter; this is the machine running out). */
noreturn void out_of_memory(void);

/* Working memory of `bytes` for one call: `on_stack` (a buffer of
 * stack_bytes in the caller's frame) when it is large enough, else fresh
 * heap memory (out_of_memory when there is none); given back with
 * memory_scratch_free.  For sort buffers sized by the usual few dozen turns
 * but bounded only by TURN_LIST_MAX, which as per-thread arrays were
 * memory every new thread zeroes. */
void *memory_scratch(void *on_stack, size_t stack_bytes, size_t bytes);
void memory_scratch_free(void *p, const void *on_stack);

/* Writes each page of p .. p + bytes once, keeping what it holds, before
 * the memory is shared.  Fresh anonymous memory that is read before it is
 * written is first mapped to the zero page; the write after it replaces
 * that mapping, and while other threads of the process run, every such
 * replacement interrupts them all to flush their address caches, which
 * costs several threads a large share of their time.  Each
 * write is an atomic "or 0": where another thread already uses the memory
 * through atomics, what it stored stays. */
void memory_touch_for_write(void *p, size_t bytes);
/* Bytes between two fields that different threads write, so that they lie
 * on different cache lines (64 on x86-64 and most arm64): a line written
 * by one core is fetched again by every other core that reads it. */
#define MEMORY_CACHE_LINE 64
/* The huge page size asked for (2 MiB on x86-64 and arm64 Linux); elsewhere
 * a hint with no effect (the table then lies on small pages). */
#define MEMORY_HUGE_PAGE ((size_t)2 << 20)
/* Zeroed memory for a large table, on huge pages where the system gives
 * them (a few faults instead of one per 4 KiB page: over a thousand for the
 * move-count tables), as many as the size needs, the last one whole
 * (memory.c); NULL when there is none.  Freed by memory_table_free with the same size. */
void *memory_table_new(size_t bytes);
void memory_table_free(void *p, size_t bytes);

#endif
