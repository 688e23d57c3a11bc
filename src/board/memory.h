/* What happens when memory runs out: one message and one stop for the whole
 * program, instead of a bare abort at every allocation. */
#ifndef FS_MEMORY_H
#define FS_MEMORY_H

#include <stdnoreturn.h>

/* Says "fairysolve: out of memory" on standard error and ends the process
 * (no input-driven limit is reached this way: inputs are bounded where they
 * enter; this is the machine running out). */
noreturn void out_of_memory(void);

#endif
