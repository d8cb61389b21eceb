#include "analysis_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

#include <cmocka.h>

#include "report/finding_words.h"

static const char *var_name(void *user, uint32_t site, uint16_t var) {
  (void)user;
  (void)site;
  static const char *const names[] = {NULL, "a[0:N]", "b[0:N]", "c[0:N]",
                                      "x[0:1]"};
  return var < 5 ? names[var] : NULL;
}

static void site_location(void *user, uint32_t site, const char **file,
                          unsigned *line) {
  (void)user;
  *file = "c.c";
  *line = site;
}

static void code_location(void *user, uint64_t codeptr, const char **file,
                          unsigned *line) {
  (void)user;
  *line = (unsigned)(codeptr & 0xfff);
  *file = *line ? "bin.c" : NULL;
}

static int var_written(void *user, uint32_t site, uint16_t var) {
  (void)site;
  const fx *f = user;
  if (f->writes_unknown)
    return -1;
  return var < 5 ? f->writes[var] : 0;
}

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
  oi_analysis_callbacks cb = {.user = f, .var_name = var_name, .site_location = site_location,
                              .code_location = code_location, .var_written = var_written,
                              .table = &fx_names};
  f->ctx = oi_analysis_create(&cb);
  assert_non_null(f->ctx);
  f->now = 1000000;
  f->origin = OI_ORIGIN_NATIVE;
  f->construct = OI_CONSTRUCT_NONE;
  f->native_line = 7;
  f->device = FX_DEV;
}

void fx_done(fx *f) { oi_analysis_destroy(f->ctx); }

static void add(fx *f, oi_event *ev) {
  assert_int_equal(oi_analysis_add(f->ctx, ev), 0);
}

void fx_op_flags(fx *f, enum oi_data_op op, uint32_t site, uint16_t var,
                 uint64_t host, uint64_t bytes, uint64_t hash, uint8_t flags) {
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
  add(f, &ev);
  f->now += FX_DUR + 10;
}

void fx_op(fx *f, enum oi_data_op op, uint32_t site, uint16_t var,
           uint64_t host, uint64_t bytes, uint64_t hash) {
  fx_op_flags(f, op, site, var, host, bytes, hash, 0);
}

void fx_map(fx *f, uint32_t site, uint16_t var, uint64_t host, uint64_t bytes) {
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = OI_KIND_MAP;
  ev.origin = OI_ORIGIN_COMPILER;
  ev.construct = OI_CONSTRUCT_TARGET;
  ev.site = site;
  ev.var = var;
  ev.device = FX_DEV;
  OI_SET(&ev, MAP, device, FX_DEV);
  OI_SET(&ev, MAP, host_addr, host);
  OI_SET(&ev, MAP, bytes, bytes);
  ev.time_ns = f->now++;
  add(f, &ev);
}

void fx_kernel_edge(fx *f, int32_t device, unsigned endpoint) {
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = OI_KIND_KERNEL;
  ev.device = device;
  OI_SET(&ev, KERNEL, device, (uint64_t)device);
  ev.endpoint = (uint8_t)endpoint;
  ev.time_ns = f->now++;
  add(f, &ev);
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
  add(f, &ev);
  f->now += 10;
}

void fx_target_tofrom(fx *f, uint32_t site, uint64_t hash_in,
                      uint64_t hash_out) {
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
