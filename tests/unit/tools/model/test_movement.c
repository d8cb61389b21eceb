/* The model of data movement (tools/model/movement.h) alone, without the
 * detectors: what a transfer finds at the receiver, write versions over
 * overlapping ranges, kernels that may write, places and their counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/movement.h"
#include "model/names.h"

#define DEV 2
#define A 0x10000u
#define BYTES 800u

static oi_event transfer_event(enum oi_data_op op, uint32_t site, uint64_t host, uint64_t bytes,
                               uint64_t hash) {
  oi_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = OI_KIND_DATA_OP;
  ev.endpoint = OI_EP_END;
  ev.op = (uint8_t)op;
  ev.site = site;
  ev.var = 1;
  ev.device = DEV;
  ev.flags = OI_FLAG_HASH_VALID;
  ev.u.data.host_addr = host;
  ev.u.data.bytes = bytes;
  ev.u.data.hash = hash;
  ev.u.data.duration_ns = 100;
  return ev;
}

/* The names of every test's places: what the report model's table is to
 * the analysis. */
static oi_names names;

/* The facts the report model's streaming pass resolves for an event, as a
 * trace would give them: site 20's map item is "a[0:N]", a site's line is
 * its id (in m.c), and the target region at site 30 may write its map item
 * 1 and nothing else. */
static oi_event_facts facts_of(const oi_event *ev) {
  oi_event_facts facts = {
      .file = "m.c", .line = ev->site, .writes_item = ev->site == 30 && ev->var == 1};
  oi_variable_name name;
  oi_name_variable(ev->site == 20 ? "a[0:N]" : NULL, false, NULL, ev->u.data.host_addr,
                   ev->u.data.device_addr, ev->u.data.bytes, &name);
  facts.name = oi_names_add(&names, &name);
  return facts;
}

static uint32_t profile_of(oi_movement *m, const oi_event *ev) {
  oi_event_facts facts = facts_of(ev);
  return oi_movement_profile_of(m, ev, &facts);
}

/* Records the transfer as the analysis does, in one step: its place, the
 * device's copy (the one its holder and range name), the transfer. */
static oi_transfer_seen send_event(oi_movement *m, const oi_event *ev) {
  oi_event_facts facts = facts_of(ev);
  oi_op_seen seen;
  assert_true(oi_movement_data_op(m, ev, &facts, &seen));
  assert_true(seen.transfer);
  assert_int_equal(seen.device_range,
                   oi_movement_range(m, ev->device, ev->u.data.host_addr, ev->u.data.bytes, false));
  assert_int_equal(seen.place, oi_movement_place_index(m, seen.profile));
  return seen.moved;
}

static oi_transfer_seen send(oi_movement *m, enum oi_data_op op, uint32_t site, uint64_t host,
                             uint64_t bytes, uint64_t hash) {
  oi_event ev = transfer_event(op, site, host, bytes, hash);
  return send_event(m, &ev);
}

static void a_second_copy_finds_the_content_unchanged(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  oi_transfer_seen first = send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  assert_false(first.held.known); /* nothing there yet */
  assert_int_equal(first.receiver, DEV);
  assert_int_equal(first.sender, OI_HOST_HOLDER);
  oi_transfer_seen again = send(&m, OI_DATA_OP_TO_DEVICE, 21, A, BYTES, 0xabc);
  assert_true(again.held.known);
  assert_int_equal(again.held.hash, 0xabc);
  assert_false(again.held.sent);                      /* the device received it */
  assert_int_equal(again.held.version, again.before); /* nothing wrote it since */
  oi_movement_free(&m);
}

static void a_copy_back_finds_what_the_host_sent(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  oi_transfer_seen back = send(&m, OI_DATA_OP_FROM_DEVICE, 22, A, BYTES, 0xabc);
  assert_int_equal(back.receiver, OI_HOST_HOLDER);
  assert_true(back.held.sent);           /* the host sent it ... */
  assert_int_equal(back.held.peer, DEV); /* ... to this very device */
  assert_false(back.kernel_changed);
  uint32_t range = oi_movement_range(&m, DEV, A, BYTES, false);
  assert_int_equal(oi_movement_range_at(&m, range)->moved,
                   OI_MOVED_TO_DEVICE | OI_MOVED_FROM_DEVICE);
  oi_movement_free(&m);
}

static void an_element_update_changes_the_array_copy(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  send(&m, OI_DATA_OP_TO_DEVICE, 23, A + 80, 8, 0x1); /* a[10] inside a[0:N] */
  oi_transfer_seen again = send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  assert_true(again.held.known);
  assert_true(again.before > again.held.version); /* the update wrote part of it */
  uint32_t whole = oi_movement_range(&m, DEV, A, BYTES, false);
  assert_true(oi_movement_range_at(&m, whole)->overlapped);
  oi_movement_free(&m);
}

/* Once an element update made the array's copy overlapped, whole writes
 * that follow each other find the array unchanged in between, and the next
 * element update is seen again. */
static void whole_writes_after_an_element_update_see_only_real_changes(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  send(&m, OI_DATA_OP_TO_DEVICE, 23, A + 80, 8, 0x1);
  oi_transfer_seen after_update = send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  assert_true(after_update.before > after_update.held.version);
  uint32_t whole = oi_movement_range(&m, DEV, A, BYTES, false);
  for (int i = 0; i < 3; i++) { /* nothing else writes it now */
    oi_transfer_seen again = send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
    assert_int_equal(again.before, again.held.version);
    assert_int_equal(oi_movement_versions_newest(&m, whole),
                     oi_movement_range_at(&m, whole)->last_write);
  }
  send(&m, OI_DATA_OP_TO_DEVICE, 23, A + 80, 8, 0x2);
  uint32_t element = oi_movement_range(&m, DEV, A + 80, 8, false);
  assert_int_equal(oi_movement_versions_newest(&m, whole),
                   oi_movement_range_at(&m, element)->last_write);
  oi_transfer_seen changed = send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  assert_true(changed.before > changed.held.version);
  oi_movement_free(&m);
}

static void a_kernel_that_may_write_marks_the_device_copy(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  uint32_t range = oi_movement_range(&m, DEV, A, BYTES, false);
  uint32_t before = oi_movement_versions_newest(&m, range);
  oi_event map;
  memset(&map, 0, sizeof map);
  map.kind = OI_KIND_MAP;
  map.construct = OI_CONSTRUCT_TARGET;
  map.site = 30;
  map.var = 1;
  map.device = DEV;
  OI_SET(&map, MAP, host_addr, A + 8); /* a section inside the mapped array */
  OI_SET(&map, MAP, bytes, 8);
  oi_movement_writes_apply(&m, &map);
  oi_event_facts map_facts = facts_of(&map);
  oi_movement_writes_note(&m, &map, &map_facts);
  assert_int_equal(oi_movement_versions_newest(&m, range), before); /* not yet */
  oi_event kernel;
  memset(&kernel, 0, sizeof kernel);
  kernel.kind = OI_KIND_KERNEL;
  kernel.endpoint = OI_EP_BEGIN;
  kernel.device = DEV;
  oi_movement_writes_apply(&m, &kernel); /* the kernel has run */
  assert_true(oi_movement_versions_newest(&m, range) > before);
  oi_transfer_seen back = send(&m, OI_DATA_OP_FROM_DEVICE, 22, A, BYTES, 0xabc);
  assert_true(back.kernel_changed);
  assert_int_equal(back.kernel_line, 30);
  oi_movement_free(&m);
}

static void places_are_named_and_counted_per_device(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  oi_event other = transfer_event(OI_DATA_OP_TO_DEVICE, 21, A + BYTES, 16, 0);
  uint32_t unnamed = profile_of(&m, &other);
  assert_int_equal(m.profiles.len, 2);
  oi_event first = transfer_event(OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0);
  uint32_t named = profile_of(&m, &first);
  const oi_transfer_profile *p = oi_movement_profile_at(&m, named);
  assert_int_equal(p->ops[OI_DATA_OP_TO_DEVICE], 2);
  assert_int_equal(p->bytes[OI_DATA_OP_TO_DEVICE], 2 * BYTES);
  assert_int_equal(p->device, DEV);
  const oi_name_entry *item = oi_movement_name(&m, oi_movement_place_of(&m, named)->name);
  assert_string_equal(item->text, "a[0:N]");
  assert_int_equal(item->source, OI_NAME_PLUGIN_ITEM);
  assert_true(item->whole);
  assert_int_equal(oi_movement_place_of(&m, named)->line, 20);
  char expected[64]; /* nothing names it: its address and size */
  snprintf(expected, sizeof expected, "0x%" PRIx64 " (16 bytes)", (uint64_t)(A + BYTES));
  const oi_name_entry *address = oi_movement_name(&m, oi_movement_place_of(&m, unnamed)->name);
  assert_string_equal(address->text, expected);
  assert_int_equal(address->source, OI_NAME_ADDRESS);
  assert_false(address->whole);
  oi_movement_free(&m);
}

/* Where each name comes from (names.h): a plain build's call names its map
 * items as the program passed them; device memory without a host address
 * reads as its device address. */
static void names_say_where_they_come_from(void **state) {
  (void)state;
  oi_variable_name name;
  oi_name_variable("a[0:N]", true, NULL, A, 0, BYTES, &name);
  assert_string_equal(name.text, "a[0:N]");
  assert_int_equal(name.source, OI_NAME_WRITTEN_ITEM);
  oi_name_variable(NULL, true, NULL, 0, 0xd000, BYTES, &name);
  assert_string_equal(name.text, "device 0xd000");
  assert_int_equal(name.source, OI_NAME_DEVICE);
  assert_false(name.whole);
  /* a key drops what changes with each run: the address */
  assert_string_equal(oi_variable_key("0x7ffd1000 (800 bytes)"), "(800 bytes)");
  assert_string_equal(oi_variable_key("device 0xd000"), "device");
  assert_string_equal(oi_variable_key("a[0:N]"), "a[0:N]");
}

/* The range of a data op found through its place is the same record as the
 * one looked up by holder and range, and follows the place to another
 * range and back. */
static void a_place_finds_the_ranges_of_its_data_ops(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  oi_event ev = transfer_event(OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0);
  uint32_t profile = profile_of(&m, &ev);
  uint32_t device_copy = oi_movement_op_range(&m, profile, false, A, BYTES);
  uint32_t host_copy = oi_movement_op_range(&m, profile, true, A, BYTES);
  assert_int_not_equal(device_copy, host_copy);
  assert_int_equal(device_copy, oi_movement_range(&m, DEV, A, BYTES, false));
  assert_int_equal(host_copy, oi_movement_range(&m, OI_HOST_HOLDER, A, BYTES, false));
  assert_int_equal(oi_movement_range_at(&m, host_copy)->holder, OI_HOST_HOLDER);
  /* an element of the array, then the whole array again */
  uint32_t element = oi_movement_op_range(&m, profile, false, A + 8, 8);
  assert_int_equal(element, oi_movement_range(&m, DEV, A + 8, 8, false));
  assert_int_not_equal(element, device_copy);
  assert_int_equal(oi_movement_op_range(&m, profile, false, A, BYTES), device_copy);
  assert_int_equal(oi_movement_op_range(&m, profile, true, A, BYTES), host_copy);
  assert_int_equal(m.ranges.len, 3);
  /* a delete (no size) finds the device's range of the place's last op */
  assert_int_equal(oi_movement_op_range_known(&m, profile, A), device_copy);
  assert_int_equal(oi_movement_op_range_known(&m, profile, A + 8), OI_MOVEMENT_NONE);
  assert_int_equal(oi_movement_op_range_known(&m, profile, 0), OI_MOVEMENT_NONE);
  oi_movement_free(&m);
}

/* One place, two devices: each device has its own profile and its own
 * copies, and the place's remembered ranges never hand one device's copy
 * to the other, however the operations alternate. */
static void a_place_on_two_devices_finds_each_devices_copy(void **state) {
  (void)state;
  oi_movement m;
  oi_movement_init(&m, &names);
  for (uint32_t site = 20; site <= 20u + (1u << 21); site += 1u << 21) {
    /* a small site id (indexed) and one beyond the direct index (mapped) */
    oi_event on_first = transfer_event(OI_DATA_OP_TO_DEVICE, site, A, BYTES, 0);
    oi_event on_second = on_first;
    on_second.device = DEV + 1;
    uint32_t first = profile_of(&m, &on_first);
    uint32_t second = profile_of(&m, &on_second);
    assert_int_not_equal(first, second);
    assert_int_equal(oi_movement_place_index(&m, first), oi_movement_place_index(&m, second));
    assert_int_equal(oi_movement_profile_at(&m, second)->device, DEV + 1);
    uint32_t first_copy = oi_movement_range(&m, DEV, A, BYTES, false);
    uint32_t second_copy = oi_movement_range(&m, DEV + 1, A, BYTES, false);
    uint32_t host_copy = oi_movement_range(&m, OI_HOST_HOLDER, A, BYTES, false);
    for (int i = 0; i < 2; i++) {
      assert_int_equal(profile_of(&m, &on_first), first);
      assert_int_equal(oi_movement_op_range(&m, first, false, A, BYTES), first_copy);
      assert_int_equal(profile_of(&m, &on_second), second);
      assert_int_equal(oi_movement_op_range(&m, second, false, A, BYTES), second_copy);
      assert_int_equal(oi_movement_op_range(&m, second, true, A, BYTES), host_copy);
      assert_int_equal(oi_movement_op_range(&m, first, true, A, BYTES), host_copy);
    }
    assert_int_equal(oi_movement_op_range_known(&m, first, A), first_copy);
    assert_int_equal(oi_movement_op_range_known(&m, second, A), second_copy);
  }
  /* content follows the device: the second device's copy is new, the
   * first device's is a repeat */
  oi_transfer_seen to_first = send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  assert_false(to_first.held.known);
  oi_event to_second = transfer_event(OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  to_second.device = DEV + 1;
  oi_transfer_seen seen = send_event(&m, &to_second);
  assert_false(seen.held.known);
  assert_int_equal(seen.receiver, DEV + 1);
  oi_transfer_seen again = send(&m, OI_DATA_OP_TO_DEVICE, 20, A, BYTES, 0xabc);
  assert_true(again.held.known);
  assert_int_equal(again.held.version, again.before);
  oi_movement_free(&m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_second_copy_finds_the_content_unchanged),
      cmocka_unit_test(a_copy_back_finds_what_the_host_sent),
      cmocka_unit_test(an_element_update_changes_the_array_copy),
      cmocka_unit_test(a_kernel_that_may_write_marks_the_device_copy),
      cmocka_unit_test(places_are_named_and_counted_per_device),
      cmocka_unit_test(names_say_where_they_come_from),
      cmocka_unit_test(a_place_finds_the_ranges_of_its_data_ops),
      cmocka_unit_test(whole_writes_after_an_element_update_see_only_real_changes),
      cmocka_unit_test(a_place_on_two_devices_finds_each_devices_copy),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
