/* Persistent transposition store: the filled slots of a table written to a
 * zlib-compressed file at the end of a run and read back at the next start. */
#ifndef FS_STORE_H
#define FS_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "tt.h"

/* identity: a caller-made string naming the rule sets and switches of the run
 * (e.g. "Orthodox;KnightRelay;StonesAndRelays StrictKing"); a store made under
 * another identity is not used. */
enum store_status { STORE_LOADED, STORE_ABSENT, STORE_REJECTED, STORE_FOREIGN, STORE_OTHER };

/* Reads path into t (already made with tt_init; entries are inserted with tt_put,
 * so any table size works).  ABSENT: no such file (no message).  FOREIGN: the file
 * is not a store (it has content, not our magic): it must never be replaced.
 * OTHER: a whole store of another identity, format version or hash seed: it
 * holds another run's work.  REJECTED: the file is empty, truncated, corrupt or
 * unreadable.  Except for LOADED and ABSENT, msg says why and t is left empty
 * (tt_clear).
 * *entries (may be NULL) gets the number of entries loaded. */
enum store_status store_load(struct tt *t, const char *path, const char *identity,
                             size_t *entries, char *msg, size_t msglen);

/* Writes every filled slot of t, zlib-compressed, to a temporary file in the same
 * directory then rename()s it over path, so a crash never leaves a broken store.
 * false + msg (naming the path and strerror) when it cannot. */
bool store_save(const struct tt *t, const char *path, const char *identity,
                char *msg, size_t msglen);

/* Checked before solving starts, so an unwritable --store path fails at once:
 * false + msg when the directory of path is not writable or path is a directory
 * / an unwritable file. */
/* The identity a store file was made for, into buf (NUL-terminated; n >
 * STORE_IDENTITY_MAX): for joining stores (--merge-store).  False + msg when
 * the file is not a whole store header. */
#define STORE_IDENTITY_MAX 4096
bool store_identity(const char *path, char *buf, size_t n, char *msg, size_t msglen);
bool store_writable(const char *path, char *msg, size_t msglen);

#endif
