/* Reading whole input files (or standard input) into memory.
 * No parsing here: the reader takes the bytes as they are. */
#ifndef FS_INPUT_H
#define FS_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* Returns a malloc'd buffer (NUL-terminated) or NULL with errno set. */
char *input_read_all(const char *path, size_t *len);

/* FNV-1a over the bytes: which input a part was made from (--merge). */
unsigned long long input_hash(const char *text, size_t len);
/* The same hash over bytes that come in pieces: h starts as
 * INPUT_HASH_START, each piece goes through input_hash_more. */
#define INPUT_HASH_START 0xcbf29ce484222325ull
unsigned long long input_hash_more(unsigned long long h, const char *text, size_t len);

#endif
