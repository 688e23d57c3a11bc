/* --svg DIR: one SVG file per problem and twin, named after the input file
 * (DIR/NAME-P.svg, DIR/NAME-Pb.svg for twin b), written as the inputs are read. */
#ifndef FS_SVG_FILES_H
#define FS_SVG_FILES_H

#include <stdbool.h>

#include "../problem/setup.h"
#include "job.h"

/* Before the run: DIR made when missing; false (message on stderr) when it
 * cannot be made or is not a directory. */
bool svg_files_prepare(const char *dir);
/* The diagram of pr and each of its first `twins` twins (views[t] with its
 * starting position starts[t]).  A file that cannot be written becomes an
 * error job of the problem's place, so the run ends with status 2. */
void svg_files_write(const char *dir, struct job_list *jobs, const struct problem *pr, int twins,
                     const struct twin_view *views, const struct position *starts);

#endif
