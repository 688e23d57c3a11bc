/* Letters of the problem language for each kind of unit.
 * Shared by parser, notation and diagrams so the alphabet lives in one place. */
#include "unit.h"

#include <ctype.h>

static const char letters[KIND_COUNT] = {'?', 'K', 'Q', 'R', 'B', 'S', 'P', 'O', 'X'};

char kind_letter(enum kind k) { return (k > KIND_NONE && k < KIND_COUNT) ? letters[k] : '?'; }

enum kind kind_from_letter(char c)
{
    char u = (char)toupper((unsigned char)c);
    for (int k = KING; k < KIND_COUNT; k++)
        if (letters[k] == u)
            return (enum kind)k;
    return KIND_NONE;
}
