/* Windows build only: anonymous mmap for the transposition table, on
 * VirtualAlloc (committed pages read as zero, as anonymous pages do). */
#ifndef FS_SYS_MMAN_H
#define FS_SYS_MMAN_H

#include <stddef.h>
#include <sys/types.h>

#define PROT_READ 1
#define PROT_WRITE 2
#define MAP_PRIVATE 2
#define MAP_ANONYMOUS 0x20
#define MAP_FAILED ((void *)-1)
#define MADV_DONTNEED 4
#define MADV_HUGEPAGE 14

void *fs_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
int fs_munmap(void *addr, size_t len);
int fs_madvise(void *addr, size_t len, int advice);
#define mmap fs_mmap
#define munmap fs_munmap
#define madvise fs_madvise

#endif
