/* Content-based detectors, all decided when a transfer arrives:
 *  - duplicate: the receiver already holds this content for this range
 *    because it received it before, and no transfer has written any byte of
 *    the range there since;
 *  - round trip: the receiver holds it because it sent it to the very
 *    device that now sends it back unmodified;
 *  - identical content: a different variable (other place and host range)
 *    already brought this content to the receiver; reported, not avoidable.
 * A decision that compared a hash of sampled blocks (OI_FLAG_HASH_SAMPLED,
 * on either side) is probable: the bytes between the blocks went unseen.
 * A from_device whose content the host still holds, after a kernel that
 * may write the variable ran (kernel_writes.c), is counted but marked
 * may_change: the same values came back this run only.
 * Each holder (device or host) keeps, per host range, the hash of the last
 * transfer of that range in either direction and the write version it had
 * then (versions.c), so an overlapping update of part of an array counts
 * as a change. */
#include "internal.h"

static void remember(oi_analysis *ctx, uint32_t range, bool known,
                     bool sampled, uint64_t hash, bool sent, int32_t peer,
                     uint32_t version, uint32_t profile) {
  oia_range *r = oia_range_at(ctx, range);
  r->known = known;
  r->sampled = sampled;
  r->hash = hash;
  r->sent = sent;
  r->peer = peer;
  r->version = version;
  r->place_profile = profile;
}

static uint32_t place_of(oi_analysis *ctx, uint32_t profile) {
  return oia_profile_at(ctx, profile)->place;
}

/* The first holder of the same content when it is another variable (and
 * whether its hash was sampled). */
static uint32_t other_holder(oi_analysis *ctx, int32_t receiver, uint64_t hash,
                             uint64_t bytes, uint64_t host_addr,
                             uint32_t profile, bool sampled,
                             bool *holder_sampled) {
  oi_map_key key = {{(uint64_t)(int64_t)receiver, hash, bytes, 0}};
  uint32_t index = oi_map_get(&ctx->contents, &key);
  if (index == OI_MAP_NONE) {
    if (oi_map_size(&ctx->contents) >= OIA_CONTENT_LIMIT)
      return OIA_NONE;
    uint32_t *slot = oi_map_slot(&ctx->contents, &key);
    oia_content_holder *holder =
        slot ? oi_array_push(&ctx->content_holders) : NULL;
    if (!holder) {
      ctx->failed = true;
      return OIA_NONE;
    }
    holder->profile = profile;
    holder->host_addr = host_addr;
    holder->sampled = sampled;
    *slot = (uint32_t)(ctx->content_holders.len - 1);
    return OIA_NONE;
  }
  oia_content_holder *first =
      OI_ARRAY_AT(ctx->content_holders, oia_content_holder, index);
  if (first->host_addr == host_addr ||
      place_of(ctx, first->profile) == place_of(ctx, profile))
    return OIA_NONE;
  *holder_sampled = first->sampled;
  return first->profile;
}

bool oia_content_transfer(oi_analysis *ctx, const oi_event *ev,
                          uint32_t profile, uint32_t device_range) {
  uint64_t host = ev->u.data.host_addr, bytes = ev->u.data.bytes;
  uint32_t host_range = oia_range_of(ctx, OIA_HOST_DEVICE, host, bytes, false);
  if (host_range == OIA_NONE)
    return false;
  bool to_device = ev->op == OI_DATA_OP_TO_DEVICE;
  uint32_t recv = to_device ? device_range : host_range;
  uint32_t send = to_device ? host_range : device_range;
  int32_t receiver = to_device ? ev->device : OIA_HOST_DEVICE;
  int32_t sender = to_device ? OIA_HOST_DEVICE : ev->device;
  bool known = ev->flags & OI_FLAG_HASH_VALID;
  bool sampled = known && (ev->flags & OI_FLAG_HASH_SAMPLED);
  uint64_t hash = ev->u.data.hash;

  /* versions saturate after 4 billion transfers: changes then go unseen */
  if (ctx->transfers < OI_INTERVAL_NONE - 1)
    ctx->transfers++;
  uint32_t write = ctx->transfers;
  oia_versions_enter(ctx, recv);
  oia_versions_enter(ctx, send);
  uint32_t before = oia_versions_write(ctx, recv, write);
  uint32_t sender_version = oia_versions_newest(ctx, send);
  /* a kernel that may write the variable ran on the sending device since
   * its copy got the content recorded for it (kernel_writes.c) */
  const oia_range *sent_from = oia_range_at(ctx, send);
  bool kernel_changed = !to_device && sent_from->kernel_write > sent_from->version;
  unsigned kernel_line = sent_from->kernel_line;

  const oia_range *held = oia_range_at(ctx, recv);
  bool holds_it =
      known && held->known && held->hash == hash && held->version == before;
  enum oi_finding_kind kind = OI_FINDING_COUNT;
  uint32_t other = OIA_NONE;
  bool probable = sampled;
  if (holds_it) {
    kind = held->sent && held->peer == sender ? OI_FINDING_ROUND_TRIP
                                              : OI_FINDING_DUPLICATE_TRANSFER;
    other = held->place_profile;
    probable |= held->sampled;
  } else if (known) {
    bool holder_sampled = false;
    other = other_holder(ctx, receiver, hash, bytes, host, profile, sampled,
                         &holder_sampled);
    if (other != OIA_NONE)
      kind = OI_FINDING_IDENTICAL_CONTENT;
    probable |= holder_sampled;
  }
  remember(ctx, recv, known, sampled, hash, false, sender, write, profile);
  remember(ctx, send, known, sampled, hash, true, receiver, sender_version,
           profile);
  if (kind == OI_FINDING_COUNT)
    return false;

  oia_group *group =
      oia_group_for(ctx, kind, ev->op, profile, other, device_range, host);
  if (!group)
    return false;
  group->count++;
  group->sampled += probable;
  group->bytes += bytes;
  group->time_ns += ev->u.data.duration_ns;
  if (kind == OI_FINDING_IDENTICAL_CONTENT)
    return false; /* the content must still get there somehow */
  if (kernel_changed) { /* same values this run only: not avoidable */
    group->may_change++;
    group->changed_line = kernel_line;
    return false;
  }
  ctx->totals.saved_ns += ev->u.data.duration_ns;
  ctx->totals.saved_bytes += bytes;
  return true;
}
