/* Reading whole input files (or standard input) into memory.
 * No parsing here: the reader takes the bytes as they are. */
#ifndef FS_INPUT_H
#define FS_INPUT_H

#include <stddef.h>

/* Returns a malloc'd buffer (NUL-terminated) or NULL with errno set. */
char *input_read_all(const char *path, size_t *len);

#endif
