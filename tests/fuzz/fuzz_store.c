/* libFuzzer target for the store loader: any bytes as a --store file, read
 * as they are and again with a repaired header checksum and its own identity. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "../../src/table/store.h"
#include "../../src/table/tt.h"

/* The header layout of src/table/store.c: fixed part, identity, header CRC. */
#define FIXED_HEADER 44
#define MAX_IDENTITY 4096

static struct tt table;

static void load(const uint8_t *data, size_t size, const char *identity)
{
    int fd = memfd_create("store", 0);
    if (fd < 0)
        return;
    if (write(fd, data, size) == (ssize_t)size) {
        char path[64], msg[512];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        size_t entries;
        (void)store_load(&table, path, identity, &entries, msg, sizeof msg);
        tt_clear(&table);
    }
    close(fd);
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!table.entries && !tt_init(&table, 1))
        return 0;
    load(data, size, "Orthodox");
    /* The header CRC stops almost every mutation before the payload is
     * read: repair it, and use the identity the file names, so the payload
     * checks and the inflater see mutated input too. */
    if (size < FIXED_HEADER)
        return 0;
    uint32_t idlen = get32(data + 12);
    if (idlen > MAX_IDENTITY || FIXED_HEADER + (size_t)idlen + 4 > size)
        return 0;
    static uint8_t copy[1 << 20];
    if (size > sizeof copy)
        return 0;
    memcpy(copy, data, size);
    uLong crc = crc32(0, copy, (uInt)(FIXED_HEADER + idlen));
    for (int i = 0; i < 4; i++)
        copy[FIXED_HEADER + idlen + i] = (uint8_t)(crc >> (8 * i));
    char identity[MAX_IDENTITY + 1];
    memcpy(identity, copy + FIXED_HEADER, idlen);
    identity[idlen] = 0;
    load(copy, size, identity);
    return 0;
}
