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
_Static_assert(sizeof((oi_event *)0)->u.generic == SLOTS * sizeof(uint64_t),
               "a bit per word of oi_event.u");

/* Which words of oi_event.u each kind's rows name: byte `slot` of a
 * kind's row holds bit `slot` if a row names it (a row padded to a word,
 * so its bytes add up in one multiplication). */
static const uint8_t kind_slot_bits[OI_KIND_COUNT][8] = {
#define SLOT_BIT(kind, field, slot, type, when, link) [OI_KIND_##kind][slot] = 1u << (slot),
    OI_EVENT_FIELDS(SLOT_BIT)
#undef SLOT_BIT
};
#define SLOT_COLUMNS ((1u << SLOTS) - 1)

static inline uint64_t word_at(const void *at) {
  uint64_t word;
  memcpy(&word, at, sizeof word);
  return word;
}

static inline unsigned slots_of(unsigned kind) {
  /* the bytes hold distinct bits: their sum, gathered in the top byte, is
   * their union */
  return (unsigned)(word_at(kind_slot_bits[kind]) * 0x0101010101010101ull >> 56);
}

void oi_codec_reset(oi_event_codec *codec) {
  codec->time_ns = 0;
  /* every key starts from an event of its kind and endpoint with no
   * fields; the thread is the frame's, set as events are coded */
  for (unsigned key = 0; key < OI_CODEC_KEYS; key++)
    codec->previous[key] =
        (oi_event){.kind = (uint8_t)(key / 3), .endpoint = (uint8_t)(key % 3), .device = -1};
}

static uint64_t zigzag(uint64_t delta) { return delta << 1 ^ (uint64_t)((int64_t)delta >> 63); }
static uint64_t unzigzag(uint64_t value) { return value >> 1 ^ (0 - (value & 1)); }

static unsigned char *put_long_varint(unsigned char *out, uint64_t value) {
  while (value >= 0x80) {
    *out++ = (unsigned char)(value | 0x80);
    value >>= 7;
  }
  *out++ = (unsigned char)value;
  return out;
}

/* Most values (masks, deltas of ids, times between events up to a
 * millisecond) take one to three bytes: those without a loop. */
static inline unsigned char *put_varint(unsigned char *out, uint64_t value) {
  if (value < 0x80) {
    out[0] = (unsigned char)value;
    return out + 1;
  }
  if (value < 0x4000) {
    out[0] = (unsigned char)(value | 0x80);
    out[1] = (unsigned char)(value >> 7);
    return out + 2;
  }
  if (value < 0x200000) {
    out[0] = (unsigned char)(value | 0x80);
    out[1] = (unsigned char)(value >> 7 | 0x80);
    out[2] = (unsigned char)(value >> 14);
    return out + 3;
  }
  return put_long_varint(out, value);
}

/* The column bits of the one-byte columns and var, by the bytes of the
 * event's second word that differ (bit i: byte i), see changed_columns. */
static const uint16_t small_columns[256] = {
#define SMALL(b)                                                                                   \
  (uint16_t)(((b) >> 3 & 1u) << COLUMN_CONSTRUCT | ((b) >> 2 & 1u) << COLUMN_ORIGIN |              \
             ((b) >> 4 & 1u) << COLUMN_FLAGS | ((b) >> 5 & 1u) << COLUMN_OP |                      \
             (((b) >> 6 | (b) >> 7) & 1u) << COLUMN_VAR)
#define SMALL4(b) SMALL(b), SMALL((b) + 1), SMALL((b) + 2), SMALL((b) + 3)
#define SMALL16(b) SMALL4(b), SMALL4((b) + 4), SMALL4((b) + 8), SMALL4((b) + 12)
#define SMALL64(b) SMALL16(b), SMALL16((b) + 16), SMALL16((b) + 32), SMALL16((b) + 48)
    SMALL64(0), SMALL64(64), SMALL64(128), SMALL64(192)
#undef SMALL64
#undef SMALL16
#undef SMALL4
#undef SMALL
};

/* Bit i set iff byte i of `word` is not 0, without a branch. */
static inline unsigned nonzero_bytes(uint64_t word) {
  const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
  uint64_t high = (((word & low7) + low7) | word) & ~low7;
  /* the bytes' high bits moved to bits 56..63, in order */
  return (unsigned)((high >> 7) * 0x0102040810204080ull >> 56);
}

/* The columns in which `e` differs from `previous` (same key; the thread
 * is the frame's, `reserved` 0 in both): a compare per wide column, one
 * lookup for the one-byte columns and var. */
static unsigned changed_columns(const oi_event *e, const oi_event *previous) {
  _Static_assert(offsetof(oi_event, origin) == 10 && offsetof(oi_event, construct) == 11 &&
                     offsetof(oi_event, flags) == 12 && offsetof(oi_event, op) == 13 &&
                     offsetof(oi_event, var) == 14 && offsetof(oi_event, device) == 72 &&
                     offsetof(oi_event, reserved) == 76 && sizeof(oi_event) == 80,
                 "the one-byte columns and var are bytes 2 to 7 of the event's second word, "
                 "the device and `reserved` its last");
  const char *a = (const char *)e, *b = (const char *)previous;
  unsigned mask = small_columns[nonzero_bytes(word_at(a + 8) ^ word_at(b + 8))];
  /* written out: gcc keeps the loop, at twice the instructions */
  mask |= (unsigned)(e->u.generic[0] != previous->u.generic[0]);
  mask |= (unsigned)(e->u.generic[1] != previous->u.generic[1]) << 1;
  mask |= (unsigned)(e->u.generic[2] != previous->u.generic[2]) << 2;
  mask |= (unsigned)(e->u.generic[3] != previous->u.generic[3]) << 3;
  mask |= (unsigned)(e->u.generic[4] != previous->u.generic[4]) << 4;
  _Static_assert(SLOTS == 5, "a compare per slot");
  mask |= (unsigned)(e->codeptr != previous->codeptr) << COLUMN_CODEPTR;
  mask |= (unsigned)(e->site != previous->site) << COLUMN_SITE;
  mask |= (unsigned)(word_at(a + 72) != word_at(b + 72)) << COLUMN_DEVICE;
  return mask;
}

static size_t write_whole(const oi_event *e, unsigned char *out) {
  out[0] = OI_CODEC_WHOLE;
  memcpy(out + 1, e, sizeof *e);
  return 1 + sizeof *e;
}

/* Where the one-byte columns lie in an event. */
static size_t byte_offset(unsigned column) {
  switch (column) {
  case COLUMN_CONSTRUCT:
    return offsetof(oi_event, construct);
  case COLUMN_ORIGIN:
    return offsetof(oi_event, origin);
  case COLUMN_FLAGS:
    return offsetof(oi_event, flags);
  default:
    return offsetof(oi_event, op);
  }
}

static inline int is_byte_column(unsigned column) {
  return column >= COLUMN_CONSTRUCT && column <= COLUMN_OP;
}

/* Column `column` of `e` as written: a one-byte column as itself, the
 * others as the zigzag of their delta from `previous` as 64-bit words
 * (signed ones sign-extended, so a small change stays small). */
static inline unsigned char *put_column(unsigned char *p, unsigned column, const oi_event *e,
                                        const oi_event *previous) {
  uint64_t delta;
  switch (column) {
  case COLUMN_CODEPTR:
    delta = e->codeptr - previous->codeptr;
    break;
  case COLUMN_SITE:
    delta = (uint64_t)e->site - previous->site;
    break;
  case COLUMN_CONSTRUCT:
  case COLUMN_ORIGIN:
  case COLUMN_FLAGS:
  case COLUMN_OP:
    *p = ((const uint8_t *)e)[byte_offset(column)];
    return p + 1;
  case COLUMN_VAR:
    delta = (uint64_t)e->var - previous->var;
    break;
  case COLUMN_DEVICE:
    delta = (uint64_t)((int64_t)e->device - previous->device);
    break;
  default:
    delta = e->u.generic[column] - previous->u.generic[column];
    break;
  }
  return put_varint(p, zigzag(delta));
}

size_t oi_codec_encode(oi_event_codec *codec, uint32_t thread, const oi_event *e,
                       unsigned char *out) {
  if (e->kind >= OI_KIND_COUNT || e->endpoint > OI_EP_END || e->thread != thread ||
      e->reserved != 0)
    return write_whole(e, out);
  unsigned key = e->kind * 3u + e->endpoint;
  oi_event *previous = &codec->previous[key];
  unsigned mask = changed_columns(e, previous);
  /* the previous event of the key holds 0 in the words the kind has no
   * field in: a change there is a value the encoding cannot carry */
  if (mask & SLOT_COLUMNS & ~slots_of(e->kind))
    return write_whole(e, out);
  unsigned char *p = out;
  *p++ = (unsigned char)key;
  p = put_varint(p, mask);
  p = put_varint(p, zigzag(e->time_ns - codec->time_ns));
  for (unsigned rest = mask; rest; rest &= rest - 1)
    p = put_column(p, (unsigned)__builtin_ctz(rest), e, previous);
  codec->time_ns = e->time_ns;
  if (mask) /* only the time changed: the previous stands for it */
    *previous = *e;
  return (size_t)(p - out);
}

static int get_long_varint(const unsigned char **at, const unsigned char *end, uint64_t *value) {
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

/* One to three bytes without a loop, as put_varint writes them. */
static inline int get_varint(const unsigned char **at, const unsigned char *end, uint64_t *value) {
  const unsigned char *p = *at;
  if (p < end && p[0] < 0x80) {
    *value = p[0];
    *at = p + 1;
    return 0;
  }
  if (end - p >= 2 && p[1] < 0x80) {
    *value = (p[0] & 0x7fu) | (uint64_t)p[1] << 7;
    *at = p + 2;
    return 0;
  }
  if (end - p >= 3 && p[2] < 0x80 && p[1] >= 0x80) {
    *value = (p[0] & 0x7fu) | (uint64_t)(p[1] & 0x7fu) << 7 | (uint64_t)p[2] << 14;
    *at = p + 3;
    return 0;
  }
  return get_long_varint(at, end, value);
}

/* Reads column `column` of the event `e` (the previous of its key until
 * then) from *at: 0, or -1 if the bytes are no column. */
static inline int get_column(const unsigned char **at, const unsigned char *end, unsigned column,
                             oi_event *e) {
  if (is_byte_column(column)) {
    if (*at >= end)
      return -1;
    ((uint8_t *)e)[byte_offset(column)] = *(*at)++;
    return 0;
  }
  uint64_t zigzagged;
  if (get_varint(at, end, &zigzagged) != 0)
    return -1;
  uint64_t delta = unzigzag(zigzagged);
  switch (column) {
  case COLUMN_CODEPTR:
    e->codeptr += delta;
    break;
  case COLUMN_SITE:
    e->site = (uint32_t)(e->site + delta);
    break;
  case COLUMN_VAR:
    e->var = (uint16_t)(e->var + delta);
    break;
  case COLUMN_DEVICE:
    e->device = (int32_t)(uint32_t)((uint64_t)(int64_t)e->device + delta);
    break;
  default:
    e->u.generic[column] += delta;
    break;
  }
  return 0;
}

/* The key, mask and time of a compact event, checked: 0 or -1. */
static int get_head(const unsigned char **at, const unsigned char *end, unsigned key,
                    uint64_t *mask, uint64_t *time_delta) {
  if (key >= OI_CODEC_KEYS || get_varint(at, end, mask) != 0 || *mask >> COLUMN_COUNT ||
      get_varint(at, end, time_delta) != 0)
    return -1;
  /* a word the kind has no field in */
  return *mask & SLOT_COLUMNS & ~slots_of(key / 3) ? -1 : 0;
}

/* The columns of `mask` of an event passed over, checked as
 * get_column checks them. */
static int pass_columns(const unsigned char **at, const unsigned char *end, unsigned mask) {
  for (unsigned rest = mask; rest; rest &= rest - 1) {
    unsigned column = (unsigned)__builtin_ctz(rest);
    uint64_t unused;
    if (is_byte_column(column)) {
      if (*at >= end)
        return -1;
      ++*at;
    } else if (get_varint(at, end, &unused) != 0) {
      return -1;
    }
  }
  return 0;
}

int oi_codec_next(oi_event_codec *codec, uint32_t thread, uint64_t kinds, const unsigned char **at,
                  const unsigned char *end, oi_event *e) {
  if (*at >= end)
    return -1;
  unsigned key = *(*at)++;
  if (key == OI_CODEC_WHOLE) {
    if ((size_t)(end - *at) < sizeof *e)
      return -1;
    int wanted = (kinds & oi_codec_kind_bit((*at)[offsetof(oi_event, kind)])) != 0;
    if (wanted)
      memcpy(e, *at, sizeof *e);
    *at += sizeof *e;
    return wanted;
  }
  uint64_t mask, time_delta;
  if (get_head(at, end, key, &mask, &time_delta) != 0)
    return -1;
  codec->time_ns += unzigzag(time_delta);
  if (!(kinds & oi_codec_kind_bit(key / 3)))
    return pass_columns(at, end, (unsigned)mask) == 0 ? 0 : -1;
  /* decoded in place: after damage the frame is read no further */
  oi_event *previous = &codec->previous[key];
  for (unsigned rest = (unsigned)mask; rest; rest &= rest - 1)
    if (get_column(at, end, (unsigned)__builtin_ctz(rest), previous) != 0)
      return -1;
  previous->time_ns = codec->time_ns;
  previous->thread = thread;
  *e = *previous;
  return 1;
}

int oi_codec_decode(oi_event_codec *codec, uint32_t thread, const unsigned char **at,
                    const unsigned char *end, oi_event *e) {
  return oi_codec_next(codec, thread, UINT64_MAX, at, end, e) < 0 ? -1 : 0;
}
