/* Writes a small synthetic run folder whose every event exercises one part
 * of the dump format: site attribution, map items, hashes, flags, module
 * fallback, escaping. Usage: write_synthetic_trace [VERSION]: the folder
 * is created and printed; VERSION 1 writes the first format (no frames),
 * 2 frames of 80-byte events, 3 (the default) compact events. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit/trace_fixture.h"

static const char site_text[] =
    "ompt-inst-site 1\n"
    "construct=target teams distribute parallel for\n"
    "file=/src/we\"ird\\app.c\n"
    "line=12\n"
    "col=3\n"
    "end_line=40\n"
    "function=main\n"
    "clauses=map(tofrom: a[0:n]) map(always, to: b)\n"
    "map=tofrom;-;explicit;a[0:n]\n"
    "map=to;always;explicit;b\n";

static oi_event event_at(uint64_t after_start_ns, uint8_t kind, uint8_t endpoint,
                         uint8_t construct, uint32_t site) {
  oi_event e = fixture_event(0, kind, 0);
  e.time_ns = FIXTURE_START_NS + after_start_ns;
  e.endpoint = endpoint;
  e.construct = construct;
  e.site = site;
  e.origin = site ? OI_ORIGIN_MERGED : OI_ORIGIN_NATIVE;
  return e;
}

/* As the shim writes them: compact since format 3, 80 bytes each before. */
static void write_events(trace_fixture *fx, uint32_t thread, const oi_event *events,
                         uint32_t count) {
  if (fx->version >= 3)
    fixture_compact_events(fx, thread, events, count);
  else
    fixture_events(fx, thread, events, count);
}

int main(int argc, char **argv) {
  trace_fixture fx;
  fixture_begin(&fx, argc > 1 ? (uint32_t)atoi(argv[1]) : OI_TRACE_VERSION);
  fixture_info(&fx, "program=/bin/app \"quoted\"\ttab");
  fixture_info(&fx, "argv=app");
  fixture_info(&fx, "argv=-n");
  fixture_thread(&fx, 0, 1, 1001);
  fixture_thread(&fx, 3, 2, 1004);
  oi_capability caps[] = {{3, 5}, {22, 1}};
  fixture_capabilities(&fx, caps, 2);
  fixture_module(&fx, 0x10000000, 0x10000000, 0x10100000, "/nonexistent/libfoo.so");
  fixture_site(&fx, 7, site_text);

  oi_event e[8];
  e[0] = event_at(5000, OI_KIND_TARGET, OI_EP_BEGIN, OI_CONSTRUCT_TARGET, 7);
  e[0].codeptr = 0x401234;
  OI_SET(&e[0], TARGET, target_id, 1); /* target_id */
  OI_SET(&e[0], TARGET, device, 4); /* device */
  e[1] = event_at(6000, OI_KIND_DATA_OP, OI_EP_NONE, OI_CONSTRUCT_TARGET, 7);
  e[1].origin = OI_ORIGIN_INFERRED;
  e[1].op = OI_DATA_OP_TO_DEVICE;
  e[1].var = 1;
  e[1].device = 4;
  e[1].flags = OI_FLAG_HASH_VALID;
  e[1].u.data.bytes = 800;
  e[1].u.data.host_addr = 0x7ffd0000;
  e[1].u.data.device_addr = 0x5000;
  e[1].u.data.hash = 0xabc;
  e[1].u.data.duration_ns = 1500;
  e[2] = e[1];
  e[2].time_ns += 1000;
  e[2].op = OI_DATA_OP_DELETE;
  e[2].var = 2;
  e[2].flags = 0;
  e[3] = event_at(8000, OI_KIND_MAP, OI_EP_NONE, OI_CONSTRUCT_TARGET, 7);
  e[3].var = 2;
  OI_SET(&e[3], MAP, target_id, 1);
  OI_SET(&e[3], MAP, device, (uint64_t)-1); /* the host */
  OI_SET(&e[3], MAP, host_addr, 0x7ffd0100);
  OI_SET(&e[3], MAP, bytes, 4);
  e[4] = event_at(9000, OI_KIND_PARALLEL, OI_EP_BEGIN, OI_CONSTRUCT_PARALLEL, 0);
  e[4].flags = OI_FLAG_IMPLICIT | OI_FLAG_NOWAIT;
  OI_SET(&e[4], PARALLEL, team_size, 2); /* team_size */
  e[5] = event_at(9500, OI_KIND_FLUSH, OI_EP_NONE, OI_CONSTRUCT_NONE, 0);
  e[5].codeptr = 0x10000abc; /* a module without debug information */
  e[6] = event_at(9600, OI_KIND_DATA_OP, OI_EP_NONE, OI_CONSTRUCT_TARGET, 99);
  e[6].var = 1; /* a site the trace does not describe */
  write_events(&fx, 0, e, 7);
  e[7] = event_at(100, OI_KIND_THREAD, OI_EP_BEGIN, OI_CONSTRUCT_THREAD, 0);
  e[7].thread = 3;
  OI_SET(&e[7], THREAD, thread_type, 2);
  write_events(&fx, 3, &e[7], 1);
  fixture_end(&fx, 8, 0);
  fixture_finish(&fx);
  printf("%s\n", fx.dir);
  return 0;
}
