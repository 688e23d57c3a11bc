/* One small transposition table for the solving tests: cmocka group set-up
 * and tear-down, shared so each test file need not repeat them. */
#ifndef FS_TABLE_FIXTURE_H
#define FS_TABLE_FIXTURE_H

#include "../src/table/tt.h"

static struct tt table;

static int setup(void **state)
{
    (void)state;
    return tt_init(&table, 16) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    tt_free(&table);
    return 0;
}

#endif
