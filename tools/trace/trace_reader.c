#define _GNU_SOURCE /* sigabbrev_np */
/* Two passes over trace.oit: an index pass at open (metadata, damage) and a
 * streaming pass over the event records. */
#include "trace_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/array.h"
#include "common/event_codec.h"
#include "common/frame.h"

static void set_error(oi_trace_reader *trace, enum oi_reader_status status, const char *format,
                      ...) {
  va_list args;
  va_start(args, format);
  int n = snprintf(trace->error, sizeof trace->error, "%s: ", trace->path ? trace->path : "trace");
  if (n < 0 || (size_t)n >= sizeof trace->error)
    n = 0;
  vsnprintf(trace->error + n, sizeof trace->error - (size_t)n, format, args);
  va_end(args);
  trace->status = status;
}

static void set_damage(oi_trace_reader *trace, uint64_t offset, const char *format, ...) {
  char what[160];
  va_list args;
  va_start(args, format);
  vsnprintf(what, sizeof what, format, args);
  va_end(args);
  set_error(trace, OI_READER_DAMAGED, "%s at byte %llu", what, (unsigned long long)offset);
  trace->damage_offset = offset;
}

/* Reads exactly `size` bytes at `offset`; 0 on success. */
static int read_at(const oi_trace_reader *trace, void *data, size_t size, uint64_t offset) {
  char *p = data;
  while (size > 0) {
    ssize_t n = pread(trace->fd, p, size, (off_t)offset);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return -1;
    p += n;
    size -= (size_t)n;
    offset += (uint64_t)n;
  }
  return 0;
}

static char *join_path(const char *dir, const char *name) {
  size_t length = strlen(dir) + 1 + strlen(name) + 1;
  char *path = malloc(length);
  if (path)
    snprintf(path, length, "%s/%s", dir, name);
  return path;
}

static enum oi_reader_status open_file(oi_trace_reader *trace, const char *dir) {
  struct stat info;
  if (stat(dir, &info) != 0) {
    trace->path = strdup(dir);
    set_error(trace, OI_READER_UNREADABLE, "%s", strerror(errno));
    return trace->status;
  }
  trace->path = S_ISDIR(info.st_mode) ? join_path(dir, OI_TRACE_FILE_NAME) : strdup(dir);
  if (!trace->path) {
    set_error(trace, OI_READER_UNREADABLE, "out of memory");
    return trace->status;
  }
  /* never through a symbolic link, never waiting on a FIFO */
  trace->fd = open(trace->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (trace->fd < 0) {
    if (errno == ELOOP) {
      set_error(trace, OI_READER_UNREADABLE, "a symbolic link, not a trace file");
    } else if (errno == ENOENT && S_ISDIR(info.st_mode)) {
      free(trace->path);
      trace->path = strdup(dir);
      set_error(trace, OI_READER_UNREADABLE,
                "not an ompt-inst run folder (no " OI_TRACE_FILE_NAME ")");
    } else {
      set_error(trace, OI_READER_UNREADABLE, "%s", strerror(errno));
    }
    return trace->status;
  }
  if (fstat(trace->fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    set_error(trace, OI_READER_UNREADABLE, "not a regular file");
    return trace->status;
  }
  fcntl(trace->fd, F_SETFL, fcntl(trace->fd, F_GETFL) & ~O_NONBLOCK);
  trace->file_size = (uint64_t)info.st_size;
  return OI_READER_OK;
}

static enum oi_reader_status read_header(oi_trace_reader *trace) {
  oi_trace_header *h = &trace->header;
  size_t magic_length = sizeof h->magic;
  if (trace->file_size < magic_length || read_at(trace, h->magic, magic_length, 0) != 0 ||
      memcmp(h->magic, OI_TRACE_MAGIC, magic_length) != 0) {
    set_error(trace, OI_READER_BAD_HEADER, "not an ompt-inst trace (bad magic)");
    return trace->status;
  }
  if (trace->file_size < sizeof *h || read_at(trace, h, sizeof *h, 0) != 0) {
    set_error(trace, OI_READER_BAD_HEADER, "truncated header (%llu bytes)",
              (unsigned long long)trace->file_size);
    return trace->status;
  }
  if (h->version > OI_TRACE_VERSION) {
    set_error(trace, OI_READER_BAD_HEADER,
              "trace format version %u is newer than this ompt-inst (%u); upgrade ompt-inst",
              h->version, OI_TRACE_VERSION);
    return trace->status;
  }
  trace->format = oi_trace_format_of(h->version);
  if (!trace->format) {
    set_error(trace, OI_READER_BAD_HEADER, "bad trace format version %u", h->version);
  } else if (h->header_size < sizeof *h || h->header_size > trace->file_size) {
    set_error(trace, OI_READER_BAD_HEADER, "bad header size %u (expected at least %zu)",
              h->header_size, sizeof *h);
  } else if (h->event_size != sizeof(oi_event)) {
    set_error(trace, OI_READER_BAD_HEADER, "bad event size %u (expected %zu)", h->event_size,
              sizeof(oi_event));
  }
  return trace->status;
}

/* Makes room for one more element of trace->NAME (count NAME_count,
 * capacity NAME_capacity): false when memory runs out, the array then
 * unchanged. */
#define GROW(trace, name)                                                                          \
  (oi_grow((void **)&(trace)->name##s, &(trace)->name##_capacity,                                  \
           (uint64_t)(trace)->name##_count + 1, sizeof *(trace)->name##s) == 0)

/* Past a limit a record is counted, not kept: memory stays bounded. */
static bool over_limit(oi_trace_reader *trace, bool over) {
  if (over)
    trace->records_dropped++;
  return over;
}

static int keep_site(oi_trace_reader *trace, uint64_t offset, uint32_t size) {
  oi_site_record record;
  if (size < sizeof record || read_at(trace, &record, sizeof record, offset) != 0 ||
      record.length != size - sizeof record)
    return -1;
  char *text = malloc(record.length ? record.length : 1);
  if (!text || read_at(trace, text, record.length, offset + sizeof record) != 0) {
    free(text);
    return -1;
  }
  oi_site site;
  /* a descriptor we cannot parse leaves its events without source, but the
   * trace itself is intact */
  if (oi_site_parse(text, record.length, &site) == 0) {
    site.id = record.id;
    if (GROW(trace, site))
      trace->sites[trace->site_count++] = site;
    else
      oi_site_free(&site);
  }
  free(text);
  return 0;
}

static int keep_module(oi_trace_reader *trace, uint64_t offset, uint32_t size) {
  oi_module_record record;
  if (size < sizeof record || read_at(trace, &record, sizeof record, offset) != 0 ||
      record.path_length != size - sizeof record)
    return -1;
  if (over_limit(trace, trace->module_count >= OI_READER_MAX_ENTRIES))
    return 0;
  char *path = malloc(record.path_length + 1);
  if (!path || read_at(trace, path, record.path_length, offset + sizeof record) != 0 ||
      !GROW(trace, module)) {
    free(path);
    return -1;
  }
  path[record.path_length] = '\0';
  trace->modules[trace->module_count++] =
      (oi_module){.base = record.base, .start = record.start, .end = record.end, .path = path};
  return 0;
}

static int keep_info(oi_trace_reader *trace, uint64_t offset, uint32_t size) {
  if (over_limit(trace, trace->info_count >= OI_READER_MAX_INFOS ||
                            trace->info_bytes + size > OI_READER_MAX_INFO_BYTES))
    return 0;
  trace->info_bytes += size;
  char *text = malloc((size_t)size + 1);
  if (!text || read_at(trace, text, size, offset) != 0 || !GROW(trace, info)) {
    free(text);
    return -1;
  }
  text[size] = '\0';
  char *equals = memchr(text, '=', size);
  char *value = equals ? strdup(equals + 1) : strdup("");
  if (equals)
    *equals = '\0';
  if (!value) {
    free(text);
    return -1;
  }
  trace->infos[trace->info_count++] = (oi_info){.key = text, .value = value};
  return 0;
}

static int keep_capabilities(oi_trace_reader *trace, uint64_t offset, uint32_t size) {
  uint32_t count;
  if (size < sizeof count || read_at(trace, &count, sizeof count, offset) != 0 ||
      (uint64_t)count * sizeof(oi_capability) != size - sizeof count)
    return -1;
  if (over_limit(trace, trace->capability_count + (uint64_t)count > OI_READER_MAX_ENTRIES))
    return 0;
  if (oi_grow((void **)&trace->capabilities, &trace->capability_capacity,
              (uint64_t)trace->capability_count + count + 1, sizeof *trace->capabilities) != 0)
    return -1;
  oi_capability *all = trace->capabilities;
  if (read_at(trace, all + trace->capability_count, (size_t)count * sizeof *all,
              offset + sizeof count) != 0)
    return -1;
  trace->capability_count += count;
  return 0;
}

static int keep_thread(oi_trace_reader *trace, uint64_t offset, uint32_t size) {
  oi_thread_record record;
  if (size != sizeof record || read_at(trace, &record, sizeof record, offset) != 0)
    return -1;
  if (over_limit(trace, trace->thread_count >= OI_READER_MAX_ENTRIES))
    return 0;
  if (!GROW(trace, thread))
    return -1;
  trace->threads[trace->thread_count++] = record;
  return 0;
}

/* The smallest encoded event: key, mask and time delta. */
#define COMPACT_EVENT_MIN_BYTES 3u

/* The head of an events payload in `encoding`. */
static size_t events_head_size(uint32_t encoding) {
  return encoding == OI_ENCODING_COMPACT ? sizeof(oi_compact_events_record)
                                         : sizeof(oi_events_record);
}

static int check_events(oi_trace_reader *trace, uint64_t offset, uint32_t size, uint32_t encoding) {
  oi_events_record record;
  size_t head = events_head_size(encoding);
  if (size < head || read_at(trace, &record, sizeof record, offset) != 0)
    return -1;
  /* compact events are checked as they are decoded */
  if (encoding == OI_ENCODING_COMPACT
          ? (uint64_t)record.count * COMPACT_EVENT_MIN_BYTES > size - head
          : (uint64_t)record.count * sizeof(oi_event) != size - head)
    return -1;
  trace->events_in_file += record.count;
  return 0;
}

static int keep_end(oi_trace_reader *trace, uint64_t offset, uint32_t size) {
  memset(&trace->end, 0, sizeof trace->end);
  if (size != trace->format->end_size || read_at(trace, &trace->end, size, offset) != 0)
    return -1;
  trace->complete = true;
  return 0;
}

static int keep_totals(oi_trace_reader *trace, uint64_t offset, uint32_t size) {
  if (size != sizeof trace->totals || read_at(trace, &trace->totals, size, offset) != 0)
    return -1;
  trace->has_totals = true;
  return 0;
}

static const char *record_name(uint32_t type) {
  static const char *const names[] = {"",       "events", "site", "capabilities", "module",
                                      "thread", "info",   "end",  "totals"};
  return type < sizeof names / sizeof names[0] ? names[type] : "unknown";
}

/* The record at `offset`: its type and payload size, and whether it is
 * whole (a frame: magic, a size that fits, the checksum). Returns 1 if
 * whole, 0 if not, 2 if whole in an encoding the trace's version lacks, -1
 * on a read error. */
static int read_record_header(oi_trace_reader *trace, uint64_t offset, uint32_t *type,
                              uint32_t *size, uint32_t *encoding, bool verify) {
  uint64_t left = trace->file_size - offset;
  *encoding = OI_ENCODING_PLAIN;
  if (!trace->format->framed) {
    oi_record_header record;
    if (left < sizeof record || read_at(trace, &record, sizeof record, offset) != 0)
      return 0;
    *type = record.type;
    *size = record.size;
    return record.size <= left - sizeof record;
  }
  oi_frame_header frame;
  if (left < sizeof frame || read_at(trace, &frame, sizeof frame, offset) != 0 ||
      frame.magic != OI_FRAME_MAGIC || frame.size > left - sizeof frame ||
      frame.size > OI_FRAME_MAX_PAYLOAD)
    return 0;
  *type = frame.type;
  *size = frame.size;
  *encoding = frame.encoding;
  if (!verify)
    return 1;
  oi_frame_sum sum;
  oi_frame_sum_begin(&sum, frame.type, frame.encoding, frame.size);
  unsigned char chunk[16384];
  for (uint64_t at = offset + sizeof frame, rest = frame.size; rest > 0;) {
    size_t n = rest < sizeof chunk ? (size_t)rest : sizeof chunk;
    if (read_at(trace, chunk, n, at) != 0)
      return -1;
    oi_frame_sum_add(&sum, chunk, n);
    at += n;
    rest -= n;
  }
  /* an encoding the version lacks is damage, not a torn frame; only events
   * have another encoding than plain */
  bool known = frame.encoding < 32 && (trace->format->encodings >> frame.encoding & 1) &&
               (frame.encoding == OI_ENCODING_PLAIN || frame.type == OI_REC_EVENTS);
  return oi_frame_sum_end(&sum) == frame.checksum ? (known ? 1 : 2) : 0;
}

/* The offset of the next whole frame after `offset`, or the file size. */
static uint64_t next_whole_frame(oi_trace_reader *trace, uint64_t offset) {
  unsigned char chunk[16384];
  uint32_t magic = OI_FRAME_MAGIC;
  for (uint64_t at = offset + 1; at + sizeof magic <= trace->file_size;) {
    uint64_t left = trace->file_size - at;
    size_t n = left < sizeof chunk ? (size_t)left : sizeof chunk;
    if (read_at(trace, chunk, n, at) != 0)
      return trace->file_size;
    for (size_t i = 0; i + sizeof magic <= n; i++) {
      uint32_t type, size, encoding;
      if (memcmp(chunk + i, &magic, sizeof magic) != 0 ||
          read_record_header(trace, at + i, &type, &size, &encoding, false) != 1)
        continue;
      /* a forged file full of magics must not cost quadratic time:
       * checking candidates may read the file a few times over, no more */
      trace->resync_bytes += size;
      if (trace->resync_bytes > 4 * trace->file_size)
        return trace->file_size;
      if (read_record_header(trace, at + i, &type, &size, &encoding, true) == 1)
        return at + i;
    }
    at += n - (sizeof magic - 1); /* a magic may straddle two chunks */
  }
  return trace->file_size;
}

/* One record at `offset`: validated and, when small, kept. Returns the
 * offset of the next record, or 0 after recording damage. A frame that is
 * not whole is skipped up to the next whole one. */
static uint64_t index_record(oi_trace_reader *trace, uint64_t offset) {
  uint32_t type = 0, size = 0, encoding = 0;
  int whole = read_record_header(trace, offset, &type, &size, &encoding, true);
  if (whole == 0 && trace->format->framed) {
    if (trace->skip_count == OI_READER_MAX_SKIPS) {
      set_damage(trace, offset, "too many torn records");
      return 0;
    }
    uint64_t next = next_whole_frame(trace, offset);
    trace->skips[trace->skip_count++] = (oi_skip){offset, next};
    trace->skipped_bytes += next - offset;
    return next;
  }
  if (whole < 0) {
    set_error(trace, OI_READER_UNREADABLE, "read error at byte %llu", (unsigned long long)offset);
    return 0;
  }
  if (whole == 0) {
    set_damage(trace, offset, "truncated record");
    return 0;
  }
  if (whole == 2) {
    set_damage(trace, offset, "record encoding newer than this ompt-inst");
    return 0;
  }
  uint64_t payload = offset + trace->record_header_size;
  int result;
  /* a record type newer than the trace's version is no record of it */
  switch (type <= trace->format->newest_record ? type : 0) {
  case OI_REC_EVENTS:
    result = check_events(trace, payload, size, encoding);
    break;
  case OI_REC_SITE:
    result = keep_site(trace, payload, size);
    break;
  case OI_REC_CAPABILITIES:
    result = keep_capabilities(trace, payload, size);
    break;
  case OI_REC_MODULE:
    result = keep_module(trace, payload, size);
    break;
  case OI_REC_THREAD:
    result = keep_thread(trace, payload, size);
    break;
  case OI_REC_INFO:
    result = keep_info(trace, payload, size);
    break;
  case OI_REC_END:
    result = keep_end(trace, payload, size);
    break;
  case OI_REC_TOTALS:
    result = keep_totals(trace, payload, size);
    break;
  default:
    set_damage(trace, offset, "unknown record type %u", type);
    return 0;
  }
  if (result != 0) {
    set_damage(trace, offset, "bad %s record (payload of %u bytes)", record_name(type), size);
    return 0;
  }
  return payload + size;
}

static int compare_site_ids(const void *a, const void *b) {
  uint32_t x = ((const oi_site *)a)->id, y = ((const oi_site *)b)->id;
  return (x > y) - (x < y);
}

enum oi_reader_status oi_reader_open(oi_trace_reader *trace, const char *dir) {
  memset(trace, 0, offsetof(oi_trace_reader, buffer));
  trace->fd = -1;
  if (open_file(trace, dir) != OI_READER_OK || read_header(trace) != OI_READER_OK)
    return trace->status;
  trace->record_header_size =
      trace->format->framed ? sizeof(oi_frame_header) : sizeof(oi_record_header);
  uint64_t offset = trace->header.header_size;
  while (offset < trace->file_size) {
    offset = index_record(trace, offset);
    if (offset == 0)
      break;
  }
  if (trace->site_count > 1)
    qsort(trace->sites, trace->site_count, sizeof *trace->sites, compare_site_ids);
  trace->next_record = trace->header.header_size;
  return trace->status;
}

/* The rest of the current compact record is damage: its events so far
 * were delivered, nothing after them is. */
static int bad_compact_record(oi_trace_reader *trace) {
  set_damage(
      trace, trace->record_offset, "bad events record (payload of %llu bytes)",
      (unsigned long long)(trace->encoded_end - trace->encoded + sizeof(oi_compact_events_record)));
  trace->next_record = trace->record_offset;
  trace->left_in_record = 0;
  return -1;
}

/* The events of the filter's kinds of the next buffer's worth of the
 * current compact record, decoded; the others are passed over. */
static int decode_events(oi_trace_reader *trace) {
  const unsigned char *at = trace->decode_at;
  uint64_t kinds = trace->filter.kinds ? trace->filter.kinds : UINT64_MAX;
  uint32_t count = 0;
  for (; trace->left_in_record > 0 && count < OI_READER_EVENT_BUFFER; trace->left_in_record--) {
    int decoded = oi_codec_next(&trace->codec, trace->record_thread, kinds, &at, trace->encoded_end,
                                &trace->buffer[count]);
    if (decoded < 0)
      return bad_compact_record(trace);
    count += (uint32_t)decoded;
  }
  trace->decode_at = at;
  /* every byte of a record belongs to its events */
  if (trace->left_in_record == 0 && at != trace->encoded_end)
    return bad_compact_record(trace);
  trace->buffered = count;
  trace->position = 0;
  return 0;
}

/* Fills the buffer from the current events record. */
static int refill(oi_trace_reader *trace) {
  if (trace->compact)
    return decode_events(trace);
  uint32_t count = trace->left_in_record < OI_READER_EVENT_BUFFER ? trace->left_in_record
                                                                  : OI_READER_EVENT_BUFFER;
  if (read_at(trace, trace->buffer, count * sizeof(oi_event), trace->read_offset) != 0) {
    set_error(trace, OI_READER_UNREADABLE, "read error at byte %llu",
              (unsigned long long)trace->read_offset);
    return -1;
  }
  trace->read_offset += count * sizeof(oi_event);
  trace->left_in_record -= count;
  trace->buffered = count;
  trace->position = 0;
  return 0;
}

/* The events of the record whose payload (`size` bytes, `encoding`) starts
 * at `payload`, ready for refill; none if the filter wants none of its
 * kinds. */
static int start_events(oi_trace_reader *trace, uint64_t payload, uint32_t size,
                        uint32_t encoding) {
  oi_compact_events_record head = {.kinds = UINT64_MAX};
  size_t head_size = events_head_size(encoding);
  if (read_at(trace, &head, head_size, payload) != 0)
    return -1;
  trace->record_thread = head.thread;
  trace->read_offset = payload + head_size;
  trace->compact = encoding == OI_ENCODING_COMPACT;
  trace->left_in_record = 0;
  if (trace->filter.kinds && !(trace->filter.kinds & head.kinds))
    return 0;
  trace->left_in_record = head.count;
  if (!trace->compact)
    return 0;
  /* a compact record is read whole: at most OI_FRAME_MAX_PAYLOAD, and the
   * shim writes 64 KiB at most */
  size_t bytes = size - head_size;
  if (oi_grow((void **)&trace->encoded, &trace->encoded_capacity, bytes + 1, 1) != 0 ||
      read_at(trace, trace->encoded, bytes, trace->read_offset) != 0)
    return -1;
  trace->decode_at = trace->encoded;
  trace->encoded_end = trace->encoded + bytes;
  oi_codec_reset(&trace->codec);
  return 0;
}

/* The next event of the file, whatever the filter says. */
static int next_in_file(oi_trace_reader *trace, const oi_event **event) {
  if (trace->fd < 0 || trace->status == OI_READER_UNREADABLE ||
      trace->status == OI_READER_BAD_HEADER)
    return -1;
  while (trace->position == trace->buffered) {
    if (trace->left_in_record > 0) {
      if (refill(trace) != 0)
        return -1;
      continue;
    }
    uint64_t offset = trace->next_record;
    if (trace->status == OI_READER_DAMAGED && offset >= trace->damage_offset)
      return -1;
    if (offset >= trace->file_size)
      return 0;
    if (trace->next_skip < trace->skip_count && offset == trace->skips[trace->next_skip].from) {
      trace->next_record = trace->skips[trace->next_skip++].to;
      continue;
    }
    /* the index pass validated every record before the damage */
    uint32_t type, size, encoding;
    if (read_record_header(trace, offset, &type, &size, &encoding, false) != 1) {
      set_error(trace, OI_READER_UNREADABLE, "read error at byte %llu", (unsigned long long)offset);
      return -1;
    }
    uint64_t payload = offset + trace->record_header_size;
    trace->next_record = payload + size;
    if (type != OI_REC_EVENTS)
      continue;
    trace->record_offset = offset;
    if (start_events(trace, payload, size, encoding) != 0) {
      set_error(trace, OI_READER_UNREADABLE, "read error at byte %llu", (unsigned long long)offset);
      return -1;
    }
  }
  *event = &trace->buffer[trace->position++];
  return 1;
}

int oi_reader_next(oi_trace_reader *trace, const oi_event **event) {
  const oi_event_filter *filter = &trace->filter;
  for (;;) {
    int more = next_in_file(trace, event);
    if (more == 0 && filter->held && (*event = filter->held(filter->state)) != NULL)
      return 1;
    if (more <= 0)
      return more;
    /* plain records hold every kind; compact ones have passed over the rest */
    if (filter->kinds && !(filter->kinds & oi_codec_kind_bit((*event)->kind)))
      continue;
    if (!filter->keep || filter->keep(filter->state, *event))
      return more;
  }
}

const oi_site *oi_reader_site(const oi_trace_reader *trace, uint32_t id) {
  oi_site key = {.id = id};
  if (id == 0 || trace->site_count == 0)
    return NULL;
  return bsearch(&key, trace->sites, trace->site_count, sizeof key, compare_site_ids);
}

const oi_module *oi_reader_module(const oi_trace_reader *trace, uint64_t address) {
  for (uint32_t i = 0; i < trace->module_count; i++)
    if (address >= trace->modules[i].start && address < trace->modules[i].end)
      return &trace->modules[i];
  return NULL;
}

const char *oi_reader_ending(const oi_trace_reader *trace, char *text, size_t size) {
  text[0] = '\0';
  if (!trace->complete || size == 0)
    return text;
  int n = 0;
  if (trace->end.signal) {
    const char *name = sigabbrev_np((int)trace->end.signal);
    n = name ? snprintf(text, size, "ended by SIG%s", name)
             : snprintf(text, size, "ended by signal %u", trace->end.signal);
  }
  if (trace->end.write_error && n >= 0 && (size_t)n < size)
    snprintf(text + n, size - (size_t)n, "%struncated: %s, %llu events lost", n ? "; " : "",
             strerror((int)trace->end.write_error), (unsigned long long)trace->end.lost_events);
  return text;
}

void oi_reader_print_notes(const oi_trace_reader *trace, FILE *out) {
  char ending[256];
  if (trace->skip_count)
    fprintf(out,
            "ompt-inst: warning: %s: %llu bytes of torn records skipped (the first at "
            "byte %llu)\n",
            trace->path, (unsigned long long)trace->skipped_bytes,
            (unsigned long long)trace->skips[0].from);
  if (trace->records_dropped)
    fprintf(out,
            "ompt-inst: warning: %s: %u info, module, thread or capability records "
            "beyond the reader's limits were not kept\n",
            trace->path, trace->records_dropped);
  if (*oi_reader_ending(trace, ending, sizeof ending))
    fprintf(out, "ompt-inst: %s: %s\n", trace->path, ending);
}

void oi_reader_close(oi_trace_reader *trace) {
  if (trace->fd >= 0)
    close(trace->fd);
  for (uint32_t i = 0; i < trace->site_count; i++)
    oi_site_free(&trace->sites[i]);
  for (uint32_t i = 0; i < trace->module_count; i++)
    free(trace->modules[i].path);
  for (uint32_t i = 0; i < trace->info_count; i++) {
    free(trace->infos[i].key);
    free(trace->infos[i].value);
  }
  free(trace->sites);
  free(trace->modules);
  free(trace->infos);
  free(trace->capabilities);
  free(trace->threads);
  free(trace->encoded);
  free(trace->path);
  memset(trace, 0, offsetof(oi_trace_reader, buffer));
  trace->fd = -1;
}
