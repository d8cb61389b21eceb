/* Findings are accumulated per (kind, operation, place and device), and for
 * round trips and identical content also per other end, then turned into
 * the sorted public array. */
#include "internal.h"

#include <stdlib.h>

/* The group last used for `kind` at `profile` (from_device apart from the
 * other operations: a place that copies both ways has findings both ways),
 * checked against the key by the caller: a place mostly repeats its
 * findings, so this spares the map. */
static uint32_t *memo_slot(oi_analysis *ctx, enum oi_finding_kind kind, enum oi_data_op op,
                           uint32_t profile) {
  while (ctx->group_memo.len <= profile) {
    uint32_t *added = oi_array_push(&ctx->group_memo);
    if (!added)
      return NULL;
    for (int k = 0; k < OIA_GROUP_MEMO; k++)
      added[k] = OIA_NONE;
  }
  return (uint32_t *)ctx->group_memo.data + (size_t)profile * OIA_GROUP_MEMO + (size_t)kind * 2 +
         (op == OI_DATA_OP_FROM_DEVICE);
}

oia_group *oia_group_for(oi_analysis *ctx, enum oi_finding_kind kind, enum oi_data_op op,
                         uint32_t profile, uint32_t other_profile, uint32_t range,
                         uint64_t host_addr) {
  /* a duplicate is a duplicate wherever the earlier copy came from */
  bool keyed_by_other = kind == OI_FINDING_ROUND_TRIP || kind == OI_FINDING_IDENTICAL_CONTENT;
  uint32_t *memo = memo_slot(ctx, kind, op, profile);
  if (memo && *memo != OIA_NONE) {
    oia_group *g = OI_ARRAY_AT(ctx->groups, oia_group, *memo);
    if (g->op == op && (!keyed_by_other || g->other_profile == other_profile))
      return g;
  }
  oi_map_key key = {
      {(uint64_t)kind | (uint64_t)op << 8, profile, keyed_by_other ? other_profile : OIA_NONE, 0}};
  int created;
  uint32_t index = oi_map_intern(&ctx->groups_by_key, &key, &ctx->groups, &created);
  if (index == OI_MAP_NONE) {
    ctx->failed = true;
    return NULL;
  }
  oia_group *g = OI_ARRAY_AT(ctx->groups, oia_group, index);
  if (created)
    *g = (oia_group){.kind = kind,
                     .op = op,
                     .profile = profile,
                     .other_profile = other_profile,
                     .range = range,
                     .host_addr = host_addr};
  if (memo)
    *memo = index;
  return g;
}

static const oi_finding_place *place_of(oi_analysis *ctx, uint32_t profile) {
  return oi_movement_place_of(&ctx->model, profile);
}

static int by_importance(const void *a, const void *b) { return oi_finding_compare(a, b); }

int oia_groups_build_findings(oi_analysis *ctx) {
  ctx->nfindings = ctx->groups.len;
  ctx->findings = calloc(ctx->nfindings + 1, sizeof *ctx->findings);
  if (!ctx->findings)
    return -1;
  for (size_t i = 0; i < ctx->groups.len; i++) {
    const oia_group *g = OI_ARRAY_AT(ctx->groups, oia_group, i);
    const oi_transfer_profile *p = oi_movement_profile_at(&ctx->model, g->profile);
    const oi_held_range *r = oi_movement_range_at(&ctx->model, g->range);
    oi_finding *f = &ctx->findings[i];
    f->kind = g->kind;
    f->op = g->op;
    f->device = p->device;
    f->host_addr = g->host_addr;
    f->at = *place_of(ctx, g->profile);
    f->other = g->other_profile != OIA_NONE ? *place_of(ctx, g->other_profile) : f->at;
    f->count = g->count;
    f->partial = g->partial;
    f->sampled = g->sampled;
    f->may_change = g->may_change;
    f->changed_line = g->changed_line;
    f->changed_unseen = g->changed_unseen;
    f->moved = g->moved;
    /* a bug counts the times it happened, not operations of a kind */
    f->total = oi_finding_is_bug(g->kind) ? g->count : p->ops[g->op];
    f->bytes = g->bytes;
    f->time_ns = g->time_ns;
    f->first_line = r->first_line ? r->first_line : f->at.line;
    f->last_line = r->last_line ? r->last_line : f->at.line;
  }
  qsort(ctx->findings, ctx->nfindings, sizeof *ctx->findings, by_importance);
  return 0;
}
