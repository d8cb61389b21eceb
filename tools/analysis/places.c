/* Places (a site's map item, or a code address and host address without a
 * site), their names and lines from the caller's callbacks, and the
 * per-place, per-device transfer profile records. */
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *oia_strdup(oi_analysis *ctx, const char *text) {
  char **slot = oi_array_push(&ctx->strings);
  if (!slot) {
    ctx->failed = true;
    return NULL;
  }
  if (!text)
    text = "";
  size_t size = strlen(text) + 1;
  *slot = malloc(size);
  if (!*slot) {
    ctx->strings.len--;
    ctx->failed = true;
    return NULL;
  }
  memcpy(*slot, text, size);
  return *slot;
}

void oia_native_region(oi_analysis *ctx, const oi_event *ev) {
  if (ev->endpoint != OI_EP_BEGIN && ev->endpoint != OI_EP_END)
    return;
  oi_map_key key = {{ev->thread, 0, 0, 0}};
  uint32_t *slot = oi_map_slot(&ctx->native_regions, &key);
  if (!slot) {
    ctx->failed = true;
    return;
  }
  if (*slot == OI_MAP_NONE) {
    if (!oi_array_push(&ctx->region_vars)) {
      ctx->failed = true;
      return;
    }
    *slot = (uint32_t)(ctx->region_vars.len - 1);
  }
  oia_region_vars *vars = OI_ARRAY_AT(ctx->region_vars, oia_region_vars, *slot);
  vars->codeptr = ev->endpoint == OI_EP_BEGIN ? ev->codeptr : 0;
  vars->count = 0;
}

/* The 1-based position of the operation's host range among those its
 * thread's open target construct instance mapped (numbered as they come),
 * 0 when there is none to go by: no instance open, another code address,
 * no host address, or more variables than are followed. */
static uint32_t native_var(oi_analysis *ctx, const oi_event *ev) {
  oi_map_key key = {{ev->thread, 0, 0, 0}};
  uint32_t index = oi_map_get(&ctx->native_regions, &key);
  uint64_t host = ev->u.data.host_addr;
  if (index == OI_MAP_NONE || !host)
    return 0;
  oia_region_vars *vars = OI_ARRAY_AT(ctx->region_vars, oia_region_vars, index);
  if (!vars->codeptr || vars->codeptr != ev->codeptr)
    return 0;
  for (uint32_t i = 0; i < vars->count; i++)
    if (vars->host_addr[i] == host)
      return i + 1;
  if (vars->count == OIA_REGION_VARS)
    return 0;
  vars->host_addr[vars->count++] = host;
  return vars->count;
}

/* A place is a compiler site's map item, or, without one, the code address
 * and the variable's position in its target construct (so one line is one
 * place however many host addresses its variable has: a fresh heap block
 * each time), else the code address and host address of the operation. */
static oi_map_key place_key(oi_analysis *ctx, const oi_event *ev) {
  if (ev->site)
    return (oi_map_key){{ev->site | (uint64_t)ev->var << 32, 0,
                      ev->var ? 0 : ev->u.data.host_addr, 0}};
  uint32_t position = native_var(ctx, ev);
  /* the top bit keeps positions apart from host addresses */
  uint64_t variable =
      position ? UINT64_C(1) << 63 | position : ev->u.data.host_addr;
  return (oi_map_key){{0, ev->codeptr, variable, 0}};
}

static uint32_t new_place(oi_analysis *ctx, const oi_event *ev) {
  oia_place_rec *rec = oi_array_push(&ctx->places);
  if (!rec) {
    ctx->failed = true;
    return OIA_NONE;
  }
  uint32_t index = (uint32_t)(ctx->places.len - 1);
  oi_finding_place place = {
      .site = ev->site, .var = ev->var, .codeptr = ev->codeptr,
      .construct = ev->construct};
  const char *name = NULL, *file = NULL;
  unsigned line = 0;
  if (ev->site && ev->var && ctx->cb.var_name)
    name = ctx->cb.var_name(ctx->cb.user, ev->site, ev->var);
  if (ev->site && ctx->cb.site_location)
    ctx->cb.site_location(ctx->cb.user, ev->site, &file, &line);
  else if (!ev->site && ev->codeptr && ctx->cb.code_location)
    ctx->cb.code_location(ctx->cb.user, ev->codeptr, &file, &line);
  char fallback[64];
  place.var_named = name != NULL;
  if (!name) {
    snprintf(fallback, sizeof fallback, "0x%" PRIx64 " (%" PRIu64 " bytes)",
             ev->u.data.host_addr, ev->u.data.bytes);
    name = fallback;
  }
  place.var_text = oia_strdup(ctx, name);
  place.file = file ? oia_strdup(ctx, file) : NULL;
  place.line = line;
  rec = OI_ARRAY_AT(ctx->places, oia_place_rec, index);
  rec->place = place;
  rec->host_addr = ev->u.data.host_addr;
  return index;
}

uint32_t oia_profile_of(oi_analysis *ctx, const oi_event *ev) {
  oi_map_key key = place_key(ctx, ev);
  key.w[3] = (uint64_t)(int64_t)ev->device;
  uint32_t *slot = oi_map_slot(&ctx->profiles_by_key, &key);
  if (!slot) {
    ctx->failed = true;
    return OIA_NONE;
  }
  if (*slot != OI_MAP_NONE)
    return *slot;
  key.w[3] = UINT64_MAX; /* the place itself, shared by all devices */
  uint32_t *place_slot = oi_map_slot(&ctx->places_by_key, &key);
  if (!place_slot) {
    ctx->failed = true;
    return OIA_NONE;
  }
  if (*place_slot == OI_MAP_NONE)
    *place_slot = new_place(ctx, ev);
  uint32_t place = *place_slot;
  oia_profile_rec *rec =
      place == OIA_NONE ? NULL : oi_array_push(&ctx->profiles);
  if (!rec) {
    ctx->failed = true;
    return OIA_NONE; /* the slot keeps OI_MAP_NONE: nothing half-made */
  }
  rec->place = place;
  rec->out.device = ev->device;
  *slot = (uint32_t)(ctx->profiles.len - 1);
  return *slot;
}

void oia_widen_lines(oi_analysis *ctx, uint32_t range, uint32_t profile) {
  oia_place_rec *place = OI_ARRAY_AT(ctx->places, oia_place_rec,
                                    oia_profile_at(ctx, profile)->place);
  unsigned line = place->place.line;
  oia_range *r = oia_range_at(ctx, range);
  if (!line)
    return;
  if (!r->first_line || line < r->first_line)
    r->first_line = line;
  if (line > r->last_line)
    r->last_line = line;
}
