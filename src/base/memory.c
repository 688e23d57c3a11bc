/* The one place that stops the program when memory runs out, and fresh
 * memory written once before threads share it (memory.h). */
#include "memory.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

noreturn void out_of_memory(void)
{
    fputs("fairysolve: out of memory\n", stderr);
    abort();
}

void *memory_scratch(void *on_stack, size_t stack_bytes, size_t bytes)
{
    if (bytes <= stack_bytes)
        return on_stack;
    void *p = malloc(bytes);
    if (!p)
        out_of_memory();
    return p;
}

void memory_scratch_free(void *p, const void *on_stack)
{
    if (p != on_stack)
        free(p);
}

/* the smallest page size of the systems we build for: a stride that misses
 * no page */
#define SMALL_PAGE ((size_t)4 << 10)

void memory_touch_for_write(void *p, size_t bytes)
{
    char *c = p;
    /* an atomic "or 0": a write that keeps the byte whatever it holds */
    for (size_t i = 0; i < bytes; i += SMALL_PAGE)
        __atomic_fetch_or(&c[i], 0, __ATOMIC_RELAXED);
    if (bytes)
        __atomic_fetch_or(&c[bytes - 1], 0, __ATOMIC_RELAXED);
}


/* The table starts on a huge page, and its size rounded up to whole huge
 * pages is marked for them: its last part too, or a last part smaller than
 * a huge page stays on small pages, one fault per 4 KiB (the goal tables'
 * last part alone then faults more often than all the rest: a short problem
 * pays more in faults than the up to one huge page more resident).  The word
 * before it (in the mapping's unused head) keeps where the mapping starts. */
void *memory_table_new(size_t bytes)
{
    size_t len = bytes + 2 * MEMORY_HUGE_PAGE;
    char *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return NULL;
    uintptr_t start = ((uintptr_t)base + sizeof(void *) + MEMORY_HUGE_PAGE - 1) / MEMORY_HUGE_PAGE * MEMORY_HUGE_PAGE;
    char *p = (char *)start;
    ((void **)p)[-1] = base;
    madvise(p, (bytes + MEMORY_HUGE_PAGE - 1) / MEMORY_HUGE_PAGE * MEMORY_HUGE_PAGE, MADV_HUGEPAGE); /* a hint */
    return p;
}

void memory_table_free(void *p, size_t bytes)
{
    if (p)
        munmap(((void **)p)[-1], bytes + 2 * MEMORY_HUGE_PAGE);
}
