/* The name tables generated from events.h stay in step with the enums. */
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
  assert_string_equal(oi_kind_field_name(OI_KIND_PARALLEL, 1), "team_size");
  assert_null(oi_kind_field_name(OI_KIND_FLUSH, 0));
  for (unsigned k = 0; k < OI_KIND_COUNT; k++)
    assert_true(strlen(oi_kind_name(k)) > 0);
  assert_string_equal(oi_kind_name(OI_KIND_COUNT), "unknown");
}

static void constructs_are_spelled_as_directives(void **state) {
  (void)state;
  assert_string_equal(oi_construct_name(OI_CONSTRUCT_TARGET_ENTER_DATA),
                      "target enter data");
  assert_string_equal(oi_construct_name(OI_CONSTRUCT_CANCELLATION_POINT),
                      "cancellation point");
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(kinds_have_names_and_fields),
      cmocka_unit_test(constructs_are_spelled_as_directives),
      cmocka_unit_test(data_ops_origins_endpoints),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
