/* The report model on synthetic traces with known answers: begin/end
 * pairing, workers whose team's region comes later in the file, unpaired
 * regions, variables named through map events, and timeline lanes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/profile.h"
#include "analysis/profile_findings.h"
#include "unit/trace_fixture.h"

static const char parallel_site[] = "ompt-inst-site 1\nconstruct=parallel\nfile=/src/app.c\n"
                                    "line=10\ncol=1\nend_line=20\nfunction=main\n";
static const char target_site[] = "ompt-inst-site 1\nconstruct=target\nfile=/src/app.c\n"
                                  "line=30\ncol=1\nend_line=32\nfunction=main\n"
                                  "map=to;-;explicit;a[0:n]\n";

static oi_event ranged(uint32_t n, uint8_t kind, uint32_t thread, uint8_t endpoint,
                       uint64_t parallel_id) {
  oi_event e = fixture_event(n, kind, thread);
  e.endpoint = endpoint;
  if (kind == OI_KIND_PARALLEL)
    OI_SET(&e, PARALLEL, parallel_id, parallel_id);
  else if (kind == OI_KIND_IMPLICIT_TASK)
    OI_SET(&e, IMPLICIT_TASK, parallel_id, parallel_id);
  else
    assert_int_equal(parallel_id, 0); /* the other kinds' regions stay unnamed */
  return e;
}

static oi_event data_op(uint32_t n, uint32_t thread, uint8_t op, uint64_t host,
                        uint64_t device_addr, uint64_t bytes, uint64_t duration) {
  oi_event e = fixture_event(n, OI_KIND_DATA_OP, thread);
  e.op = op;
  e.device = 0;
  e.u.data.host_addr = host;
  e.u.data.device_addr = device_addr;
  e.u.data.bytes = bytes;
  e.u.data.duration_ns = duration;
  return e;
}

typedef struct built {
  trace_fixture fx;
  oi_trace_reader trace;
  oi_profile profile;
} built;

static void build(built *b, bool timeline) {
  fixture_end(&b->fx, 0, 0);
  fixture_finish(&b->fx);
  assert_int_equal(oi_reader_open(&b->trace, b->fx.dir), OI_READER_OK);
  oi_profile_options options = {.timeline = timeline, .analyse = oi_profile_analyse};
  assert_int_equal(oi_profile_build(&b->profile, &b->trace, &options), 0);
}

static void release(built *b) {
  oi_profile_free(&b->profile);
  oi_reader_close(&b->trace);
  fixture_remove(&b->fx);
}

static const oi_construct_row *find_row(const oi_profile *p, const char *place, const char *label) {
  char text[256];
  for (uint32_t i = 0; i < p->row_keys.count; i++)
    if (strcmp(p->rows[i].label, label) == 0 &&
        strcmp(oi_place_text(&p->places[p->rows[i].place], false, text, sizeof text), place) == 0)
      return &p->rows[i];
  fail_msg("no row %s at %s", label, place);
  return NULL;
}

/* A worker's implicit task is in the file before the parallel region that
 * names its place (the master's batch is flushed last). */
static void test_worker_before_its_region(void **state) {
  (void)state;
  built b;
  fixture_begin(&b.fx, OI_TRACE_VERSION);
  fixture_site(&b.fx, 1, parallel_site);
  oi_event worker[] = {ranged(2, OI_KIND_IMPLICIT_TASK, 1, OI_EP_BEGIN, 5),
                       ranged(8, OI_KIND_IMPLICIT_TASK, 1, OI_EP_END, 0)};
  fixture_events(&b.fx, 1, worker, 2);
  oi_event master[] = {ranged(1, OI_KIND_PARALLEL, 0, OI_EP_BEGIN, 5),
                       ranged(2, OI_KIND_IMPLICIT_TASK, 0, OI_EP_BEGIN, 5),
                       ranged(9, OI_KIND_IMPLICIT_TASK, 0, OI_EP_END, 0),
                       ranged(10, OI_KIND_PARALLEL, 0, OI_EP_END, 5)};
  master[0].site = master[3].site = 1;
  fixture_events(&b.fx, 0, master, 4);
  build(&b, false);
  const oi_profile *p = &b.profile;
  assert_int_equal(p->thread_count, 2);
  const oi_construct_row *region = find_row(p, "app.c:10", "parallel");
  assert_int_equal(region->instances, 1);
  assert_int_equal(region->threads, 1);
  assert_int_equal(region->total_ns, 9000);
  const oi_construct_row *tasks = find_row(p, "app.c:10", "implicit task");
  assert_int_equal(tasks->instances, 2);
  assert_int_equal(tasks->threads, 2);
  assert_int_equal(tasks->total_ns, 13000);
  assert_int_equal(tasks->max_ns, 7000);
  assert_true(tasks->imbalance > 1.0769 && tasks->imbalance < 1.0770); /* 7000 / 6500 */
  assert_int_equal(p->places[region->place].end_line, 20);
  release(&b);
}

/* An end closes the innermost open region of its kind; a begin without an
 * end is timed to its thread's last event and counted as unpaired. */
static void test_pairing(void **state) {
  (void)state;
  built b;
  fixture_begin(&b.fx, OI_TRACE_VERSION);
  oi_event events[] = {
      ranged(1, OI_KIND_SYNC, 0, OI_EP_BEGIN, 0),  ranged(2, OI_KIND_WORK, 0, OI_EP_BEGIN, 0),
      ranged(3, OI_KIND_SYNC, 0, OI_EP_END, 0),    ranged(5, OI_KIND_WORK, 0, OI_EP_END, 0),
      ranged(6, OI_KIND_MUTEX, 0, OI_EP_BEGIN, 0), fixture_event(9, OI_KIND_FLUSH, 0)};
  events[0].construct = events[2].construct = OI_CONSTRUCT_BARRIER;
  events[1].construct = events[3].construct = OI_CONSTRUCT_FOR;
  events[4].construct = OI_CONSTRUCT_CRITICAL;
  events[5].construct = OI_CONSTRUCT_FLUSH;
  fixture_events(&b.fx, 0, events, 6);
  build(&b, false);
  const oi_profile *p = &b.profile;
  assert_int_equal(find_row(p, "?", "barrier")->total_ns, 2000);
  assert_int_equal(find_row(p, "?", "for")->total_ns, 3000);
  const oi_construct_row *critical = find_row(p, "?", "critical");
  assert_int_equal(critical->instances, 1);
  assert_int_equal(critical->unpaired, 1);
  assert_int_equal(critical->total_ns, 3000);
  assert_int_equal(find_row(p, "?", "flush")->instances, 1);
  release(&b);
}

static const char atomic_site[] = "ompt-inst-site 1\nconstruct=atomic\nfile=/src/app.c\n"
                                  "line=40\ncol=1\nend_line=40\nfunction=main\n";
static const char other_atomic_site[] = "ompt-inst-site 1\nconstruct=atomic\nfile=/src/app.c\n"
                                        "line=50\ncol=1\nend_line=50\nfunction=main\n";

static oi_event atomic_event(uint32_t n, uint8_t kind, uint32_t thread, uint8_t endpoint,
                             uint32_t site, uint64_t count) {
  oi_event e = fixture_event(n, kind, thread);
  e.endpoint = endpoint;
  e.origin = OI_ORIGIN_COMPILER;
  e.construct = OI_CONSTRUCT_ATOMIC;
  e.site = site;
  if (kind == OI_KIND_CONSTRUCT_COUNT)
    OI_SET(&e, CONSTRUCT_COUNT, count, count);
  else
    assert_int_equal(count, 0); /* construct events carry no count */
  return e;
}

/* Count events of an atomic site add their counts to the instances of the
 * site's row per thread, untimed and without slices; a count event joins
 * the row of the same site's construct events (point or begin/end), so
 * traces recorded either way give the same rows, and begin/end pairs keep
 * the row timed. */
static void test_counted_atomics(void **state) {
  (void)state;
  built b;
  fixture_begin(&b.fx, OI_TRACE_VERSION);
  fixture_site(&b.fx, 1, atomic_site);
  fixture_site(&b.fx, 2, other_atomic_site);
  oi_event thread0[] = {atomic_event(1, OI_KIND_CONSTRUCT_COUNT, 0, OI_EP_NONE, 1, 700),
                        atomic_event(2, OI_KIND_CONSTRUCT, 0, OI_EP_NONE, 1, 0),
                        atomic_event(3, OI_KIND_CONSTRUCT_COUNT, 0, OI_EP_NONE, 1, 300),
                        atomic_event(4, OI_KIND_CONSTRUCT, 0, OI_EP_BEGIN, 2, 0),
                        atomic_event(6, OI_KIND_CONSTRUCT, 0, OI_EP_END, 2, 0)};
  oi_event thread1[] = {atomic_event(5, OI_KIND_CONSTRUCT_COUNT, 1, OI_EP_NONE, 1, 42),
                        atomic_event(7, OI_KIND_CONSTRUCT_COUNT, 1, OI_EP_NONE, 2, 9)};
  fixture_events(&b.fx, 0, thread0, 5);
  fixture_events(&b.fx, 1, thread1, 2);
  build(&b, true);
  const oi_profile *p = &b.profile;
  assert_int_equal(p->row_keys.count, 2);
  const oi_construct_row *counted = find_row(p, "app.c:40", "atomic");
  assert_int_equal(counted->kind, OI_KIND_CONSTRUCT);
  assert_true(counted->compiler);
  assert_int_equal(counted->instances, 700 + 1 + 300 + 42);
  assert_int_equal(counted->thread_instances[0], 1001);
  assert_int_equal(counted->thread_instances[1], 42);
  assert_int_equal(counted->threads, 2);
  assert_false(counted->timed);
  assert_int_equal(counted->total_ns, 0);
  const oi_construct_row *timed = find_row(p, "app.c:50", "atomic");
  assert_int_equal(timed->instances, 1 + 9);
  assert_true(timed->timed);
  assert_int_equal(timed->total_ns, 2000);
  /* only the timed begin/end pair is a slice */
  assert_int_equal(p->slice_count, 1);
  release(&b);
}

/* Operations the runtime reports without a site take the name of the map
 * item that mapped their host address, and deletes (host address 0) the
 * name of their device address. Overlapping transfers from two threads go
 * to two lanes of the device track. */
static void test_variables_and_lanes(void **state) {
  (void)state;
  built b;
  fixture_begin(&b.fx, OI_TRACE_VERSION);
  fixture_site(&b.fx, 2, target_site);
  oi_event map = fixture_event(1, OI_KIND_MAP, 0);
  map.site = 2;
  map.var = 1;
  OI_SET(&map, MAP, host_addr, 0x1000);
  OI_SET(&map, MAP, bytes, 800);
  oi_event host[] = {map, data_op(2, 0, OI_DATA_OP_ALLOC, 0x1000, 0x9000, 800, 1000),
                     data_op(3, 0, OI_DATA_OP_TO_DEVICE, 0x1000, 0x9000, 800, 5000),
                     data_op(10, 0, OI_DATA_OP_DELETE, 0, 0x9000, 0, 100)};
  fixture_events(&b.fx, 0, host, 4);
  oi_event other = data_op(4, 1, OI_DATA_OP_TO_DEVICE, 0x2000, 0xa000, 800, 5000);
  fixture_events(&b.fx, 1, &other, 1);
  build(&b, true);
  const oi_profile *p = &b.profile;
  assert_int_equal(p->variable_names.count, 2);
  const oi_variable_row *a = &p->variables[0];
  assert_string_equal(a->name, "a[0:n]");
  assert_int_equal(a->ops[OI_DATA_OP_ALLOC], 1);
  assert_int_equal(a->ops[OI_DATA_OP_TO_DEVICE], 1);
  assert_int_equal(a->bytes[OI_DATA_OP_TO_DEVICE], 800);
  assert_int_equal(a->ops[OI_DATA_OP_DELETE], 1);
  assert_string_equal(p->variables[1].name, "0x2000 (800 bytes)");
  assert_int_equal(p->device_count, 1);
  /* slices sorted by track, lane, start: alloc, to, delete on lane 0 */
  assert_int_equal(p->slice_count, 4);
  const uint8_t ops[] = {OI_DATA_OP_ALLOC, OI_DATA_OP_TO_DEVICE, OI_DATA_OP_DELETE,
                         OI_DATA_OP_TO_DEVICE};
  const uint32_t lanes[] = {0, 0, 0, 1};
  for (unsigned i = 0; i < 4; i++) {
    assert_int_equal(p->slices[i].track_kind, OI_TRACK_DEVICE);
    assert_int_equal(p->slices[i].op, ops[i]);
    assert_int_equal(p->slices[i].lane, lanes[i]);
  }
  assert_int_equal(p->slices[3].start_ns, 4000);
  assert_int_equal(p->slices[3].end_ns, 9000);
  release(&b);
}

/* The analysis' stream as the `analyse` option sees it, checked there:
 * each kept event's facts were resolved once in the streaming pass. */
static int check_facts(oi_profile *p) {
  oi_device_stream stream = oi_profile_device_stream(p);
  uint32_t item = OI_NAME_NONE, address = OI_NAME_NONE;
  for (uint64_t i = 0; i < stream.count; i++) {
    const oi_device_event *kept = &stream.events[i];
    if (kept->event.kind != OI_KIND_DATA_OP) {
      assert_int_equal(kept->facts.name, OI_NAME_NONE); /* only data ops move a variable */
      continue;
    }
    const oi_name_entry *name = oi_names_at(&p->names, kept->facts.name);
    assert_non_null(name);
    if (kept->event.u.data.host_addr == 0x2000) {
      assert_string_equal(name->text, "0x2000 (800 bytes)");
      assert_int_equal(kept->event.site, 0); /* no map item mapped it */
      address = kept->facts.name;
      continue;
    }
    if (!kept->event.u.data.host_addr)
      continue; /* the delete: its device address names it */
    /* the runtime gave no site: the map item that mapped the address */
    assert_int_equal(kept->event.site, 2);
    assert_int_equal(kept->event.var, 1);
    assert_string_equal(name->text, "a[0:n]");
    assert_int_equal(name->source, OI_NAME_PLUGIN_ITEM);
    assert_string_equal(kept->facts.file, "/src/app.c");
    assert_int_equal(kept->facts.line, 30);
    assert_int_equal(kept->facts.writes_item, -1); /* the site has no writes= line */
    /* the same map item: the same id, made once */
    assert_true(item == OI_NAME_NONE || item == kept->facts.name);
    item = kept->facts.name;
  }
  assert_int_not_equal(item, OI_NAME_NONE);
  assert_int_not_equal(address, OI_NAME_NONE);
  assert_int_not_equal(item, address);
  return 0;
}

/* The facts the analysis gets with each event: the variable's name id in
 * the profile's names table (the map item that mapped a site-less
 * operation's address, else its address), its line and its site's
 * writes= answer. The analysis reads these and not the trace. */
static void test_device_events_carry_their_facts(void **state) {
  (void)state;
  built b;
  fixture_begin(&b.fx, OI_TRACE_VERSION);
  fixture_site(&b.fx, 2, target_site);
  oi_event map = fixture_event(1, OI_KIND_MAP, 0);
  map.site = 2;
  map.var = 1;
  OI_SET(&map, MAP, host_addr, 0x1000);
  OI_SET(&map, MAP, bytes, 800);
  oi_event events[] = {map, data_op(2, 0, OI_DATA_OP_ALLOC, 0x1000, 0x9000, 800, 1000),
                       data_op(3, 0, OI_DATA_OP_TO_DEVICE, 0x1000, 0x9000, 800, 5000),
                       data_op(4, 0, OI_DATA_OP_TO_DEVICE, 0x2000, 0xa000, 800, 5000),
                       data_op(10, 0, OI_DATA_OP_DELETE, 0, 0x9000, 0, 100)};
  fixture_events(&b.fx, 0, events, 5);
  fixture_end(&b.fx, 0, 0);
  fixture_finish(&b.fx);
  assert_int_equal(oi_reader_open(&b.trace, b.fx.dir), OI_READER_OK);
  oi_profile_options options = {.analyse = check_facts};
  assert_int_equal(oi_profile_build(&b.profile, &b.trace, &options), 0);
  release(&b);
}

/* Operations the runtime reported without a site are named once, in the
 * streaming pass, as the variable table names them: here by the name their
 * device address got from a map item. Their place, their finding and the
 * variable table then say the same name. */
static void test_a_siteless_finding_carries_its_variables_name(void **state) {
  (void)state;
  built b;
  fixture_begin(&b.fx, OI_TRACE_VERSION);
  fixture_site(&b.fx, 2, target_site);
  oi_event alloc = data_op(1, 0, OI_DATA_OP_ALLOC, 0x1000, 0x9000, 800, 100);
  alloc.site = 2;
  alloc.var = 1;
  oi_event events[] = {alloc, data_op(2, 0, OI_DATA_OP_TO_DEVICE, 0x3000, 0x9000, 800, 100),
                       data_op(3, 0, OI_DATA_OP_TO_DEVICE, 0x3000, 0x9000, 800, 100)};
  for (unsigned i = 1; i < 3; i++) {
    events[i].flags = OI_FLAG_HASH_VALID;
    events[i].u.data.hash = 0xabc;
  }
  fixture_events(&b.fx, 0, events, 3);
  build(&b, false);
  const oi_profile *p = &b.profile;
  const oi_finding *f = NULL; /* beside it: the unused allocation, the unused transfer */
  for (size_t i = 0; i < p->finding_count; i++)
    if (p->findings[i].kind == OI_FINDING_DUPLICATE_TRANSFER)
      f = &p->findings[i];
  assert_non_null(f);
  assert_int_equal(f->at.site, 0);
  assert_string_equal(oi_names_at(&p->names, f->at.name)->text, "a[0:n]");
  assert_string_equal(oi_profile_finding_var(p, f), "a[0:n]");
  /* its place (`other` of a duplicate) */
  assert_string_equal(oi_names_at(&p->names, f->other.name)->text, "a[0:n]");
  /* the variable table: the allocation and the two transfers */
  assert_int_equal(p->variable_names.count, 1);
  assert_string_equal(p->variables[0].name, "a[0:n]");
  assert_int_equal(p->variables[0].ops[OI_DATA_OP_TO_DEVICE], 2);
  release(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worker_before_its_region),
      cmocka_unit_test(test_pairing),
      cmocka_unit_test(test_counted_atomics),
      cmocka_unit_test(test_variables_and_lanes),
      cmocka_unit_test(test_device_events_carry_their_facts),
      cmocka_unit_test(test_a_siteless_finding_carries_its_variables_name),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
