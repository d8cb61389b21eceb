/* `ompt-inst dump [--header] DIR`: the unified event stream as JSON lines,
 * in file order (per-thread record order; see docs/dump-format.md). */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "report/json_writer.h"
#include "trace/ompt_callback_names.h"
#include "trace/symbolize.h"
#include "trace/trace_reader.h"

static const char dump_usage[] =
    "usage: ompt-inst dump [--header] DIR\n"
    "  Prints the events of the run folder DIR, one JSON object per line.\n"
    "  --header  first print one line with the run's info, threads and\n"
    "            OMPT capability matrix\n";

typedef struct dump_context {
  oi_trace_reader *trace;
  oi_symbolizer *symbolizer;
  oi_json json;
} dump_context;

/* Every field of the kind's rows (events.def) that the event holds, as its
 * type prints: hex strings, signed or unsigned numbers. */
static void print_kind_fields(dump_context *c, const oi_event *e) {
  unsigned count;
  const oi_field *fields = oi_kind_fields(e->kind, &count);
  for (unsigned i = 0; i < count; i++) {
    const oi_field *f = &fields[i];
    if (!oi_field_present(e, f))
      continue;
    uint64_t word = oi_field_word(e, f);
    if (f->hex)
      oi_json_hex(&c->json, f->name, word);
    else if (f->is_signed && f->bits == 32)
      oi_json_int(&c->json, f->name, (int32_t)word);
    else if (f->is_signed)
      oi_json_int(&c->json, f->name, (int64_t)word);
    else if (f->bits == 32)
      oi_json_uint(&c->json, f->name, (uint32_t)word);
    else
      oi_json_uint(&c->json, f->name, word);
  }
}

static void print_data_fields(dump_context *c, const oi_event *e) {
  oi_json_str(&c->json, "op", oi_data_op_name(e->op));
  oi_json_uint(&c->json, "bytes", e->u.data.bytes);
  oi_json_hex(&c->json, "host_addr", e->u.data.host_addr);
  oi_json_hex(&c->json, "device_addr", e->u.data.device_addr);
  oi_json_int(&c->json, "device", e->device);
  if (e->flags & OI_FLAG_HASH_VALID)
    oi_json_hex(&c->json, "hash", e->u.data.hash);
  oi_json_uint(&c->json, "duration_ns", e->u.data.duration_ns);
}

/* The map item an event names: `var` is 1-based into the site's map lines. */
static void print_variable(dump_context *c, const oi_event *e, const oi_site *site) {
  if (e->var == 0)
    return;
  if (!site || e->var > site->map_count) {
    oi_json_uint(&c->json, "var_index", e->var);
    return;
  }
  const oi_map_item *map = &site->maps[e->var - 1];
  oi_json_str(&c->json, "var", map->item);
  if (map->type[0])
    oi_json_str(&c->json, "map_type", map->type);
  if (map->modifiers[0])
    oi_json_str(&c->json, "map_modifiers", map->modifiers);
}

static void print_flags(dump_context *c, unsigned flags) {
#define FLAG_MEMBER(id, bit, name)                                                                 \
  if (flags & (bit))                                                                               \
    oi_json_bool(&c->json, name, true);
  OI_EVENT_FLAGS(FLAG_MEMBER)
#undef FLAG_MEMBER
}

/* Source attribution: the compiler site when the event has one, else the
 * return address through libdw, else the module and offset. */
static void print_location(dump_context *c, const oi_event *e, const oi_site *site) {
  if (site && site->file) {
    oi_json_str(&c->json, "file", site->file);
    oi_json_uint(&c->json, "line", site->line);
    oi_json_uint(&c->json, "col", site->col);
    if (site->function)
      oi_json_str(&c->json, "function", site->function);
    if (site->end_line) /* absent keys are left out: a call's site has none */
      oi_json_uint(&c->json, "end_line", site->end_line);
    return;
  }
  if (e->codeptr == 0 || !c->symbolizer)
    return;
  const oi_location *where = oi_symbolize(c->symbolizer, e->codeptr);
  if (where->has_source) {
    oi_json_str(&c->json, "file", where->file);
    oi_json_uint(&c->json, "line", where->line);
    if (where->col)
      oi_json_uint(&c->json, "col", where->col);
  }
  if (where->function)
    oi_json_str(&c->json, "function", where->function);
  if (!where->has_source && where->module) {
    oi_json_str(&c->json, "module", where->module->path);
    oi_json_hex(&c->json, "offset", where->offset);
  }
}

static void print_event(dump_context *c, const oi_event *e) {
  const oi_site *site = oi_reader_site(c->trace, e->site);
  oi_json *json = &c->json;
  oi_json_open(json, NULL, '{');
  oi_json_str(json, "kind", oi_kind_name(e->kind));
  if (e->kind >= OI_KIND_COUNT)
    oi_json_uint(json, "kind_id", e->kind);
  if (e->endpoint != OI_EP_NONE)
    oi_json_str(json, "endpoint", oi_endpoint_name(e->endpoint));
  oi_json_str(json, "origin", oi_origin_name(e->origin));
  const char *construct = site && site->construct && site->construct[0]
                              ? site->construct
                              : oi_construct_name(e->construct);
  if (construct[0])
    oi_json_str(json, "construct", construct);
  print_location(c, e, site);
  oi_json_uint(json, "thread", e->thread);
  oi_json_int(json, "time_ns", (int64_t)(e->time_ns - c->trace->header.start_time_ns));
  if (e->site)
    oi_json_uint(json, "site", e->site);
  if (e->codeptr)
    oi_json_hex(json, "codeptr", e->codeptr);
  if (e->kind == OI_KIND_DATA_OP) {
    print_data_fields(c, e);
  } else {
    print_kind_fields(c, e);
    if (e->kind == OI_KIND_MAP && e->op != OI_DATA_OP_NONE)
      oi_json_str(json, "op", oi_data_op_name(e->op));
    if (e->kind == OI_KIND_ERROR && site && site->message)
      oi_json_str(json, "message", site->message);
  }
  if (e->kind == OI_KIND_DATA_OP || e->kind == OI_KIND_MAP)
    print_variable(c, e, site);
  print_flags(c, e->flags);
  oi_json_close(json, '}');
  fputc('\n', json->out);
}

/* Info records as an object; a key recorded more than once maps to an
 * array of its values, in record order. */
static void print_infos(dump_context *c) {
  const oi_trace_reader *t = c->trace;
  oi_json_open(&c->json, "info", '{');
  for (uint32_t i = 0; i < t->info_count; i++) {
    uint32_t first = 0, repeats = 0;
    while (strcmp(t->infos[first].key, t->infos[i].key) != 0)
      first++;
    if (first != i)
      continue; /* printed with its first occurrence */
    for (uint32_t j = i; j < t->info_count; j++)
      repeats += strcmp(t->infos[j].key, t->infos[i].key) == 0;
    if (repeats == 1) {
      oi_json_str(&c->json, t->infos[i].key, t->infos[i].value);
      continue;
    }
    oi_json_open(&c->json, t->infos[i].key, '[');
    for (uint32_t j = i; j < t->info_count; j++)
      if (strcmp(t->infos[j].key, t->infos[i].key) == 0)
        oi_json_str(&c->json, NULL, t->infos[j].value);
    oi_json_close(&c->json, ']');
  }
  oi_json_close(&c->json, '}');
}

static void print_header(dump_context *c) {
  const oi_trace_reader *t = c->trace;
  oi_json *json = &c->json;
  oi_json_open(json, NULL, '{');
  oi_json_str(json, "record", "header");
  oi_json_uint(json, "trace_version", t->header.version);
  oi_json_uint(json, "pid", t->header.pid);
  oi_json_uint(json, "start_time_ns", t->header.start_time_ns);
  oi_json_bool(json, "complete", t->complete);
  oi_json_uint(json, "event_count", t->complete ? t->end.event_count : t->events_in_file);
  if (t->complete) {
    oi_json_uint(json, "lost_events", t->end.lost_events);
    oi_json_uint(json, "duration_ns", t->end.end_time_ns - t->header.start_time_ns);
    if (t->end.signal)
      oi_json_uint(json, "signal", t->end.signal);
    if (t->end.write_error)
      oi_json_str(json, "write_error", strerror((int)t->end.write_error));
  }
  if (t->skipped_bytes)
    oi_json_uint(json, "torn_bytes", t->skipped_bytes);
  print_infos(c);
  /* ompt_set_result_t per callback: 1 never ... 5 always, 0 not asked */
  oi_json_open(json, "capabilities", '{');
  for (uint32_t i = 0; i < t->capability_count; i++) {
    const char *name = oi_ompt_callback_name(t->capabilities[i].callback);
    char unknown[32];
    if (!name) {
      snprintf(unknown, sizeof unknown, "callback_%u", t->capabilities[i].callback);
      name = unknown;
    }
    oi_json_uint(json, name, t->capabilities[i].result);
  }
  oi_json_close(json, '}');
  oi_json_open(json, "threads", '[');
  for (uint32_t i = 0; i < t->thread_count; i++) {
    oi_json_open(json, NULL, '{');
    oi_json_uint(json, "thread", t->threads[i].thread);
    oi_json_uint(json, "thread_type", t->threads[i].thread_type);
    oi_json_uint(json, "os_tid", t->threads[i].os_tid);
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  oi_json_open(json, "modules", '[');
  for (uint32_t i = 0; i < t->module_count; i++) {
    oi_json_open(json, NULL, '{');
    oi_json_str(json, "path", t->modules[i].path);
    oi_json_hex(json, "base", t->modules[i].base);
    oi_json_hex(json, "start", t->modules[i].start);
    oi_json_hex(json, "end", t->modules[i].end);
    oi_json_close(json, '}');
  }
  oi_json_close(json, ']');
  oi_json_uint(json, "sites", t->site_count);
  oi_json_close(json, '}');
  fputc('\n', json->out);
}

static int dump_trace(oi_trace_reader *trace, bool with_header) {
  dump_context c = {.trace = trace};
  c.symbolizer = oi_symbolizer_new(trace->modules, trace->module_count);
  oi_json_init(&c.json, stdout);
  if (with_header)
    print_header(&c);
  const oi_event *event;
  int result;
  while ((result = oi_reader_next(trace, &event)) > 0)
    print_event(&c, event);
  oi_symbolizer_free(c.symbolizer);
  int code = OI_EXIT_OK;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "ompt-inst: error writing the dump\n");
    code = OI_EXIT_FAILURE;
  }
  oi_reader_print_notes(trace, stderr);
  if (result < 0) {
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
    code = OI_EXIT_FAILURE;
  } else if (!trace->complete) {
    fprintf(stderr,
            "ompt-inst: warning: %s: no end record, the trace is incomplete "
            "(the program did not finish normally); %llu events read\n",
            trace->path, (unsigned long long)trace->events_in_file);
  }
  return code;
}

int oi_cmd_dump(int argc, char **argv) {
  bool with_header = false;
  const char *dir = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      fputs(dump_usage, stdout);
      return OI_EXIT_OK;
    } else if (strcmp(argv[i], "--header") == 0) {
      with_header = true;
    } else if (argv[i][0] == '-' || dir) {
      fprintf(stderr, "ompt-inst dump: unexpected argument '%s'\n%s", argv[i], dump_usage);
      return OI_EXIT_USAGE;
    } else {
      dir = argv[i];
    }
  }
  if (!dir) {
    fprintf(stderr, "ompt-inst dump: missing run folder\n%s", dump_usage);
    return OI_EXIT_USAGE;
  }
  oi_trace_reader *trace = malloc(sizeof *trace);
  if (!trace) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    return OI_EXIT_FAILURE;
  }
  enum oi_reader_status status = oi_reader_open(trace, dir);
  int code;
  if (status == OI_READER_OK || status == OI_READER_DAMAGED) {
    code = dump_trace(trace, with_header);
  } else {
    fprintf(stderr, "ompt-inst: %s\n", trace->error);
    code = OI_EXIT_FAILURE;
  }
  oi_reader_close(trace);
  free(trace);
  return code;
}
