/* What the writers ask of a built report model: its rows and variables
 * ordered by cost, names, transfer totals; and freeing it. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_internal.h"

static int compare_cost(uint64_t time_a, uint64_t count_a, uint64_t time_b, uint64_t count_b) {
  if (time_a != time_b)
    return time_a > time_b ? -1 : 1;
  return (count_a < count_b) - (count_a > count_b);
}

static const oi_profile *sorting; /* qsort has no context argument in C11 */

static int compare_rows(const void *left, const void *right) {
  const oi_construct_row *a = &sorting->rows[*(const uint32_t *)left];
  const oi_construct_row *b = &sorting->rows[*(const uint32_t *)right];
  int c = compare_cost(a->total_ns, a->instances, b->total_ns, b->instances);
  return c ? c
           : (*(const uint32_t *)left > *(const uint32_t *)right) -
                 (*(const uint32_t *)left < *(const uint32_t *)right);
}

static int compare_variables(const void *left, const void *right) {
  const oi_variable_row *a = &sorting->variables[*(const uint32_t *)left];
  const oi_variable_row *b = &sorting->variables[*(const uint32_t *)right];
  int c = compare_cost(oi_variable_transfer_ns(a), oi_variable_transfer_bytes(a),
                       oi_variable_transfer_ns(b), oi_variable_transfer_bytes(b));
  return c ? c
           : (*(const uint32_t *)left > *(const uint32_t *)right) -
                 (*(const uint32_t *)left < *(const uint32_t *)right);
}

static uint32_t *sorted_indices(const oi_profile *p, uint32_t count,
                                int (*compare)(const void *, const void *)) {
  uint32_t *order = malloc((count ? count : 1) * sizeof *order);
  if (!order)
    return NULL;
  for (uint32_t i = 0; i < count; i++)
    order[i] = i;
  sorting = p;
  qsort(order, count, sizeof *order, compare);
  return order;
}

uint32_t *oi_profile_rows_by_cost(const oi_profile *p) {
  return sorted_indices(p, p->row_keys.count, compare_rows);
}

static bool variable_moved(const oi_variable_row *v) {
  for (unsigned op = 0; op < OI_DATA_OP_COUNT; op++)
    if (v->ops[op])
      return true;
  return false;
}

uint32_t *oi_profile_variables_by_cost(const oi_profile *p, uint32_t *count) {
  uint32_t *order = sorted_indices(p, p->variable_names.count, compare_variables);
  *count = 0;
  if (!order)
    return NULL;
  /* a map item the runtime found present names a variable nothing moved */
  for (uint32_t k = 0; k < p->variable_names.count; k++)
    if (variable_moved(&p->variables[order[k]]))
      order[(*count)++] = order[k];
  return order;
}

const char *oi_profile_row_name(const oi_profile *p, uint32_t row, char *buf, size_t size) {
  char place[512];
  const oi_construct_row *r = &p->rows[row];
  snprintf(buf, size, "%s @%s", r->label,
           oi_place_text(&p->places[r->place], false, place, sizeof place));
  return buf;
}

uint64_t oi_variable_transfer_bytes(const oi_variable_row *v) {
  return v->bytes[OI_DATA_OP_TO_DEVICE] + v->bytes[OI_DATA_OP_FROM_DEVICE];
}

uint64_t oi_variable_transfer_ns(const oi_variable_row *v) {
  return v->time_ns[OI_DATA_OP_TO_DEVICE] + v->time_ns[OI_DATA_OP_FROM_DEVICE];
}

uint64_t oi_variable_transfer_ops(const oi_variable_row *v) {
  return v->ops[OI_DATA_OP_TO_DEVICE] + v->ops[OI_DATA_OP_FROM_DEVICE];
}

size_t oi_profile_bug_count(const oi_profile *p) {
  size_t bugs = 0;
  while (bugs < p->finding_count && oi_finding_is_bug(p->findings[bugs].kind))
    bugs++;
  return bugs;
}

void oi_profile_free(oi_profile *p) {
  oi_profile_state *s = p->state;
  if (s) {
    for (uint32_t i = 0; i < s->thread_capacity; i++) {
      free(s->threads[i].stack);
      free(s->threads[i].held);
    }
    free(s->threads);
    oi_map_free(&s->parallel_places);
    oi_map_free(&s->target_places);
    oi_map *memos[] = {&s->host_names, &s->device_names, &s->host_items,  &s->map_item_ids,
                       &s->item_names, &s->site_places,  &s->code_places, &s->site_labels,
                       &s->row_ids,    &s->call_places};
    for (size_t i = 0; i < sizeof memos / sizeof *memos; i++)
      oi_map_free(memos[i]);
    free(s->map_items);
    free(s->name_rows);
    free(s->pending);
    free(s->device_events);
    free(s);
  }
  for (uint32_t i = 0; i < p->row_keys.count; i++) {
    free(p->rows[i].thread_ns);
    free(p->rows[i].thread_instances);
    free(p->rows[i].rank_ns);
    free(p->rows[i].rank_instances);
  }
  for (size_t i = 0; p->finding_ranks && i < p->finding_count; i++)
    free(p->finding_ranks[i].slots);
  free(p->finding_ranks);
  oi_unseen_directives_free(&p->unseen);
  free(p->ranks);
  free(p->job_findings);
  free(p->job_totals);
  free(p->job_devices);
  free(p->rows);
  free(p->places);
  free(p->variables);
  free(p->slices);
  free(p->finding_places);
  oi_string_index_free(&p->place_keys);
  oi_string_index_free(&p->row_keys);
  oi_string_index_free(&p->variable_names);
  oi_names_free(&p->names);
  oi_string_index_free(&p->labels);
  free(p->last_constructs);
  oi_string_index_free(&p->texts);
  if (p->analysis && p->analysis_destroy)
    p->analysis_destroy(p->analysis);
  if (p->symbolizer)
    oi_symbolizer_free(p->symbolizer);
  memset(p, 0, sizeof *p);
}

enum oi_data_op_source oi_profile_data_op_source(const oi_profile *p) {
  uint64_t inferred = p->data_ops_by_origin[OI_ORIGIN_INFERRED], all = 0;
  for (unsigned o = 0; o < OI_ORIGIN_COUNT; o++)
    all += p->data_ops_by_origin[o];
  if (all == 0)
    return OI_DATA_OPS_NONE;
  if (inferred == 0)
    return OI_DATA_OPS_RUNTIME;
  return inferred == all ? OI_DATA_OPS_INFERRED : OI_DATA_OPS_PARTLY_INFERRED;
}
