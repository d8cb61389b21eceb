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

bool oi_movement_transfer(oi_movement *m, const oi_event *ev, uint32_t profile,
                          uint32_t device_range, oi_transfer_seen *seen) {
  bool to_device = ev->op == OI_DATA_OP_TO_DEVICE;
  oi_movement_range_at(m, device_range)->moved |=
      to_device ? OI_MOVED_TO_DEVICE : OI_MOVED_FROM_DEVICE;
  uint32_t host_range =
      oi_movement_op_range(m, profile, true, ev->u.data.host_addr, ev->u.data.bytes);
  if (host_range == OI_MOVEMENT_NONE)
    return false;
  uint32_t recv = to_device ? device_range : host_range;
  uint32_t send = to_device ? host_range : device_range;
  seen->receiver = to_device ? ev->device : OI_HOST_HOLDER;
  seen->sender = to_device ? OI_HOST_HOLDER : ev->device;

  uint32_t write = oi_movement_next_version(m);
  oi_movement_versions_enter(m, recv);
  oi_movement_versions_enter(m, send);
  seen->before = oi_movement_versions_write(m, recv, write);
  uint32_t sender_version = oi_movement_versions_newest(m, send);
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
  return true;
}
