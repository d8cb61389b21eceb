/* A transfer as the model records it: which way the device's copy moved, a
 * new write version of the receiver's copy (versions.c), and the content
 * both ends hold after it, with what the receiver held before for the
 * detectors to judge. */
#include "movement.h"

static void hold(oi_movement *m, uint32_t range, const oi_event *ev, bool sent, int32_t peer,
                 uint32_t version, uint32_t profile) {
  oi_held_range *r = oi_movement_range_at(m, range);
  r->known = ev->flags & OI_FLAG_HASH_VALID;
  r->sampled = r->known && (ev->flags & OI_FLAG_HASH_SAMPLED);
  r->hash = ev->u.data.hash;
  r->sent = sent;
  r->peer = peer;
  r->version = version;
  r->place_profile = profile;
}

/* A to/from-device transfer of the device's copy `ranges[0]` and the host's
 * `ranges[1]`: which way the copy moved (OI_MOVED_*), a new write version
 * of the receiver's copy, and the content both ends now hold. */
static void record_transfer(oi_movement *m, const oi_event *ev, uint32_t profile,
                            const uint32_t ranges[2], oi_transfer_seen *seen) {
  bool to_device = ev->op == OI_DATA_OP_TO_DEVICE;
  uint32_t device_range = ranges[0];
  oi_movement_range_at(m, device_range)->moved |=
      to_device ? OI_MOVED_TO_DEVICE : OI_MOVED_FROM_DEVICE;
  uint32_t recv = to_device ? device_range : ranges[1];
  uint32_t send = to_device ? ranges[1] : device_range;
  seen->receiver = to_device ? ev->device : OI_HOST_HOLDER;
  seen->sender = to_device ? OI_HOST_HOLDER : ev->device;

  uint32_t sender_version;
  uint32_t write = oi_movement_versions_transfer(m, recv, send, &seen->before, &sender_version);
  seen->held = *oi_movement_range_at(m, recv);
  /* the device's copy, written by a kernel since it got its content */
  const oi_held_range *device_copy = oi_movement_range_at(m, device_range);
  if (to_device) /* and nothing wrote it after that kernel */
    seen->kernel_changed =
        device_copy->kernel_write > seen->held.version && device_copy->kernel_write == seen->before;
  else
    seen->kernel_changed = device_copy->kernel_write > device_copy->version;
  seen->kernel_line = device_copy->kernel_line;
  seen->kernel_unseen = device_copy->kernel_unseen;

  hold(m, recv, ev, false, seen->sender, write, profile);
  hold(m, send, ev, true, seen->receiver, sender_version, profile);
}

bool oi_movement_data_op(oi_movement *m, const oi_event *ev, const oi_event_facts *facts,
                         oi_op_seen *seen) {
  *seen = (oi_op_seen){.device_range = OI_MOVEMENT_NONE};
  unsigned line;
  seen->profile = oi_movement_place_op(m, ev, facts, &seen->place, &line);
  if (seen->profile == OI_MOVEMENT_NONE)
    return false;
  uint64_t host = ev->u.data.host_addr, bytes = ev->u.data.bytes;
  bool transfer = ev->op == OI_DATA_OP_TO_DEVICE || ev->op == OI_DATA_OP_FROM_DEVICE;
  bool alloc = ev->op == OI_DATA_OP_ALLOC;
  /* a data op without a device has no place in the detectors; a transfer
   * of device-only memory no variable to follow */
  if (ev->device < 0 || !(alloc || (transfer && host && bytes)))
    return true;
  uint32_t ranges[2] = {OI_MOVEMENT_NONE, OI_MOVEMENT_NONE};
  if (alloc && !host) /* omp_target_alloc: no variable behind it */
    ranges[0] = oi_movement_range(m, ev->device, ev->u.data.device_addr, bytes, true);
  else if (!oi_movement_op_ranges(m, seen->profile, host, bytes, transfer, ranges))
    return true;
  if (ranges[0] == OI_MOVEMENT_NONE)
    return true;
  seen->device_range = ranges[0];
  oi_movement_widen_lines(m, ranges[0], line);
  if (transfer) {
    record_transfer(m, ev, seen->profile, ranges, &seen->moved);
    seen->transfer = true;
  }
  return true;
}
