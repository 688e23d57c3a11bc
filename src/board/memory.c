/* The one place that stops the program when memory runs out (memory.h). */
#include "memory.h"

#include <stdio.h>
#include <stdlib.h>

noreturn void out_of_memory(void)
{
    fputs("fairysolve: out of memory\n", stderr);
    abort();
}
