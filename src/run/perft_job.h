/* --perft and --divide on one position.
 * Prints counts only; the position comes back unchanged. */
#ifndef FS_PERFT_JOB_H
#define FS_PERFT_JOB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../board/position.h"

uint64_t perft_job(struct position *p, int depth, bool divide, FILE *out);

#endif
