/* The tables generated from events.def stay in step with the enums, and
 * the rows keep the rules the generated code relies on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ompt-inst/events.h"

static void kinds_have_names_and_fields(void **state) {
  (void)state;
  assert_string_equal(oi_kind_name(OI_KIND_DATA_OP), "data_op");
  assert_string_equal(oi_kind_name(OI_KIND_PARALLEL), "parallel");
  unsigned count;
  const oi_field *fields = oi_kind_fields(OI_KIND_PARALLEL, &count);
  assert_int_equal(count, 3);
  assert_string_equal(fields[1].name, "team_size");
  assert_int_equal(fields[1].slot, 1);
  assert_null(oi_kind_fields(OI_KIND_FLUSH, &count));
  assert_int_equal(count, 0);
  fields = oi_kind_fields(OI_KIND_CONSTRUCT, &count);
  assert_int_equal(count, 2);
  assert_string_equal(fields[0].name, "if_value");
  assert_true(fields[0].is_signed);
  assert_string_equal(fields[1].name, "nitems");
  for (unsigned k = 0; k < OI_KIND_COUNT; k++)
    assert_true(strlen(oi_kind_name(k)) > 0);
  assert_string_equal(oi_kind_name(OI_KIND_COUNT), "unknown");
}

static void constructs_are_spelled_as_directives(void **state) {
  (void)state;
  assert_string_equal(oi_construct_name(OI_CONSTRUCT_TARGET_ENTER_DATA), "target enter data");
  assert_string_equal(oi_construct_name(OI_CONSTRUCT_CANCELLATION_POINT), "cancellation point");
  assert_string_equal(oi_construct_name(OI_CONSTRUCT_COUNT), "unknown");
}

static void data_ops_origins_endpoints(void **state) {
  (void)state;
  assert_string_equal(oi_data_op_name(OI_DATA_OP_TO_DEVICE), "to_device");
  assert_string_equal(oi_data_op_name(OI_DATA_OP_FROM_DEVICE), "from_device");
  assert_string_equal(oi_origin_name(OI_ORIGIN_INFERRED), "inferred");
  assert_string_equal(oi_endpoint_name(OI_EP_END), "end");
  assert_string_equal(oi_endpoint_name(7), "unknown");
}

/* A kind's rows are adjacent (oi_kind_fields returns a run of them), its
 * fields use distinct slots of u, and u.data is where data_op's rows say. */
static void field_rows_are_well_formed(void **state) {
  (void)state;
  unsigned rows = 0, in_runs = 0;
#define COUNT_ROW(kind, field, slot, type, when, link) rows++;
  OI_EVENT_FIELDS(COUNT_ROW)
#undef COUNT_ROW
  for (unsigned k = 0; k < OI_KIND_COUNT; k++) {
    unsigned count;
    const oi_field *fields = oi_kind_fields(k, &count);
    in_runs += count;
    unsigned used = 0;
    for (unsigned i = 0; i < count; i++) {
      assert_true(fields[i].slot < 5);
      assert_false(used & 1u << fields[i].slot);
      used |= 1u << fields[i].slot;
      assert_true(fields[i].bits == 32 || fields[i].bits == 64);
    }
  }
  assert_int_equal(in_runs, rows); /* every row is in its kind's run */
  oi_event e = {0};
  e.kind = OI_KIND_DATA_OP;
  e.u.data.duration_ns = 77;
  assert_int_equal(OI_GET(&e, DATA_OP, duration_ns), 77);
  OI_SET(&e, DATA_OP, host_addr, 0x1000);
  assert_int_equal(e.u.data.host_addr, 0x1000);
}

/* Accessors keep the value of the field's type, as the shim stored it. */
static void accessors_round_trip(void **state) {
  (void)state;
  oi_event e = {0};
  e.kind = OI_KIND_MAP;
  OI_SET(&e, MAP, device, -1);
  OI_SET(&e, MAP, bytes, UINT64_C(1) << 40);
  assert_int_equal(OI_GET(&e, MAP, device), -1);
  assert_int_equal(OI_GET(&e, MAP, bytes), UINT64_C(1) << 40);
  e.kind = OI_KIND_CONSTRUCT;
  OI_SET(&e, CONSTRUCT, if_value, -1);
  assert_int_equal(OI_GET(&e, CONSTRUCT, if_value), -1);
}

/* Links find the region and device fields whatever the kind. */
static void links_name_region_and_device(void **state) {
  (void)state;
  oi_event e = {0};
  uint64_t word = 0;
  e.kind = OI_KIND_SYNC;
  OI_SET(&e, SYNC, parallel_id, 9);
  assert_true(oi_event_link(&e, OI_LINK_REGION, &word));
  assert_int_equal(word, 9);
  assert_false(oi_event_link(&e, OI_LINK_DEVICE, &word));
  e.kind = OI_KIND_PARALLEL; /* its own id, not an enclosing region */
  assert_false(oi_event_link(&e, OI_LINK_REGION, &word));
  e.kind = OI_KIND_KERNEL;
  OI_SET(&e, KERNEL, device, 3);
  assert_true(oi_event_link(&e, OI_LINK_DEVICE, &word));
  assert_int_equal(word, 3);
  assert_true(oi_event_set_link(&e, OI_LINK_DEVICE, 5));
  assert_int_equal(OI_GET(&e, KERNEL, device), 5);
  e.kind = OI_KIND_DEVICE_LOAD; /* its device is in another slot */
  assert_true(oi_event_set_link(&e, OI_LINK_DEVICE, (uint64_t)-1));
  assert_int_equal(OI_GET(&e, DEVICE_LOAD, device), -1);
  e.kind = OI_KIND_COUNT;
  assert_false(oi_event_link(&e, OI_LINK_DEVICE, &word));
  assert_false(oi_event_set_link(&e, OI_LINK_DEVICE, 1));
}

/* The construct columns the shim, the map simulator and the plugin use. */
static void construct_properties(void **state) {
  (void)state;
  assert_int_equal(oi_construct_category(OI_CONSTRUCT_TEAMS), OI_CATEGORY_TEAM);
  assert_int_equal(oi_construct_category(OI_CONSTRUCT_TARGET_UPDATE), OI_CATEGORY_DEVICE);
  assert_int_equal(oi_construct_category(OI_CONSTRUCT_SCOPE), OI_CATEGORY_WORK);
  assert_int_equal(oi_construct_native_kind(OI_CONSTRUCT_MASTER), OI_KIND_MASKED);
  assert_int_equal(oi_construct_native_kind(OI_CONSTRUCT_SIMD), OI_KIND_HOOKS_ONLY);
  assert_int_equal(oi_construct_data_motion(OI_CONSTRUCT_TARGET_EXIT_DATA), OI_DATA_EXIT);
  assert_int_equal(oi_construct_data_motion(OI_CONSTRUCT_PARALLEL), OI_DATA_NONE);
  assert_int_equal(oi_construct_flags(OI_CONSTRUCT_ATOMIC), OI_CONSTRUCT_FLAG_COUNTED);
  assert_int_equal(oi_construct_category(OI_CONSTRUCT_COUNT), OI_CATEGORY_OTHER);
  assert_string_equal(oi_origin_label(OI_ORIGIN_MERGED), "both");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(kinds_have_names_and_fields),
      cmocka_unit_test(constructs_are_spelled_as_directives),
      cmocka_unit_test(data_ops_origins_endpoints),
      cmocka_unit_test(field_rows_are_well_formed),
      cmocka_unit_test(accessors_round_trip),
      cmocka_unit_test(links_name_region_and_device),
      cmocka_unit_test(construct_properties),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
