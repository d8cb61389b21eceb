/* The model of data movement: where the bytes of each mapped variable live
 * and how they moved. Fed one event at a time in time order, it keeps
 *  - per device: what runs there (kernels, target regions) and the memory
 *    allocated there;
 *  - per holder (a device, or the host) and host range: the content it got
 *    last (hash, from whom, at which write version), whether that copy is
 *    allocated, and the lines where the range is mapped (holders.c);
 *  - write versions: whether anything wrote a holder's copy since a given
 *    moment, a transfer or a kernel that may write it (versions.c,
 *    kernel_writes.c);
 *  - places (a site's map item, or a code address and variable without a
 *    site) and per place and device the data operations, bytes and time
 *    (transfer_places.c).
 * The detectors (tools/analysis) read it to decide their findings; it knows
 * nothing of them. */
#ifndef OMPT_INST_MODEL_MOVEMENT_H
#define OMPT_INST_MODEL_MOVEMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/array.h"
#include "common/intervals.h"
#include "common/map.h"
#include "names.h"
#include "ompt-inst/events.h"

#define OI_MOVEMENT_NONE UINT32_MAX
#define OI_HOST_HOLDER (-1) /* the holder number of the host */

/* What the report model's streaming pass (tools/model/device_events.c)
 * resolved for one event, once, from the trace: this model and the
 * detectors read these ids and never the trace, its sites or its symbols.
 * A zeroed record knows nothing (no name: oi_event_facts_none). */
typedef struct oi_event_facts {
  /* the variable a data op moves, as the naming service named it
   * (names.h): its id in the names table; OI_NAME_NONE for other events */
  uint32_t name;
  /* the site's place in the source (oi_site.place: one for every template
   * instantiation of a construct), 0 when it has none or no site */
  uint64_t site_place;
  /* where the event happens: its site's file and line, else its code
   * address's; NULL and 0 when unknown */
  const char *file;
  unsigned line;
  /* whether the body of the target construct at the event's site may write
   * the event's map item (writes_item) and memory no map item names
   * (writes_other): 1 yes, 0 no, -1 not known (no site, or no plugin
   * information: such a kernel may write every copy its device holds) */
  int8_t writes_item, writes_other;
  /* a MAP event's item at its site: OI_ITEM_* bits, 0 when unknown */
  uint8_t item;
  /* a data operation's place in the report model (profile.h's places),
   * where its findings are shown; UINT32_MAX for other events */
  uint32_t source_place;
} oi_event_facts;

/* oi_event_facts.item: its map type sends it to the device (to, tofrom),
 * brings it back (from, tofrom); no map clause names it (the compiler
 * mapped it for a use in the body). */
enum { OI_ITEM_TO = 1, OI_ITEM_FROM = 2, OI_ITEM_IMPLICIT = 4 };

/* Facts of an event nothing is known of. */
static inline oi_event_facts oi_event_facts_none(void) {
  return (oi_event_facts){
      .name = OI_NAME_NONE, .writes_item = -1, .writes_other = -1, .source_place = UINT32_MAX};
}

/* Where data operations happen. */
typedef struct oi_transfer_place {
  uint32_t site;         /* 0 = none: codeptr/host_addr identify the place */
  uint16_t var;          /* 1-based map item of site, 0 = none */
  uint64_t codeptr;      /* of the first operation, when site == 0 */
  const char *file;      /* NULL if unknown */
  unsigned line;         /* 0 if unknown */
  uint32_t name;         /* of its variable, in the names table (names.h):
                            "a[0:N]", "field", "0x7ffd... (800 bytes)" */
  uint32_t source_place; /* its first operation's oi_event_facts.source_place */
  unsigned construct;    /* enum oi_construct of the first operation */
  /* sites whose operations the place holds: the template instantiations
   * of one construct (a build without the plugin cannot tell them apart:
   * clang gives them one location); 1 otherwise */
  uint32_t instantiations;
} oi_transfer_place;

/* Data operations per place and device. */
typedef struct oi_transfer_profile {
  oi_transfer_place at;
  int32_t device;
  uint64_t ops[OI_DATA_OP_COUNT];     /* operations per data op kind */
  uint64_t bytes[OI_DATA_OP_COUNT];   /* bytes per data op kind */
  uint64_t time_ns[OI_DATA_OP_COUNT]; /* time per data op kind */
} oi_transfer_profile;

typedef struct oi_device_summary {
  int32_t device;
  uint64_t peak_bytes; /* highest sum of live allocations */
  uint64_t allocs;     /* allocation operations */
  uint64_t kernels;    /* kernel (or target region) executions */
} oi_device_summary;

/* Which way a variable's content was copied while it was mapped (bits). */
enum { OI_MOVED_TO_DEVICE = 1, OI_MOVED_FROM_DEVICE = 2 };

/* What one holder (a device, or the host) has of one host range. */
typedef struct oi_held_range {
  int32_t holder; /* device, or OI_HOST_HOLDER */
  uint64_t host_addr, bytes;
  bool anonymous; /* device memory without a host address */
  /* content: the hash of the last transfer that touched the range here */
  bool known;   /* a valid hash is recorded */
  bool sampled; /* that hash covers sampled blocks (OI_FLAG_HASH_SAMPLED) */
  bool sent;    /* the holder sent it (else it received it) */
  int32_t peer; /* the other side of that transfer */
  uint64_t hash;
  /* the holder's newest write version over the range when the hash was
   * recorded: a larger one now means an overlapping transfer changed it */
  uint32_t version;
  uint32_t last_write; /* version of the last transfer into the range */
  bool covered;        /* entered into the holder's coverage tree */
  /* another range of the holder overlaps it: its versions are kept per
   * byte in the holder's version tree (else last_write says it all) */
  bool overlapped;
  /* of an overlapped range: the version tree node its last write inserted
   * (still the whole range while no other write touched it) */
  uint32_t version_node;
  uint32_t place_profile; /* profile of that transfer */
  /* the write version a kernel that may write the range gave it last, and
   * that kernel's line (0 = none); unseen: its body was never analysed (a
   * build without the plugin), so it may write anything */
  uint32_t kernel_write;
  unsigned kernel_line;
  bool kernel_unseen;
  /* lines where the range is mapped on this device */
  unsigned first_line, last_line;
  bool live;      /* allocated on the holder now */
  unsigned moved; /* OI_MOVED_* bits: copied to/from the holder */
} oi_held_range;

typedef struct oi_device_state {
  oi_device_summary summary;
  uint32_t kernels_active; /* KERNEL begin without end */
  uint32_t regions_active; /* kernels + target regions in flight */
  uint64_t activity;       /* kernel and target region starts so far */
  /* target region starts: the kernel count of a stream without kernel
   * events (LLVM 19 reports both for one region, so never add them) */
  uint64_t target_regions;
  uint64_t live_bytes;
  uint32_t version_root;  /* segments: version of the last write */
  uint32_t coverage_root; /* segments: range that last claimed them */
  bool saw_kernel_events;
} oi_device_state;

typedef struct oi_movement {
  /* the table of the ids in oi_event_facts.name (the report model's, so
   * that findings and variables share it) */
  const oi_names *names;
  bool failed; /* out of memory: the model is incomplete */
  oi_map places_by_key, profiles_by_key, ranges_by_key,
      compiler_regions, /* thread -> device + 1 of its open hook-reported
                           target region, 0 = none */
      native_regions,   /* thread -> its open target instance's variables */
      place_sites;      /* (place, site) pairs of places of several sites */
  oi_array places, profiles, ranges, devices, strings, region_vars;
  uint32_t host_version_root;  /* the host's version_root */
  uint32_t host_coverage_root; /* the host's coverage_root */
  oi_array overlapping;        /* scratch: range indices */
  oi_array pending_writes;     /* map items target regions may write */
  oi_array spared;             /* scratch: oi_spared_copy */
  uint32_t transfers;          /* write versions handed out so far */
  oi_interval_pool segments;   /* of the coverage trees */
  /* of the version trees: owners are write versions, each written into
   * one range of one holder, so a node that still spans a range with its
   * last version is that range's whole segment (oi_intervals_retake) */
  oi_interval_pool version_segments;
  uint32_t last_device; /* index cache into devices */
  /* per compiler site id (small, dense), the profiles of its map items
   * (transfer_places.c): a data op at a site finds its place without the
   * map */
  struct oi_site_places *site_places;
  uint64_t site_places_cap;
  /* the version an unseen kernel last wrote every copy of `unseen_device`
   * with (kernel_writes.c): while no version is handed out after it, the
   * next such kernel changes nothing a detector can tell */
  uint32_t unseen_write;
  int32_t unseen_device;
} oi_movement;

/* `names`: the table the events' name ids are in; it must outlive the
 * model. */
void oi_movement_init(oi_movement *m, const oi_names *names);
void oi_movement_free(oi_movement *m);
/* The name of a place's variable (oi_transfer_place.name). */
const oi_name_entry *oi_movement_name(const oi_movement *m, uint32_t name);
/* A copy of text kept until oi_movement_free; NULL on out of memory. */
char *oi_movement_strdup(oi_movement *m, const char *text);

/* holders.c: the state of a device, created when first asked for */
oi_device_state *oi_movement_device_find(oi_movement *m, int32_t device);
/* inline: asked several times per event, nearly always for the last one */
static inline oi_device_state *oi_movement_device(oi_movement *m, int32_t device) {
  if (m->last_device != OI_MOVEMENT_NONE) {
    oi_device_state *d = OI_ARRAY_AT(m->devices, oi_device_state, m->last_device);
    if (d->summary.device == device)
      return d;
  }
  return oi_movement_device_find(m, device);
}
/* the record of what `holder` has of [host_addr, +bytes) (anonymous: a
 * device address), created if new; OI_MOVEMENT_NONE on out of memory */
uint32_t oi_movement_range(oi_movement *m, int32_t holder, uint64_t host_addr, uint64_t bytes,
                           bool anonymous);
/* oi_movement_range for a data op at `profile` of [host_addr, +bytes),
 * not anonymous: the profile's device's record, or the host's (on_host) */
uint32_t oi_movement_op_range(oi_movement *m, uint32_t profile, bool on_host, uint64_t host_addr,
                              uint64_t bytes);
/* oi_movement_op_range's device range (ranges[0]) and, with_host, host
 * range (ranges[1]); false when out of memory */
bool oi_movement_op_ranges(oi_movement *m, uint32_t profile, uint64_t host_addr, uint64_t bytes,
                           bool with_host, uint32_t ranges[2]);
/* The device's range of the profile's last data op when it began at
 * host_addr (any size), else OI_MOVEMENT_NONE; no lookup. */
uint32_t oi_movement_op_range_known(oi_movement *m, uint32_t profile, uint64_t host_addr);
static inline oi_held_range *oi_movement_range_at(oi_movement *m, uint32_t i) {
  return OI_ARRAY_AT(m->ranges, oi_held_range, i);
}
/* extend the range's first/last mapped line by `line` (0: unknown) */
static inline void oi_movement_widen_lines(oi_movement *m, uint32_t range, unsigned line) {
  oi_held_range *r = oi_movement_range_at(m, range);
  if (!line)
    return;
  if (!r->first_line || line < r->first_line)
    r->first_line = line;
  if (line > r->last_line)
    r->last_line = line;
}
/* A kernel (is_kernel) or target region begins or ends on `dev`. */
void oi_movement_activity(oi_device_state *dev, unsigned endpoint, bool is_kernel);
/* A hook-reported `target` construct event: the device whose activity it
 * begins or ends, -1 when none (an if(false) region runs on the host). */
int32_t oi_movement_compiler_region(oi_movement *m, const oi_event *ev);

/* transfers.c: what a transfer found when it arrived, before it was
 * recorded. */
typedef struct oi_transfer_seen {
  int32_t receiver, sender;
  oi_held_range held; /* the receiver's copy before the transfer */
  uint32_t before;    /* the receiver's newest write version before it */
  /* a kernel that may write the variable wrote the device's copy since
   * that copy got the content recorded for it (to the device: and it was
   * the last write there), at that kernel's line */
  bool kernel_changed;
  unsigned kernel_line;
  bool kernel_unseen; /* that kernel's body was never analysed */
} oi_transfer_seen;
/* What the model saw of one data operation. */
typedef struct oi_op_seen {
  uint32_t profile; /* its place and device's record, counted */
  uint32_t place;   /* that record's place (oi_movement_place_index) */
  /* a transfer or allocation on a device of a host range: the device's
   * copy of the range; OI_MOVEMENT_NONE otherwise */
  uint32_t device_range;
  bool transfer; /* such a transfer: `moved` says what it found */
  oi_transfer_seen moved;
} oi_op_seen;
/* A data operation (its end) enters the model: counted at its place and
 * device; a transfer of a host range recorded (which way the device's copy
 * moved, OI_MOVED_*, a new write version of the receiver's copy, the
 * content both ends now hold), an allocation's copy found; the range's
 * mapped lines widened by the place's. false when out of memory. */
bool oi_movement_data_op(oi_movement *m, const oi_event *ev, const oi_event_facts *facts,
                         oi_op_seen *seen);

/* versions.c: which transfers wrote a holder's copy of a range */
/* a transfer from the `sender` range to the `receiver` range: the next
 * write version, recorded into the receiver (its newest version before it
 * in *before); the sender's newest version in *sender_version */
uint32_t oi_movement_versions_transfer(oi_movement *m, uint32_t receiver, uint32_t sender,
                                       uint32_t *before, uint32_t *sender_version);
void oi_movement_versions_enter(oi_movement *m, uint32_t range);
/* records version `write` into range; the newest version before it */
uint32_t oi_movement_versions_write(oi_movement *m, uint32_t range, uint32_t write);
uint32_t oi_movement_versions_newest(oi_movement *m, uint32_t range);
/* records version `write` into every range the holder has covered, as a
 * write into each would, at the cost of one pass over its version tree */
void oi_movement_versions_write_all(oi_movement *m, int32_t holder, uint32_t write);
/* the next write version (they saturate after 4 billion writes: changes
 * then go unseen) */
uint32_t oi_movement_next_version(oi_movement *m);
/* the ranges of the holder's copies overlapping [start, end), into
 * m->overlapping */
void oi_movement_overlapping(oi_movement *m, int32_t holder, uint64_t start, uint64_t end);

/* kernel_writes.c: what target regions may write, as write versions; both
 * take every event */
void oi_movement_writes_note_site(oi_movement *m, const oi_event *ev, const oi_event_facts *facts);
void oi_movement_writes_apply_pending(oi_movement *m, const oi_event *ev);
/* inline: every event asks, and nearly all have nothing to do */
static inline void oi_movement_writes_note(oi_movement *m, const oi_event *ev,
                                           const oi_event_facts *facts) {
  if (ev->construct == OI_CONSTRUCT_TARGET && ev->device >= 0 &&
      (ev->kind == OI_KIND_MAP || ev->endpoint == OI_EP_BEGIN))
    oi_movement_writes_note_site(m, ev, facts);
}
static inline void oi_movement_writes_apply(oi_movement *m, const oi_event *ev) {
  if (m->pending_writes.len)
    oi_movement_writes_apply_pending(m, ev);
}

/* the place-and-device profile record of a data operation, created if new
 * (its counts not yet added; a new place takes its line and name from the
 * event's facts) */
uint32_t oi_movement_profile_of(oi_movement *m, const oi_event *ev, const oi_event_facts *facts);
/* A target construct instance begins or ends on the event's thread. */
void oi_movement_native_region(oi_movement *m, const oi_event *ev);
/* oi_movement_profile_of, and the data operation counted there; its
 * place and the place's line */
uint32_t oi_movement_place_op(oi_movement *m, const oi_event *ev, const oi_event_facts *facts,
                              uint32_t *place, unsigned *line);
oi_transfer_profile *oi_movement_profile_at(oi_movement *m, uint32_t profile);
/* the place of a profile record (the same for all its devices) */
const oi_transfer_place *oi_movement_place_of(oi_movement *m, uint32_t profile);
uint32_t oi_movement_place_index(oi_movement *m, uint32_t profile);

#endif
