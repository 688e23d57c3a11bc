/* Expected keys (FORMAT.md 6) as problemists write them, turned into the
 * canonical notation of FORMAT.md 8 so they compare with the solver's keys. */
#ifndef FS_EXPECT_KEY_H
#define FS_EXPECT_KEY_H

#include <stdbool.h>
#include <stddef.h>

/* "Qa3-d6", "Sb1*c3", "Sb1xc3", "0-0", "0-0-0", "e7-e8=Q", "e5*d6ep.",
 * "1.Qa3-d6+!", Dynamo "Ra1-a5/Ba5E", "Ra1-E/Ba5E", S&R "Qd2-f6/Xe4-e5",
 * "0-0/Xd5-d6", and canonical forms as they are.  Castling is White's
 * (the attacker moves first in battle play): e1h1 and e1a1.  Promotion
 * letters may be English or German (D T L for Q R B; N for S).  false when
 * the text holds no square. */
bool expect_key_canonical(const char *written, char *out, size_t size);

#endif
