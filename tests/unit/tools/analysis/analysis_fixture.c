#include "analysis_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

#include <cmocka.h>

#include "report/finding_words.h"

/* The names of every fixture's places: ids stay valid after fx_done. */
static oi_names fx_names;

const char *fx_var(const oi_finding_place *place) {
  const oi_name_entry *name = oi_names_at(&fx_names, place->name);
  return name ? name->text : NULL;
}

bool fx_var_whole(const oi_finding_place *place) {
  const oi_name_entry *name = oi_names_at(&fx_names, place->name);
  return name && name->whole;
}

void fx_init(fx *f) {
  memset(f, 0, sizeof *f);
  f->region_site = FX_REGION_SITE;
  f->ctx = oi_analysis_create(&fx_names);
  assert_non_null(f->ctx);
  f->now = 1000000;
  f->origin = OI_ORIGIN_NATIVE;
  f->construct = OI_CONSTRUCT_NONE;
  f->native_line = 7;
  f->device = FX_DEV;
}

void fx_done(fx *f) { oi_analysis_destroy(f->ctx); }

/* What the body of a target construct at `site` may write of map item
 * `var`, as its writes= line says (-1: not known). */
static int8_t body_writes(const fx *f, uint32_t site, uint16_t var) {
  if (!site || f->writes_unknown)
    return -1;
  return (int8_t)(var < 5 ? f->writes[var] : 0);
}

/* The facts the report model's streaming pass resolves for an event, as a
 * trace would give them: map items 1-4 are a, b, c and x whatever the
 * site, a site's line is its id (in c.c), an address without a site is on
 * line (address & 0xfff) of bin.c. */
static oi_event_facts facts_of(const fx *f, const oi_event *ev) {
  static const char *const items[] = {NULL, "a[0:N]", "b[0:N]", "c[0:N]", "x[0:1]"};
  oi_event_facts facts = oi_event_facts_none();
  if (ev->site) {
    facts.file = "c.c";
    facts.line = ev->site;
  } else if ((facts.line = (unsigned)(ev->codeptr & 0xfff)) != 0) {
    facts.file = "bin.c";
  }
  facts.writes_item = body_writes(f, ev->site, ev->var);
  facts.writes_other = body_writes(f, ev->site, 0);
  if (ev->kind == OI_KIND_DATA_OP) {
    oi_variable_name name;
    oi_name_variable(ev->site && ev->var < 5 ? items[ev->var] : NULL, false, NULL,
                     ev->u.data.host_addr, ev->u.data.device_addr, ev->u.data.bytes, &name);
    facts.name = oi_names_add(&fx_names, &name);
  } else if (ev->kind == OI_KIND_MAP) { /* named as the streaming pass names map items */
    oi_variable_name name;
    oi_name_variable(ev->var < 5 ? items[ev->var] : NULL, false, NULL, OI_GET(ev, MAP, host_addr),
                     0, OI_GET(ev, MAP, bytes), &name);
    facts.name = oi_names_add(&fx_names, &name);
    facts.item = f->map_item;
  }
  return facts;
}

void fx_add(fx *f, const oi_event *ev) {
  oi_event_facts facts = facts_of(f, ev);
  assert_int_equal(oi_analysis_add(f->ctx, ev, &facts), 0);
}

void fx_op_flags(fx *f, enum oi_data_op op, uint32_t site, uint16_t var, uint64_t host,
                 uint64_t bytes, uint64_t hash, uint8_t flags) {
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.time_ns = f->now;
  ev.kind = OI_KIND_DATA_OP;
  ev.origin = f->origin;
  ev.construct = f->construct;
  ev.op = (uint8_t)op;
  ev.site = site;
  ev.var = var;
  ev.codeptr = site ? 0 : 0x400000u + f->native_line; /* bin.c when no site */
  ev.flags = flags | (hash ? OI_FLAG_HASH_VALID : 0);
  ev.device = f->device;
  ev.u.data.bytes = bytes;
  ev.u.data.host_addr = host;
  ev.u.data.device_addr = host ? host + 0x7000000u : 0x9000000u;
  ev.u.data.hash = hash;
  ev.u.data.duration_ns = FX_DUR;
  fx_add(f, &ev);
  f->now += FX_DUR + 10;
}

void fx_op(fx *f, enum oi_data_op op, uint32_t site, uint16_t var, uint64_t host, uint64_t bytes,
           uint64_t hash) {
  fx_op_flags(f, op, site, var, host, bytes, hash, 0);
}

void fx_map(fx *f, uint32_t site, uint16_t var, uint64_t host, uint64_t bytes) {
  fx_map_of(f, OI_CONSTRUCT_TARGET, site, var, host, bytes);
}

void fx_map_of(fx *f, enum oi_construct construct, uint32_t site, uint16_t var, uint64_t host,
               uint64_t bytes) {
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = OI_KIND_MAP;
  ev.origin = OI_ORIGIN_COMPILER;
  ev.construct = (uint8_t)construct;
  ev.site = site;
  ev.var = var;
  ev.device = FX_DEV;
  OI_SET(&ev, MAP, device, FX_DEV);
  OI_SET(&ev, MAP, host_addr, host);
  OI_SET(&ev, MAP, bytes, bytes);
  if (f->map_hash) {
    OI_SET(&ev, MAP, hash, f->map_hash);
    ev.flags |= OI_FLAG_HASH_VALID;
  }
  ev.time_ns = f->now++;
  fx_add(f, &ev);
}

void fx_kernel_edge(fx *f, int32_t device, unsigned endpoint) {
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = OI_KIND_KERNEL;
  ev.device = device;
  OI_SET(&ev, KERNEL, device, (uint64_t)device);
  ev.endpoint = (uint8_t)endpoint;
  ev.time_ns = f->now++;
  fx_add(f, &ev);
}

void fx_kernel(fx *f, int32_t device) {
  fx_kernel_edge(f, device, OI_EP_BEGIN);
  f->now += 4999; /* a kernel takes 5 us */
  fx_kernel_edge(f, device, OI_EP_END);
  f->now += 9;
}

void fx_region(fx *f, enum oi_construct construct, unsigned endpoint) {
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = OI_KIND_TARGET;
  ev.origin = OI_ORIGIN_MERGED;
  ev.site = f->region_site;
  ev.construct = (uint8_t)construct;
  ev.endpoint = (uint8_t)endpoint;
  ev.device = FX_DEV;
  OI_SET(&ev, TARGET, device, FX_DEV);
  ev.time_ns = f->now;
  fx_add(f, &ev);
  f->now += 10;
}

void fx_target_tofrom(fx *f, uint32_t site, uint64_t hash_in, uint64_t hash_out) {
  fx_op(f, OI_DATA_OP_ALLOC, site, 1, FX_A, FX_BYTES, FX_NO_HASH);
  fx_op(f, OI_DATA_OP_TO_DEVICE, site, 1, FX_A, FX_BYTES, hash_in);
  fx_kernel(f, FX_DEV);
  fx_op(f, OI_DATA_OP_FROM_DEVICE, site, 1, FX_A, FX_BYTES, hash_out);
  fx_op(f, OI_DATA_OP_DELETE, site, 1, FX_A, 0, FX_NO_HASH);
}

size_t fx_finish_count(fx *f, enum oi_finding_kind kind) {
  assert_int_equal(oi_analysis_finish(f->ctx), 0);
  size_t n, count = 0;
  const oi_finding *all = oi_analysis_findings(f->ctx, &n);
  for (size_t i = 0; i < n; i++)
    count += all[i].kind == kind;
  return count;
}

const oi_finding *fx_find(fx *f, enum oi_finding_kind kind, const char *var) {
  assert_int_equal(oi_analysis_finish(f->ctx), 0);
  size_t n;
  const oi_finding *all = oi_analysis_findings(f->ctx, &n), *found = NULL;
  for (size_t i = 0; i < n; i++)
    if (all[i].kind == kind && strcmp(fx_var(&all[i].at), var) == 0) {
      assert_null(found);
      found = &all[i];
    }
  assert_non_null(found);
  return found;
}

const char *fx_advice(const oi_finding *finding) {
  static char texts[4][1024];
  static unsigned next;
  const oi_name_entry *at = oi_names_at(&fx_names, finding->at.name);
  oi_finding_vars vars = {at->text, at->whole, at->source, fx_var(&finding->other)};
  char *text = texts[next++ % 4];
  return oi_finding_advice(finding, &vars, text, sizeof texts[0]);
}
