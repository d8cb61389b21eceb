/* The compact event encoding (event_codec.h). The columns an event may
 * change, by bit of its mask: the words of its kind's fields (bit = slot,
 * from the rows of OI_EVENT_FIELDS), then the common columns below. */
#include "event_codec.h"

#include <string.h>

#define SLOTS 5
enum column {
  COLUMN_CODEPTR = SLOTS,
  COLUMN_SITE,
  COLUMN_CONSTRUCT,
  COLUMN_ORIGIN,
  COLUMN_FLAGS,
  COLUMN_OP,
  COLUMN_VAR,
  COLUMN_DEVICE,
  COLUMN_COUNT
};
_Static_assert(OI_CODEC_KEYS < OI_CODEC_WHOLE, "a key byte names every kind and endpoint");
_Static_assert(sizeof ((oi_event *)0)->u.generic == SLOTS * sizeof(uint64_t),
               "a bit per word of oi_event.u");

/* Which words of oi_event.u each kind's rows name: bit `slot` of the sum
 * of the kind's row. */
static const uint8_t kind_slot_bits[OI_KIND_COUNT][SLOTS] = {
#define SLOT_BIT(kind, field, slot, type, when, link) [OI_KIND_##kind][slot] = 1u << (slot),
    OI_EVENT_FIELDS(SLOT_BIT)
#undef SLOT_BIT
};
#define SLOT_COLUMNS ((1u << SLOTS) - 1)

static unsigned slots_of(unsigned kind) {
  const uint8_t *bits = kind_slot_bits[kind];
  return (unsigned)(bits[0] | bits[1] | bits[2] | bits[3] | bits[4]);
}

void oi_codec_reset(oi_event_codec *codec) {
  codec->time_ns = 0;
  memset(codec->seen, 0, sizeof codec->seen);
}

/* The previous event of `key`, or the event every key starts from. */
static inline oi_event *previous_of(oi_event_codec *codec, unsigned key, uint32_t thread) {
  oi_event *previous = &codec->previous[key];
  uint64_t bit = 1ull << (key % 64);
  if (!(codec->seen[key / 64] & bit)) {
    codec->seen[key / 64] |= bit;
    *previous = (oi_event){.kind = (uint8_t)(key / 3), .endpoint = (uint8_t)(key % 3),
                           .thread = thread, .device = -1};
  }
  return previous;
}

static uint64_t zigzag(uint64_t delta) { return delta << 1 ^ (uint64_t)((int64_t)delta >> 63); }
static uint64_t unzigzag(uint64_t value) { return value >> 1 ^ (0 - (value & 1)); }

static unsigned char *put_varint(unsigned char *out, uint64_t value) {
  while (value >= 0x80) {
    *out++ = (unsigned char)(value | 0x80);
    value >>= 7;
  }
  *out++ = (unsigned char)value;
  return out;
}

/* Whether `e` equals `previous` but for its time: the common case of a
 * construct repeated, decided in a few word compares. */
typedef uint64_t two_words __attribute__((vector_size(16)));
static int same_but_time(const oi_event *e, const oi_event *previous) {
  _Static_assert(offsetof(oi_event, time_ns) == 0 && sizeof(oi_event) == 80,
                 "the time is the first word of an event, then 72 bytes");
  const char *a = (const char *)e, *b = (const char *)previous;
  two_words differ = {0, 0};
  for (size_t at = 8; at < 72; at += 16) { /* 16 bytes at a time: SSE2 */
    two_words x, y;
    memcpy(&x, a + at, sizeof x);
    memcpy(&y, b + at, sizeof y);
    differ |= x ^ y;
  }
  uint64_t last_a, last_b;
  memcpy(&last_a, a + 72, 8);
  memcpy(&last_b, b + 72, 8);
  return (differ[0] | differ[1] | (last_a ^ last_b)) == 0;
}

/* The columns in which `e` differs from `previous`. */
static unsigned changed_columns(const oi_event *e, const oi_event *previous) {
  if (same_but_time(e, previous))
    return 0;
  unsigned mask = 0;
  for (unsigned slot = 0; slot < SLOTS; slot++)
    mask |= (unsigned)(e->u.generic[slot] != previous->u.generic[slot]) << slot;
  mask |= (unsigned)(e->codeptr != previous->codeptr) << COLUMN_CODEPTR;
  mask |= (unsigned)(e->site != previous->site) << COLUMN_SITE;
  mask |= (unsigned)(e->construct != previous->construct) << COLUMN_CONSTRUCT;
  mask |= (unsigned)(e->origin != previous->origin) << COLUMN_ORIGIN;
  mask |= (unsigned)(e->flags != previous->flags) << COLUMN_FLAGS;
  mask |= (unsigned)(e->op != previous->op) << COLUMN_OP;
  mask |= (unsigned)(e->var != previous->var) << COLUMN_VAR;
  mask |= (unsigned)(e->device != previous->device) << COLUMN_DEVICE;
  return mask;
}

static size_t write_whole(const oi_event *e, unsigned char *out) {
  out[0] = OI_CODEC_WHOLE;
  memcpy(out + 1, e, sizeof *e);
  return 1 + sizeof *e;
}

/* The columns written as varints of zigzag deltas, as 64-bit words
 * (signed ones sign-extended, so a small change stays small). */
static uint64_t wide_column(const oi_event *e, unsigned column) {
  switch (column) {
  case COLUMN_CODEPTR: return e->codeptr;
  case COLUMN_SITE: return e->site;
  case COLUMN_VAR: return e->var;
  case COLUMN_DEVICE: return (uint64_t)(int64_t)e->device;
  default: return e->u.generic[column];
  }
}

/* Where the one-byte columns lie in an event. */
static size_t byte_offset(unsigned column) {
  switch (column) {
  case COLUMN_CONSTRUCT: return offsetof(oi_event, construct);
  case COLUMN_ORIGIN: return offsetof(oi_event, origin);
  case COLUMN_FLAGS: return offsetof(oi_event, flags);
  default: return offsetof(oi_event, op);
  }
}

static uint8_t byte_column(const oi_event *e, unsigned column) {
  return ((const uint8_t *)e)[byte_offset(column)];
}

static int is_byte_column(unsigned column) {
  return column >= COLUMN_CONSTRUCT && column <= COLUMN_OP;
}

size_t oi_codec_encode(oi_event_codec *codec, uint32_t thread, const oi_event *e,
                       unsigned char *out) {
  if (e->kind >= OI_KIND_COUNT || e->endpoint > OI_EP_END || e->thread != thread ||
      e->reserved != 0)
    return write_whole(e, out);
  unsigned key = e->kind * 3u + e->endpoint;
  oi_event *previous = previous_of(codec, key, thread);
  unsigned mask = changed_columns(e, previous);
  /* the previous event of the key holds 0 in the words the kind has no
   * field in: a change there is a value the encoding cannot carry */
  if (mask & SLOT_COLUMNS & ~slots_of(e->kind))
    return write_whole(e, out);
  unsigned char *p = out;
  *p++ = (unsigned char)key;
  p = put_varint(p, mask);
  p = put_varint(p, zigzag(e->time_ns - codec->time_ns));
  for (unsigned rest = mask; rest; rest &= rest - 1) {
    unsigned column = (unsigned)__builtin_ctz(rest);
    if (is_byte_column(column))
      *p++ = byte_column(e, column);
    else
      p = put_varint(p, zigzag(wide_column(e, column) - wide_column(previous, column)));
  }
  codec->time_ns = e->time_ns;
  if (mask) /* only the time changed: the previous stands for it */
    *previous = *e;
  return (size_t)(p - out);
}

static int get_varint(const unsigned char **at, const unsigned char *end, uint64_t *value) {
  uint64_t v = 0;
  for (unsigned shift = 0; shift < 64 && *at < end; shift += 7) {
    unsigned char byte = *(*at)++;
    v |= (uint64_t)(byte & 0x7f) << shift;
    if (!(byte & 0x80)) {
      /* the tenth byte holds one bit: more is no 64-bit value */
      if (shift == 63 && byte > 1)
        return -1;
      *value = v;
      return 0;
    }
  }
  return -1;
}

static void set_wide_column(oi_event *e, unsigned column, uint64_t value) {
  switch (column) {
  case COLUMN_CODEPTR: e->codeptr = value; break;
  case COLUMN_SITE: e->site = (uint32_t)value; break;
  case COLUMN_VAR: e->var = (uint16_t)value; break;
  case COLUMN_DEVICE: e->device = (int32_t)value; break;
  default: e->u.generic[column] = value; break;
  }
}

int oi_codec_decode(oi_event_codec *codec, uint32_t thread, const unsigned char **at,
                    const unsigned char *end, oi_event *e) {
  if (*at >= end)
    return -1;
  unsigned key = *(*at)++;
  if (key == OI_CODEC_WHOLE) {
    if ((size_t)(end - *at) < sizeof *e)
      return -1;
    memcpy(e, *at, sizeof *e);
    *at += sizeof *e;
    return 0;
  }
  uint64_t mask, time_delta;
  if (key >= OI_CODEC_KEYS || get_varint(at, end, &mask) != 0 || mask >> COLUMN_COUNT ||
      get_varint(at, end, &time_delta) != 0)
    return -1;
  *e = *previous_of(codec, key, thread);
  if (mask & SLOT_COLUMNS & ~slots_of(e->kind))
    return -1; /* a word the kind has no field in */
  for (unsigned rest = (unsigned)mask; rest; rest &= rest - 1) {
    unsigned column = (unsigned)__builtin_ctz(rest);
    uint64_t delta;
    if (is_byte_column(column)) {
      if (*at >= end)
        return -1;
      ((uint8_t *)e)[byte_offset(column)] = *(*at)++;
    } else if (get_varint(at, end, &delta) == 0) {
      set_wide_column(e, column, wide_column(e, column) + unzigzag(delta));
    } else {
      return -1;
    }
  }
  e->time_ns = codec->time_ns + unzigzag(time_delta);
  codec->time_ns = e->time_ns;
  codec->previous[key] = *e;
  return 0;
}
