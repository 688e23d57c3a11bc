/* Threats of battle play and what defeats them, shared by the printed tree
 * and the dual counter so both judge a defence the same way. */
#include "threats.h"

#include "../board/notation.h"
#include "battle.h"

void decision_canonical(const struct position *pos, const struct turn *t, char *buf)
{
    struct turn d = *t;
    if (d.flags & TURN_OWNER_CHOICE)
        d.promo2 = 0;
    turn_canonical(pos, &d, buf);
}

bool threat_same_move(const struct turn *a, const struct turn *b)
{
    return a->from == b->from && a->to == b->to && a->promo == b->promo && a->from2 == b->from2 &&
           a->to2 == b->to2 && a->promo2 == b->promo2 &&
           (a->flags & TURN_STEP) == (b->flags & TURN_STEP) &&
           (!(a->flags & TURN_STEP) ||
            (turn_step_from(a) == turn_step_from(b) && turn_step_to(a) == turn_step_to(b)));
}

int threats_find(struct solver *s, int n, struct turn_list *threats)
{
    struct undo u;
    solver_make_null(s, &u);
    int limit = play_forces_defender(s->play) ? n - 1 : n;
    int t = attack_shortest(s, limit);
    threats->count = 0;
    if (t) {
        struct turn_list *l = solver_generate(s);
        for (int i = 0; i < l->count; i++) {
            if (battle_choice_seen(l, i) || !battle_all_choices(s, l, i, t, attack_move_wins))
                continue;
            for (int j = i; j < l->count; j++) /* every choice of the decision */
                if (j == i || battle_same_decision(&l->turns[i], &l->turns[j]))
                    threats->turns[threats->count++] = l->turns[j];
        }
    }
    solver_unmake(s, &u);
    return t;
}

bool threat_defeated(struct solver *s, const struct turn_list *threats, int t)
{
    /* this ply's list: the questions below play at deeper plies */
    struct turn_list *moves = solver_generate(s);
    for (int k = 0; k < threats->count; k++) {
        if (battle_choice_seen(threats, k))
            continue;
        struct turn want = threats->turns[k];
        bool choice = (want.flags & TURN_OWNER_CHOICE) != 0;
        int found = -1;
        for (int i = 0; i < moves->count && found < 0; i++) {
            struct turn have = moves->turns[i];
            if (choice && (have.flags & TURN_OWNER_CHOICE)) /* the first choice of that decision */
                have.promo2 = want.promo2;
            if (threat_same_move(&have, &want))
                found = i;
        }
        if (found < 0 || !battle_all_choices(s, moves, found, t, attack_move_wins))
            return true;
    }
    return false;
}

