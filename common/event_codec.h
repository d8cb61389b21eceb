/* The compact encoding of events (OI_ENCODING_COMPACT frames of trace
 * format 3, docs/trace-format.md), shared by the shim that writes it and
 * the reader that reads it.
 *
 * Each event is written as the difference from the previous event of the
 * same kind and endpoint in the frame: a key byte (kind and endpoint), a
 * varint bit mask of the columns that changed, the time since the previous
 * event of the frame, then each changed column as a varint of its zigzag
 * delta (the one-byte columns as themselves). The columns are the words of
 * the kind's rows of OI_EVENT_FIELDS and the common ones; a kind's other
 * words are never written. An event the encoding cannot express exactly (a
 * word outside its kind's rows, another thread) is written whole, so the
 * encoding loses nothing. A frame starts from a fresh codec, so each frame
 * decodes on its own. Pure computation: safe in a signal handler. */
#ifndef OMPT_INST_EVENT_CODEC_H
#define OMPT_INST_EVENT_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "ompt-inst/events.h"

/* Events are keyed by kind and endpoint (none, begin, end). */
#define OI_CODEC_KEYS (OI_KIND_COUNT * 3)
/* The key byte of an event written whole (an oi_event follows). */
#define OI_CODEC_WHOLE 0xffu
/* The most bytes one event takes: key 1, mask 2, time, 5 fields and
 * codeptr 10 each, site 5, var 3, device 5, 4 one-byte columns = 90 (an
 * event written whole: 81). */
#define OI_CODEC_MAX_EVENT_BYTES 96u

typedef struct oi_event_codec {
  uint64_t time_ns;                 /* of the previous event */
  oi_event previous[OI_CODEC_KEYS]; /* by key; thread set when used */
} oi_event_codec;

/* A fresh codec, for a new frame. */
void oi_codec_reset(oi_event_codec *codec);

/* Writes `e` at `out` (room for OI_CODEC_MAX_EVENT_BYTES); the bytes
 * written. */
size_t oi_codec_encode(oi_event_codec *codec, uint32_t thread, const oi_event *e,
                       unsigned char *out);

/* Reads one event of thread `thread` from [*at, end) into *e and moves *at
 * past it: 0, or -1 if the bytes are no valid event (*at then undefined). */
int oi_codec_decode(oi_event_codec *codec, uint32_t thread, const unsigned char **at,
                    const unsigned char *end, oi_event *e);

/* Bit k of a kinds word: kind k, kinds past 62 share bit 63. */
static inline uint64_t oi_codec_kind_bit(unsigned kind) { return 1ull << (kind < 63 ? kind : 63); }

/* As oi_codec_decode, but an event whose kind is not in `kinds` is checked
 * and passed over, not decoded into *e: 1 (decoded), 0 (passed over) or -1.
 * Passing over keeps the time chain but not the kind's previous event, so
 * within a frame a kind must be passed over every time or never. */
int oi_codec_next(oi_event_codec *codec, uint32_t thread, uint64_t kinds, const unsigned char **at,
                  const unsigned char *end, oi_event *e);

#endif
