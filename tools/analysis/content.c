/* Content-based detectors, all decided when a transfer arrives:
 *  - duplicate: the receiver already holds this content for this range
 *    because it received it before, and no transfer has written any byte of
 *    the range there since;
 *  - round trip: the receiver holds it because it sent it to the very
 *    device that now sends it back unmodified;
 *  - identical content: a different variable (other place and host range)
 *    already brought this content to the receiver; reported, not avoidable.
 * A decision that compared a hash of sampled blocks (OI_FLAG_HASH_SAMPLED,
 * on either side) is probable: the bytes between the blocks went unseen->
 * A transfer of content the receiver got last, where a kernel that may
 * write the variable (tools/model/kernel_writes.c) wrote the device's copy
 * in between, is counted but marked may_change: the same values came back
 * this run only, or the device's copy needed them again. In plain builds,
 * whose kernels' bodies nobody analysed, every kernel may write every copy
 * of its device (kernel_writes.c).
 * The data movement model (tools/model/holders.c) keeps per holder (device
 * or host) and host range the hash of the last transfer of that range in
 * either direction and the write version it had then, so an overlapping
 * update of part of an array counts as a change; each transfer tells the
 * detector what the receiver held before it. */
#include "internal.h"

/* The first holder of the same content when it is another variable (and
 * whether its hash was sampled). */
static uint32_t other_holder(oi_analysis *ctx, int32_t receiver, uint64_t hash, uint64_t bytes,
                             uint64_t host_addr, const oi_op_seen *seen, bool sampled,
                             bool *holder_sampled) {
  oia_content_holder first, holder = {seen->profile, sampled, host_addr};
  if (!oia_content_seen(&ctx->contents, receiver, hash, bytes, &holder, &first, &ctx->failed))
    return OIA_NONE;
  if (first.host_addr == host_addr ||
      oi_movement_place_index(&ctx->model, first.profile) == seen->place)
    return OIA_NONE;
  *holder_sampled = first.sampled;
  return first.profile;
}

bool oia_content_transfer(oi_analysis *ctx, const oi_event *ev, const oi_op_seen *op) {
  uint64_t host = ev->u.data.host_addr, bytes = ev->u.data.bytes;
  const oi_transfer_seen *seen = &op->moved;
  bool known = ev->flags & OI_FLAG_HASH_VALID;
  bool sampled = known && (ev->flags & OI_FLAG_HASH_SAMPLED);
  uint64_t hash = ev->u.data.hash;

  const oi_held_range *held = &seen->held;
  /* the receiver got this content last, and nothing but (to a device) a
   * kernel that may write its copy wrote it since */
  bool holds_it =
      known && held->known && held->hash == hash &&
      (held->version == seen->before || (ev->op == OI_DATA_OP_TO_DEVICE && seen->kernel_changed));
  enum oi_finding_kind kind = OI_FINDING_COUNT;
  uint32_t other = OIA_NONE;
  bool probable = sampled;
  if (holds_it) {
    kind = held->sent && held->peer == seen->sender ? OI_FINDING_ROUND_TRIP
                                                    : OI_FINDING_DUPLICATE_TRANSFER;
    other = held->place_profile;
    probable |= held->sampled;
  } else if (known) {
    bool holder_sampled = false;
    other = other_holder(ctx, seen->receiver, hash, bytes, host, op, sampled, &holder_sampled);
    if (other != OIA_NONE)
      kind = OI_FINDING_IDENTICAL_CONTENT;
    probable |= holder_sampled;
  }
  if (kind == OI_FINDING_COUNT)
    return false;

  oia_group *group = oia_group_for(ctx, kind, ev->op, op->profile, other, op->device_range, host);
  if (!group)
    return false;
  group->count++;
  group->sampled += probable;
  group->bytes += bytes;
  group->time_ns += ev->u.data.duration_ns;
  if (kind == OI_FINDING_IDENTICAL_CONTENT)
    return false;             /* the content must still get there somehow */
  if (seen->kernel_changed) { /* same values this run only: not avoidable */
    group->may_change++;
    group->changed_line = seen->kernel_line;
    group->changed_unseen = seen->kernel_unseen;
    return false;
  }
  ctx->totals.saved_ns += ev->u.data.duration_ns;
  ctx->totals.saved_bytes += bytes;
  return true;
}
