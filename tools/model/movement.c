/* The data movement model's life: its tables, and the strings it keeps. */
#include "movement.h"

#include <stdlib.h>
#include <string.h>

#include "movement_internal.h"

void oi_movement_init(oi_movement *m, const oi_names *names) {
  memset(m, 0, sizeof *m);
  m->names = names;
  m->places.elem = sizeof(oi_place_record);
  m->profiles.elem = sizeof(oi_profile_record);
  m->ranges.elem = sizeof(oi_held_range);
  m->devices.elem = sizeof(oi_device_state);
  m->strings.elem = sizeof(char *);
  m->region_vars.elem = sizeof(oi_region_vars);
  m->overlapping.elem = sizeof(uint32_t);
  m->pending_writes.elem = sizeof(oi_pending_write);
  m->spared.elem = sizeof(oi_spared_copy);
  m->host_version_root = OI_INTERVAL_NONE;
  m->host_coverage_root = OI_INTERVAL_NONE;
  m->last_device = OI_MOVEMENT_NONE;
  oi_interval_pool_init(&m->segments);
  oi_interval_pool_init(&m->version_segments);
}

const oi_name_entry *oi_movement_name(const oi_movement *m, uint32_t name) {
  return m->names ? oi_names_at(m->names, name) : NULL;
}

void oi_movement_free(oi_movement *m) {
  oi_map *tables[] = {&m->places_by_key,    &m->profiles_by_key, &m->ranges_by_key,
                      &m->compiler_regions, &m->native_regions,  &m->place_sites};
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    oi_map_free(tables[i]);
  for (size_t i = 0; i < m->strings.len; i++)
    free(*OI_ARRAY_AT(m->strings, char *, i));
  oi_array *arrays[] = {&m->places,      &m->profiles,       &m->ranges,
                        &m->devices,     &m->strings,        &m->region_vars,
                        &m->overlapping, &m->pending_writes, &m->spared};
  for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
    oi_array_free(arrays[i]);
  oi_interval_pool_free(&m->segments);
  oi_interval_pool_free(&m->version_segments);
  for (uint64_t i = 0; i < m->site_places_cap; i++)
    free(m->site_places[i].first_profile);
  free(m->site_places);
}

char *oi_movement_strdup(oi_movement *m, const char *text) {
  char **slot = oi_array_push(&m->strings);
  if (!slot) {
    m->failed = true;
    return NULL;
  }
  if (!text)
    text = "";
  size_t size = strlen(text) + 1;
  *slot = malloc(size);
  if (!*slot) {
    m->strings.len--;
    m->failed = true;
    return NULL;
  }
  memcpy(*slot, text, size);
  return *slot;
}
