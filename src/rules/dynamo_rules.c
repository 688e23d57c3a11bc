/* Dynamo chess (RULES 3) as a rule set: its switches and the struct that
 * names its generation (dynamo.c), attack test and goal hooks. */
#include "dynamo.h"
#include "dynamo_attack.h"
#include "dynamo_goal.h"
#include "rules.h"

static const char *const switch_names[] = {"OwnerPromotes", "NoDynamoEscape", "EnPassant", NULL};

const struct rules rules_dynamo = {
    .name = "Dynamo",
    .switch_names = switch_names,
    .files = 8,
    .ranks = 8,
    .neutral_units = false,
    .placement_history = true,
    .castling = true,
    .generate = dynamo_generate,
    .has_legal_turn = dynamo_has_legal_turn,
    .attacked = dynamo_attacked,
    .count_legal = dynamo_count_legal,
    .may_check = dynamo_may_check,
    .generate_checks = dynamo_generate_checks,
    .check_needs = dynamo_check_needs,
    .may_give_check = dynamo_may_give_check,
};
