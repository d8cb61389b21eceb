/* Mapping bugs: map items that ask for data the device does not hold, and
 * device copies read before anything wrote them (docs/checks.md).
 *
 * What each device holds is followed by host range, from the runtime's
 * allocations and deletes (the device copies), each with whether anything
 * wrote it since it was allocated: a transfer into it, or a kernel that may
 * write it (the plugin's `writes=` line; a kernel whose body was never
 * analysed may write every copy of its device).
 *  - update_of_absent_data, exit_of_absent_data: a `target update` or
 *    `target exit data` map item whose range no copy holds. Decided at the
 *    end of its construct: a `declare target` variable is on the device
 *    without an allocation the runtime reports, and a transfer of it in
 *    the construct withdraws the finding. Only on a device whose
 *    allocations the runtime reported: inferred ones know nothing of
 *    `declare target` variables.
 *  - uninitialized_device_read: a kernel's map item that the kernel reads
 *    (the compiler mapped it for a use, or the clause sends it `to`) and
 *    does not write, held by a copy nothing wrote, when the kernel starts;
 *    or a copy nothing wrote copied back to the host.
 *  - stale_device_data: a kernel's map item that the kernel reads, whose
 *    host copy at the construct's start (the MAP event's hash, with
 *    `--check mapping`) differs from what the device's copy holds: the
 *    content of its last transfer, when nothing wrote it since. */
#include "internal.h"
#include "model/modelled_events.h"

/* A copy the device holds: the tree's owner indexes oia_copy records. */
typedef struct oia_copy {
  uint64_t host_addr, bytes;
  uint32_t next_free; /* once deleted: the next free record, OIA_NONE = none */
  int32_t segments;   /* of the device's tree it still owns */
  bool written;
  /* its device's any_writes when it was allocated: a kernel that writes
   * every copy of the device since then wrote it too */
  uint32_t any_writes;
  /* what it holds, when known: the hash of the last transfer of exactly
   * its range, taken when its device's any_writes was content_any_writes
   * and cleared by any write since */
  bool content_known, content_sampled;
  uint32_t content_any_writes;
  uint64_t content;
} oia_copy;

/* A map item waiting for its construct's end (absent data) or its
 * kernel's start (a read, or a write: the item is allocated and sent by
 * the construct after its map items are known, and its kernel runs then). */
enum oia_ask_role { ASK_ABSENT, ASK_READ, ASK_WRITE };
typedef struct oia_ask {
  enum oia_ask_role role;
  enum oi_finding_kind kind;
  enum oi_data_op op;
  uint32_t thread;
  int32_t device;
  uint64_t host_addr, bytes;
  uint32_t profile;
  bool withdrawn; /* the runtime moved it after all (`declare target`) */
  /* stale_device_data: the host copy's hash at the construct's start */
  bool sampled;
  uint64_t hash;
} oia_ask;

static oia_bug_device *device_of(oi_analysis *ctx, int32_t device) {
  for (size_t i = 0; i < ctx->bug_devices.len; i++) {
    oia_bug_device *d = OI_ARRAY_AT(ctx->bug_devices, oia_bug_device, i);
    if (d->device == device)
      return d;
  }
  oia_bug_device *d = oi_array_push(&ctx->bug_devices);
  if (!d) {
    ctx->failed = true;
    return NULL;
  }
  *d =
      (oia_bug_device){.device = device, .root = OI_INTERVAL_NONE, .device_root = OI_INTERVAL_NONE};
  return d;
}

static oia_copy *copy_at(oi_analysis *ctx, uint32_t owner) {
  return OI_ARRAY_AT(ctx->bug_copies, oia_copy, owner);
}

static void ignore_segment(void *user, uint32_t owner, uint64_t bytes, int segments_delta) {
  (void)user, (void)owner, (void)bytes, (void)segments_delta;
}

/* A delete took a copy's last segment: its record is free for the next. */
static void free_gone_copy(void *user, uint32_t owner, uint64_t bytes, int segments_delta) {
  (void)bytes;
  oi_analysis *ctx = user;
  oia_copy *copy = copy_at(ctx, owner);
  copy->segments += segments_delta;
  if (copy->segments > 0)
    return;
  copy->next_free = ctx->bug_free_copy;
  ctx->bug_free_copy = owner;
}

/* What the copies of [start, end) say: whether they hold all of it, and
 * whether any of them was written. */
typedef struct coverage {
  oi_analysis *ctx;
  uint32_t any_writes; /* the device's */
  uint64_t held;
  bool written;
  bool mark; /* mark every copy visited written */
} coverage;

static void visit_copy(void *user, uint32_t owner, uint64_t bytes, int segments_delta) {
  (void)segments_delta;
  coverage *c = user;
  oia_copy *copy = copy_at(c->ctx, owner);
  c->held += bytes;
  c->written |= copy->written || copy->any_writes != c->any_writes;
  if (c->mark) {
    copy->written = true;
    copy->content_known = false;
  }
}

/* ... of the device's copies in `root`: by host range (d->root), or by
 * device address (d->device_root) */
static coverage cover_in(oi_analysis *ctx, oia_bug_device *d, uint32_t *root, uint64_t start,
                         uint64_t bytes, bool mark) {
  coverage c = {.ctx = ctx, .mark = mark, .any_writes = d->any_writes};
  if (*root != OI_INTERVAL_NONE)
    oi_intervals_query(&ctx->bug_tree, root, start, start + bytes, visit_copy, &c);
  return c;
}

static coverage cover(oi_analysis *ctx, oia_bug_device *d, uint64_t host_addr, uint64_t bytes,
                      bool mark) {
  return cover_in(ctx, d, &d->root, host_addr, bytes, mark);
}

/* The copy that starts at host_addr (OIA_NONE if none), and its size. */
typedef struct start_query {
  oi_analysis *ctx;
  uint64_t host_addr;
  uint32_t owner;
} start_query;

static void visit_start(void *user, uint32_t owner, uint64_t bytes, int segments_delta) {
  (void)bytes, (void)segments_delta;
  start_query *q = user;
  if (copy_at(q->ctx, owner)->host_addr == q->host_addr)
    q->owner = owner;
}

static uint32_t copy_starting_at(oi_analysis *ctx, oia_bug_device *d, uint64_t host_addr) {
  start_query q = {ctx, host_addr, OIA_NONE};
  if (d->root != OI_INTERVAL_NONE)
    oi_intervals_query(&ctx->bug_tree, &d->root, host_addr, host_addr + 1, visit_start, &q);
  return q.owner;
}

/* The copy of exactly [host_addr, +bytes), NULL if none. */
static oia_copy *copy_of(oi_analysis *ctx, oia_bug_device *d, uint64_t host_addr, uint64_t bytes) {
  uint32_t owner = copy_starting_at(ctx, d, host_addr);
  oia_copy *copy = owner == OIA_NONE ? NULL : copy_at(ctx, owner);
  return copy && copy->bytes == bytes ? copy : NULL;
}

static void count_bug(oi_analysis *ctx, enum oi_finding_kind kind, enum oi_data_op op,
                      uint32_t profile, int32_t device, uint64_t host_addr, uint64_t bytes,
                      bool sampled) {
  uint32_t range = oi_movement_range(&ctx->model, device, host_addr, bytes, false);
  oia_group *g =
      range == OIA_NONE ? NULL : oia_group_for(ctx, kind, op, profile, OIA_NONE, range, host_addr);
  if (g) {
    g->count++;
    g->sampled += sampled; /* decided on hashes of sampled blocks: probable */
  } else
    ctx->failed = true;
}

static void ask(oi_analysis *ctx, const oi_event *ev, const oi_event_facts *facts,
                enum oia_ask_role role, enum oi_finding_kind kind, enum oi_data_op op,
                int32_t device, uint64_t host_addr, uint64_t bytes) {
  /* a write is no finding: it needs no place; an item the streaming pass
   * could not name (no site) has none */
  if (role != ASK_WRITE && facts->name == OI_NAME_NONE)
    return;
  uint32_t profile = role == ASK_WRITE ? 0 : oi_movement_profile_of(&ctx->model, ev, facts);
  oia_ask *a = profile == OIA_NONE ? NULL : oi_array_push(&ctx->bug_asks);
  if (!a) {
    ctx->failed = true;
    return;
  }
  *a = (oia_ask){.sampled = (ev->flags & OI_FLAG_HASH_SAMPLED) != 0,
                 .hash = ev->kind == OI_KIND_MAP ? OI_GET(ev, MAP, hash) : 0,
                 .role = role,
                 .kind = kind,
                 .op = op,
                 .thread = ev->thread,
                 .device = device,
                 .host_addr = host_addr,
                 .bytes = bytes,
                 .profile = profile};
}

void oia_bugs_map_item(oi_analysis *ctx, const oi_event *ev, const oi_event_facts *facts) {
  int64_t device = OI_GET(ev, MAP, device);
  uint64_t host_addr = OI_GET(ev, MAP, host_addr), bytes = OI_GET(ev, MAP, bytes);
  if (device < 0 || device > INT32_MAX || !ev->var)
    return;
  oia_bug_device *d = device_of(ctx, (int32_t)device);
  if (!d)
    return;
  if (!bytes) { /* a pointer the body uses (`y[:0]`): writes go to the copy it points into */
    if (ev->construct == OI_CONSTRUCT_TARGET && facts->writes_item == 1)
      ask(ctx, ev, facts, ASK_WRITE, OI_FINDING_COUNT, OI_DATA_OP_NONE, (int32_t)device, host_addr,
          1);
    return;
  }
  if (oi_construct_asks_present(ev->construct)) {
    if (cover(ctx, d, host_addr, bytes, false).held == bytes)
      return;
    bool update = ev->construct == OI_CONSTRUCT_TARGET_UPDATE;
    enum oi_data_op op = facts->item & OI_ITEM_FROM ? OI_DATA_OP_FROM_DEVICE
                         : update                   ? OI_DATA_OP_TO_DEVICE
                                                    : OI_DATA_OP_DELETE;
    ask(ctx, ev, facts, ASK_ABSENT,
        update ? OI_FINDING_UPDATE_OF_ABSENT_DATA : OI_FINDING_EXIT_OF_ABSENT_DATA, op,
        (int32_t)device, host_addr, bytes);
    return;
  }
  /* a target region's item the kernel reads (the compiler mapped it for a
   * use, or the clause sends it), with its host copy's content: the
   * device's copy must hold the same when the kernel starts */
  if (ev->flags & OI_FLAG_HASH_VALID && facts->item & (OI_ITEM_IMPLICIT | OI_ITEM_TO))
    ask(ctx, ev, facts, ASK_READ, OI_FINDING_STALE_DEVICE_DATA, OI_DATA_OP_NONE, (int32_t)device,
        host_addr, bytes);
  /* written by its kernel, or read by it when the compiler mapped it for a
   * use or the clause sends it and the body writes neither it nor unnamed
   * memory that might be it */
  if (facts->writes_item == 1)
    ask(ctx, ev, facts, ASK_WRITE, OI_FINDING_COUNT, OI_DATA_OP_NONE, (int32_t)device, host_addr,
        bytes);
  else if (facts->writes_item == 0 && facts->writes_other == 0 &&
           facts->item & (OI_ITEM_IMPLICIT | OI_ITEM_TO))
    ask(ctx, ev, facts, ASK_READ, OI_FINDING_UNINITIALIZED_DEVICE_READ, OI_DATA_OP_NONE,
        (int32_t)device, host_addr, bytes);
}

/* The thread's asks are decided: at its kernel's start (or its region's
 * end) the reads of `device`, then the writes of every thread to it (a
 * kernel may start on another thread than its map items came on: a
 * `nowait` region's; a write taken early hides a bug, never makes one); at
 * the end of an update or exit (`device` -1) the absent data, kept for the
 * end of the run. */
static void decide(oi_analysis *ctx, uint32_t thread, int32_t device) {
  bool at_kernel = device >= 0;
  for (int pass = 0; pass < 2; pass++) { /* the kernel reads before it writes */
    enum oia_ask_role role = !at_kernel ? ASK_ABSENT : pass == 0 ? ASK_READ : ASK_WRITE;
    size_t kept = 0;
    for (size_t i = 0; i < ctx->bug_asks.len; i++) {
      oia_ask a = *OI_ARRAY_AT(ctx->bug_asks, oia_ask, i);
      bool mine = a.thread == thread || role == ASK_WRITE;
      if (!mine || a.role != role || (at_kernel && a.device != device)) {
        *OI_ARRAY_AT(ctx->bug_asks, oia_ask, kept++) = a;
        continue;
      }
      oia_bug_device *d = device_of(ctx, a.device);
      if (!d || a.withdrawn)
        continue;
      if (role == ASK_WRITE) {
        cover(ctx, d, a.host_addr, a.bytes, true);
      } else if (role == ASK_READ && a.kind == OI_FINDING_STALE_DEVICE_DATA) {
        const oia_copy *copy = copy_of(ctx, d, a.host_addr, a.bytes);
        if (copy && copy->content_known && copy->content_any_writes == d->any_writes &&
            copy->content != a.hash)
          count_bug(ctx, a.kind, a.op, a.profile, a.device, a.host_addr, a.bytes,
                    a.sampled || copy->content_sampled);
      } else if (role == ASK_READ) {
        coverage c = cover(ctx, d, a.host_addr, a.bytes, false);
        if (c.held == a.bytes && !c.written)
          count_bug(ctx, a.kind, a.op, a.profile, a.device, a.host_addr, a.bytes, false);
      } else {
        oia_ask *absent = oi_array_push(&ctx->bug_absent);
        if (!absent)
          ctx->failed = true;
        else
          *absent = a;
      }
    }
    ctx->bug_asks.len = kept;
    if (!at_kernel)
      return;
  }
}

/* The device's kernels that may write memory no map item names (or whose
 * body was never analysed) write every copy it holds. */
static void apply_any_write(oia_bug_device *d) {
  if (d->any_write_pending)
    d->any_writes++;
  d->any_write_pending = false;
}

void oia_bugs_region(oi_analysis *ctx, const oi_event *ev, const oi_event_facts *facts,
                     int32_t device) {
  if (device < 0)
    return;
  if (oi_construct_asks_present(ev->construct)) {
    if (ev->endpoint == OI_EP_END)
      decide(ctx, ev->thread, -1);
    return;
  }
  if (ev->construct != OI_CONSTRUCT_TARGET)
    return;
  oia_bug_device *d = device_of(ctx, device);
  if (!d)
    return;
  if (ev->endpoint == OI_EP_BEGIN && facts->writes_other != 0)
    d->any_write_pending = true;
  else if (ev->endpoint == OI_EP_END) { /* its kernel, if not reported, has run */
    decide(ctx, ev->thread, device);
    apply_any_write(d);
  }
}

void oia_bugs_kernel(oi_analysis *ctx, const oi_event *ev, int32_t device) {
  oia_bug_device *d = device >= 0 ? device_of(ctx, device) : NULL;
  if (!d || ev->endpoint != OI_EP_BEGIN)
    return;
  decide(ctx, ev->thread, device);
  apply_any_write(d);
}

/* A transfer of a range an ask found absent: the device held it after all
 * (a `declare target` variable). */
static void withdraw_asks(oi_analysis *ctx, int32_t device, uint64_t host_addr, uint64_t bytes) {
  for (size_t i = 0; i < ctx->bug_asks.len; i++) {
    oia_ask *a = OI_ARRAY_AT(ctx->bug_asks, oia_ask, i);
    if (a->device == device && a->role == ASK_ABSENT && a->host_addr < host_addr + bytes &&
        host_addr < a->host_addr + a->bytes)
      a->withdrawn = true;
  }
}

/* A transfer of exactly a copy's range with its hash: what the copy holds
 * now (a copy back reads it, a copy to it writes it). */
static void note_content(oi_analysis *ctx, oia_bug_device *d, const oi_event *ev) {
  oia_copy *copy = copy_of(ctx, d, ev->u.data.host_addr, ev->u.data.bytes);
  if (!copy || !(ev->flags & OI_FLAG_HASH_VALID))
    return;
  copy->content_known = true;
  copy->content_sampled = (ev->flags & OI_FLAG_HASH_SAMPLED) != 0;
  copy->content_any_writes = d->any_writes;
  copy->content = ev->u.data.hash;
}

void oia_bugs_data_op(oi_analysis *ctx, const oi_event *ev, uint32_t profile) {
  uint64_t host_addr = ev->u.data.host_addr, device_addr = ev->u.data.device_addr,
           bytes = ev->u.data.bytes;
  oia_bug_device *d = device_of(ctx, ev->device);
  if (!d || !host_addr)
    return;
  bool release = ev->op == OI_DATA_OP_DELETE || ev->op == OI_DATA_OP_DISASSOCIATE;
  if (!bytes && release) { /* a delete that gives no size: the copy that starts there */
    uint32_t owner = copy_starting_at(ctx, d, host_addr);
    bytes = owner == OIA_NONE ? 0 : copy_at(ctx, owner)->bytes;
  }
  if (!bytes)
    return;
  /* what comes back or is freed comes after the kernel, which has run by
   * now even where no event said so (data operations the shim inferred
   * come before the region's end) */
  if (ev->op == OI_DATA_OP_FROM_DEVICE || ev->op == OI_DATA_OP_DELETE) {
    decide(ctx, ev->thread, ev->device);
    apply_any_write(d);
  }
  switch (ev->op) {
  case OI_DATA_OP_ALLOC:
  case OI_DATA_OP_ASSOCIATE: { /* associated memory holds whatever the program put there */
    uint32_t owner = ctx->bug_free_copy;
    oia_copy *copy;
    if (owner != OIA_NONE) { /* a deleted copy's record: memory stays bounded by the live ones */
      copy = copy_at(ctx, owner);
      ctx->bug_free_copy = copy->next_free;
    } else {
      owner = (uint32_t)ctx->bug_copies.len;
      copy = oi_array_push(&ctx->bug_copies);
    }
    if (!copy || oi_intervals_overwrite(&ctx->bug_tree, &d->root, host_addr, host_addr + bytes,
                                        owner, free_gone_copy, ctx) != 0) {
      ctx->failed = true;
      return;
    }
    *copy = (oia_copy){.host_addr = host_addr,
                       .bytes = bytes,
                       .next_free = OIA_NONE,
                       .segments = 1,
                       .written = ev->op == OI_DATA_OP_ASSOCIATE,
                       .any_writes = d->any_writes};
    if (device_addr &&
        oi_intervals_overwrite(&ctx->bug_tree, &d->device_root, device_addr, device_addr + bytes,
                               owner, ignore_segment, NULL) != 0)
      ctx->failed = true;
    d->runtime_allocations |= ev->origin == OI_ORIGIN_NATIVE || ev->origin == OI_ORIGIN_MERGED;
    return;
  }
  case OI_DATA_OP_DELETE:
  case OI_DATA_OP_DISASSOCIATE:
    if ((device_addr &&
         oi_intervals_overwrite(&ctx->bug_tree, &d->device_root, device_addr, device_addr + bytes,
                                OI_INTERVAL_NONE, ignore_segment, NULL) != 0) ||
        oi_intervals_overwrite(&ctx->bug_tree, &d->root, host_addr, host_addr + bytes,
                               OI_INTERVAL_NONE, free_gone_copy, ctx) != 0)
      ctx->failed = true;
    return;
  case OI_DATA_OP_FROM_DEVICE: {
    withdraw_asks(ctx, ev->device, host_addr, bytes);
    coverage c = cover(ctx, d, host_addr, bytes, false);
    if (c.held == bytes && !c.written)
      count_bug(ctx, OI_FINDING_UNINITIALIZED_DEVICE_READ, OI_DATA_OP_FROM_DEVICE, profile,
                ev->device, host_addr, bytes, false);
    note_content(ctx, d, ev);
    return;
  }
  case OI_DATA_OP_TO_DEVICE:
  case OI_DATA_OP_DEVICE_TO_DEVICE:
  case OI_DATA_OP_MEMSET:
    withdraw_asks(ctx, ev->device, host_addr, bytes);
    /* by the device address where the host's is no copy's: the runtime
     * attaches a pointer member (`s.p[0:n]` makes s.p point to the
     * device's p) by a copy from a host buffer of its own */
    if (cover(ctx, d, host_addr, bytes, true).held < bytes && device_addr)
      cover_in(ctx, d, &d->device_root, device_addr, bytes, true);
    if (ev->op == OI_DATA_OP_TO_DEVICE)
      note_content(ctx, d, ev);
    return;
  default:
    return;
  }
}

/* Absent data, proven only on a device whose allocations the runtime
 * reported. */
static void count_absent(oi_analysis *ctx, const oia_ask *a) {
  const oia_bug_device *d = device_of(ctx, a->device);
  if (d && d->runtime_allocations)
    count_bug(ctx, a->kind, a->op, a->profile, a->device, a->host_addr, a->bytes, false);
}

void oia_bugs_finish(oi_analysis *ctx) {
  for (size_t i = 0; i < ctx->bug_absent.len; i++)
    count_absent(ctx, OI_ARRAY_AT(ctx->bug_absent, oia_ask, i));
  for (size_t i = 0; i < ctx->bug_asks.len; i++) { /* constructs whose end never came */
    const oia_ask *a = OI_ARRAY_AT(ctx->bug_asks, oia_ask, i);
    if (a->role == ASK_ABSENT && !a->withdrawn)
      count_absent(ctx, a);
  }
}

void oia_bugs_free(oi_analysis *ctx) {
  oi_array *arrays[] = {&ctx->bug_devices, &ctx->bug_copies, &ctx->bug_asks, &ctx->bug_absent};
  for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
    oi_array_free(arrays[i]);
  oi_interval_pool_free(&ctx->bug_tree);
}

void oia_bugs_init(oi_analysis *ctx) {
  ctx->bug_devices.elem = sizeof(oia_bug_device);
  ctx->bug_copies.elem = sizeof(oia_copy);
  ctx->bug_asks.elem = sizeof(oia_ask);
  ctx->bug_absent.elem = sizeof(oia_ask);
  ctx->bug_free_copy = OIA_NONE;
  oi_interval_pool_init(&ctx->bug_tree);
}
