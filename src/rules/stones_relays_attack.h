/* Stones & Relays attacks (stones_relays_attack.c), for stones_relays.c's turns.
 * Not an interface for anyone else: the rule set is rules_stones_relays in rules.h. */
#ifndef FS_STONES_RELAYS_ATTACK_H
#define FS_STONES_RELAYS_ATTACK_H

#include <stdbool.h>

#include "../board/position.h"

/* RULES 4.8: is sq attacked by `by` along the paths of RULES 4.3 and 4.4?
 * sq is treated as holding a hostile unit (it blocks every line).  When read
 * is not NULL it receives every playing square whose content the answer was
 * derived from: changing only squares outside *read cannot change the answer.
 * p's sets of squares with units (st.occupied) must hold its board's units. */
bool sr_attacked_read(const struct position *p, int sq, enum colour by, square_set *read);

/* With no relay on p's board: where a unit of `by` standing (or arriving)
 * would attack sq, by kind (origins[k]; a line's squares up to its first
 * unit, that unit's square too), each path read off the board as it is; and
 * true.  False, nothing written, when a relay stands on the board. */
bool sr_attack_origins(const struct position *p, int sq, enum colour by, square_set origins[KIND_COUNT]);

/* The same test on the squares `board` of geometry g (no read set). */
bool sr_attacked_on(const struct geometry *g, const unit_t *board, int sq, enum colour by);

/* The rules-interface form (no read set), with sr_attacked_read's condition. */
bool sr_attacked(const struct position *p, int sq, enum colour by);

#endif
