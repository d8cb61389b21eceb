/* The site registry. A site is registered on its first use: under a lock
 * its descriptor is validated and parsed once, an OI_REC_SITE record written
 * and only then the id published (release store), so a thread that reads a
 * non-zero id (acquire load) also sees the parsed entry. Later uses take no
 * lock. */
#include "sites.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bounds.h"
#include "common/map.h"
#include "ompt-inst/events.h"
#include "ompt-inst/trace.h"
#include "trace_file.h"
#include "native_kinds.h"
#include "shared_writes.h"

/* Entries by id, in chunks that never move once published (bounds.h). */
#define SITES_PER_CHUNK OI_SITES_PER_CHUNK
#define SITE_CHUNKS OI_SITE_CHUNKS
#define SITE_REJECTED UINT32_MAX /* bad magic or ABI: ignored for good */
/* beyond the table: its hook calls are counted (oi_sites_write_beyond) */
#define SITE_BEYOND (UINT32_MAX - 1)

static pthread_mutex_t site_lock = PTHREAD_MUTEX_INITIALIZER;
static oi_site_entry *site_chunks[SITE_CHUNKS];
static uint32_t next_site_id = 1;
static uint32_t sites_beyond; /* under site_lock */
static _Atomic uint64_t beyond_calls;

/* Every construct name that is a whole word sequence of the spelling. */
static uint64_t leaves_of(const char *spelling) {
  uint64_t leaves = 0;
  for (const char *word = spelling; word && *word;) {
    unsigned c = oi_leading_construct(word, strlen(word));
    if (c != OI_CONSTRUCT_OTHER && c < 64)
      leaves |= UINT64_C(1) << c;
    word = strchr(word, ' ');
    if (word)
      word++;
  }
  return leaves;
}

static oi_map_rule rule_of(const oi_map_item *item) {
  static const char *const types[] = {
#define MAP_TYPE_NAME(id) [OI_MAP_##id] = OMPT_INST_MAP_##id,
      OMPT_INST_MAP_TYPES(MAP_TYPE_NAME)
#undef MAP_TYPE_NAME
  };
  oi_map_rule rule = {.type = OI_MAP_TOFROM}; /* OpenMP's default */
  for (unsigned i = 0; i < sizeof types / sizeof types[0]; i++)
    if (strcmp(item->type, types[i]) == 0)
      rule.type = (uint8_t)i;
  for (const char *m = item->modifiers; m && *m;) {
    size_t n = strcspn(m, ",");
    if (n == strlen(OMPT_INST_MAP_ALWAYS) && memcmp(m, OMPT_INST_MAP_ALWAYS, n) == 0)
      rule.always = 1;
    m += n + (m[n] == ',');
  }
  /* a member access before any subscript */
  size_t base = strcspn(item->item, "[");
  for (size_t i = 0; i < base; i++)
    if (item->item[i] == '.' || (item->item[i] == '-' && item->item[i + 1] == '>'))
      rule.member = 1;
  return rule;
}

static int derive(oi_site_entry *entry) {
  const char *spelling = entry->parsed.construct ? entry->parsed.construct : "";
  entry->construct = (uint8_t)oi_leading_construct(spelling, strlen(spelling));
  unsigned category = oi_construct_category(entry->construct);
  entry->team_begin = category == OI_CATEGORY_TEAM;
  entry->device = category == OI_CATEGORY_DEVICE;
  entry->maps_without_device =
      entry->device && entry->parsed.call && strncmp(entry->parsed.call, "GOMP_", 5) == 0;
  entry->leaves = leaves_of(spelling);
  /* the plugin marks the bodies of the constructs the runtime reports as
   * masked (master, masked) alone (not of `master taskloop`: a loop) */
  entry->executor_points = oi_construct_native_kind(entry->construct) == OI_KIND_MASKED &&
                           entry->leaves == (UINT64_C(1) << entry->construct);
  /* constructs a loop may repeat millions of times (a spin-wait on
   * `flush`): counted per site and thread, not traced per instance */
  entry->counted = (oi_construct_flags(entry->construct) & OI_CONSTRUCT_FLAG_COUNTED) != 0;
  if (entry->parsed.map_count) {
    entry->rules = calloc(entry->parsed.map_count, sizeof *entry->rules);
    if (!entry->rules)
      return -1;
    for (uint32_t i = 0; i < entry->parsed.map_count; i++)
      entry->rules[i] = rule_of(&entry->parsed.maps[i]);
  }
  return 0;
}

/* The lines plugin sites describe, by file and line (under site_lock): a
 * call into the offload runtime from such a line is the instrumented
 * construct's own, whichever thread makes it (a `target nowait` makes it
 * in its target task). */
static oi_map plugin_lines;

/* By the file's base name: the plugin spells the file as the compiler was
 * given it, the runtime's location string sometimes otherwise (relative
 * against absolute). */
static oi_map_key line_key(const oi_site *s) {
  const char *slash = strrchr(s->file, '/');
  return (oi_map_key){{oi_map_text_hash(slash ? slash + 1 : s->file, NULL), s->line, 0, 0}};
}

/* Whether a site adds to what the trace knows: a site of a call into the
 * offload runtime (call=) does not when a plugin site describes its line,
 * nor when it has no location (no -g) and the runtime reports the data
 * operations itself or the program is instrumented (a plain build on a
 * runtime that reports none, LLVM 14's, gets them inferred from the call's
 * items); it gets no id then, and its hooks do nothing. A plugin site's
 * line is noted. Called under site_lock. */
static bool adds_location(const oi_site *s) {
  static bool plugin_sites; /* an instrumented program's hooks came first */
  if (!s->call)
    plugin_sites = true;
  if (!s->file || !s->line)
    return s->call == NULL || (oi_native_infers_data_ops() && !plugin_sites);
  oi_map_key key = line_key(s);
  if (s->call)
    return oi_map_get(&plugin_lines, &key) == OI_MAP_NONE;
  uint32_t *slot = oi_map_slot(&plugin_lines, &key);
  if (slot)
    *slot = 1;
  return true;
}

/* Parses, derives and records one descriptor; its id, or SITE_REJECTED.
 * Called with site_lock held. */
static uint32_t add_site(const char *descriptor, size_t length) {
  uint32_t id = SITE_REJECTED;
  oi_site_entry entry = {0};
  if (next_site_id < SITES_PER_CHUNK * SITE_CHUNKS &&
      oi_site_parse(descriptor, length, &entry.parsed) == 0) {
    if (!adds_location(&entry.parsed)) {
      oi_site_free(&entry.parsed);
      return id;
    }
    uint32_t chunk = next_site_id / SITES_PER_CHUNK;
    if (!site_chunks[chunk]) /* read without the lock by oi_site_by_id */
      __atomic_store_n(&site_chunks[chunk], calloc(SITES_PER_CHUNK, sizeof(oi_site_entry)),
                       __ATOMIC_RELEASE);
    if (site_chunks[chunk] && derive(&entry) == 0) {
      id = next_site_id++;
      entry.parsed.id = id;
      site_chunks[chunk][id % SITES_PER_CHUNK] = entry;
      oi_site_record record = {.id = id, .length = (uint32_t)length};
      oi_trace_frame(OI_REC_SITE, &record, sizeof record, descriptor, record.length);
    } else {
      oi_site_free(&entry.parsed);
      free(entry.rules);
    }
  }
  return id;
}

/* A site of its own for each directive nested in a target region: the
 * region's descriptor with the nested directive's construct and position.
 * Called with site_lock held, before the region's id is published. */
static void add_inner_sites(oi_site_entry *outer) {
  const oi_site *o = &outer->parsed;
  if (o->inner_count == 0)
    return;
  outer->inner_sites = calloc(o->inner_count, sizeof *outer->inner_sites);
  for (uint32_t i = 0; outer->inner_sites && i < o->inner_count; i++) {
    const oi_inner_directive *d = &o->inner[i];
    const char *format = OMPT_INST_SITE_MAGIC "\nconstruct=%s\nfile=%s\nline=%u"
                                              "\ncol=%u\nend_line=%u\nfunction=%s\nclauses=\n";
    const char *file = o->file ? o->file : "", *function = o->function ? o->function : "";
    int length =
        snprintf(NULL, 0, format, d->construct, file, d->line, d->col, d->end_line, function);
    char *text = length > 0 ? malloc((size_t)length + 1) : NULL;
    if (!text)
      continue;
    snprintf(text, (size_t)length + 1, format, d->construct, file, d->line, d->col, d->end_line,
             function);
    uint32_t id = add_site(text, (size_t)length);
    outer->inner_sites[i] = id == SITE_REJECTED ? 0 : id;
    free(text);
  }
}

/* noinline: inlined, its stack frame would be set up on every lookup */
__attribute__((noinline)) static uint32_t register_site(ompt_inst_site *site) {
  /* once per site: a rare event, as a buffer flush is */
  pthread_mutex_lock(&site_lock);
  uint32_t id = __atomic_load_n(&site->id, __ATOMIC_ACQUIRE);
  if (id != 0) { /* another thread was first */
    pthread_mutex_unlock(&site_lock);
    return id;
  }
  id = SITE_REJECTED;
  if (site->abi == OMPT_INST_HOOK_ABI && site->descriptor &&
      next_site_id >= SITES_PER_CHUNK * SITE_CHUNKS) {
    id = SITE_BEYOND;
    sites_beyond++;
  } else if (site->abi == OMPT_INST_HOOK_ABI && site->descriptor)
    id = add_site(site->descriptor, strlen(site->descriptor));
  if (id < SITE_BEYOND)
    add_inner_sites(&site_chunks[id / SITES_PER_CHUNK][id % SITES_PER_CHUNK]);
  __atomic_store_n(&site->id, id, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&site_lock);
  return id;
}

uint32_t oi_site_lookup(ompt_inst_site *site, const oi_site_entry **entry) {
  if (!site)
    return 0;
  uint32_t id = __atomic_load_n(&site->id, __ATOMIC_ACQUIRE);
  if (id == 0)
    id = register_site(site);
  if (id == SITE_BEYOND) {
    OI_SHARED_WRITE(); /* only past the table's bound */
    atomic_fetch_add_explicit(&beyond_calls, 1, memory_order_relaxed);
  }
  if (id >= SITE_BEYOND)
    return 0;
  *entry = &site_chunks[id / SITES_PER_CHUNK][id % SITES_PER_CHUNK];
  return id;
}

const oi_site_entry *oi_site_by_id(uint32_t id) {
  if (id == 0 || id >= SITES_PER_CHUNK * SITE_CHUNKS)
    return NULL;
  oi_site_entry *chunk = __atomic_load_n(&site_chunks[id / SITES_PER_CHUNK], __ATOMIC_ACQUIRE);
  if (!chunk || chunk[id % SITES_PER_CHUNK].parsed.id != id)
    return NULL;
  return &chunk[id % SITES_PER_CHUNK];
}

uint32_t oi_site_inner_for(const oi_site_entry *entry, uint32_t outer, unsigned construct) {
  if (!entry->inner_sites || construct >= 64 || (entry->leaves >> construct & 1))
    return outer;
  for (uint32_t i = 0; i < entry->parsed.inner_count; i++) {
    const oi_site_entry *inner = oi_site_by_id(entry->inner_sites[i]);
    if (inner && (inner->leaves >> construct & 1))
      return entry->inner_sites[i];
  }
  return outer;
}

int oi_site_is_inner(const oi_site_entry *entry, uint32_t site) {
  for (uint32_t i = 0; site && entry->inner_sites && i < entry->parsed.inner_count; i++)
    if (entry->inner_sites[i] == site)
      return 1;
  return 0;
}

void oi_sites_write_beyond(void) {
  pthread_mutex_lock(&site_lock);
  uint32_t sites = sites_beyond;
  pthread_mutex_unlock(&site_lock);
  if (!sites)
    return;
  char text[128];
  int n =
      snprintf(text, sizeof text, "sites_beyond_bound=%u %u %llu", sites,
               SITES_PER_CHUNK * SITE_CHUNKS - 1, (unsigned long long)atomic_load(&beyond_calls));
  oi_trace_record(OI_REC_INFO, text, (uint32_t)n);
}
