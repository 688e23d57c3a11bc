/* Option GroupSteps in Popeye's layout: a sink in front of popeye_text that
 * writes turns equal but for one step as one ("1.Rh1-h8 (/-, /Od8-d7) !"). */
#ifndef FS_GROUPED_TEXT_H
#define FS_GROUPED_TEXT_H

#include "popeye_text.h"

struct grouped_text {
    struct popeye_text *pt;   /* writes each part; pt->out is where the grouped text goes */
    struct text *out;
    struct text part;         /* the part being written */
    bool in_part;
    char **parts;             /* complete parts waiting for their group */
    int count, cap;
};

/* A sink writing through pt, whose out is the twin's text. */
struct solution_sink grouped_text_sink(struct grouped_text *g, struct popeye_text *pt);
/* After the search: the parts held back, grouped, then pt's part_done. */
void grouped_text_finish(struct grouped_text *g);

#endif
