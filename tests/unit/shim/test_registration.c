/* Callback registration against a fake ompt_set_callback: capabilities
 * record every answer, a refused EMI callback falls back to its pre-5.1
 * one, and disabled groups ask nothing and record 0. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "shim/registration.h"

/* The fake runtime: never offers target_emi nor target_map(_emi), always
 * offers the rest; remembers what it was asked. */
static ompt_callbacks_t asked[16];
static ompt_callback_t handlers[16];
static unsigned asked_count;

static ompt_set_result_t fake_set_callback(ompt_callbacks_t event, ompt_callback_t callback) {
  if (asked_count < 16) {
    handlers[asked_count] = callback;
    asked[asked_count++] = event;
  }
  switch (event) {
  case ompt_callback_target_emi:
  case ompt_callback_target_map_emi:
  case ompt_callback_target_map:
    return ompt_set_never;
  default:
    return ompt_set_always;
  }
}

static void handler_a(void) {}
static void handler_b(void) {}
static void handler_c(void) {}

static const oi_callback_entry entries[] = {
    {ompt_callback_parallel_begin, handler_a, 0, NULL},
    {ompt_callback_target_emi, handler_b, ompt_callback_target, handler_c},
    {ompt_callback_target_data_op_emi, handler_b, ompt_callback_target_data_op, handler_c},
    {ompt_callback_target_map_emi, handler_b, ompt_callback_target_map, handler_c},
};

static int reset(void **state) {
  (void)state;
  asked_count = 0;
  return 0;
}

static void assert_capability(const oi_capabilities *c, unsigned i, ompt_callbacks_t event,
                              unsigned result) {
  assert_true(i < c->count);
  assert_int_equal(c->entry[i].callback, event);
  assert_int_equal(c->entry[i].result, result);
}

static void refused_emi_falls_back(void **state) {
  (void)state;
  oi_capabilities c = {0};
  oi_register_callbacks(fake_set_callback, entries, 4, 0, &c);
  /* asked in order; fallbacks only where the EMI one was refused */
  assert_int_equal(asked_count, 6);
  const ompt_callbacks_t expected[] = {
      ompt_callback_parallel_begin,     ompt_callback_target_emi,     ompt_callback_target,
      ompt_callback_target_data_op_emi, ompt_callback_target_map_emi, ompt_callback_target_map};
  for (unsigned i = 0; i < 6; i++)
    assert_int_equal(asked[i], expected[i]);
  assert_ptr_equal(handlers[1], handler_b);
  assert_ptr_equal(handlers[2], handler_c); /* the legacy handler */
  assert_int_equal(c.count, 6);
  assert_capability(&c, 0, ompt_callback_parallel_begin, ompt_set_always);
  assert_capability(&c, 1, ompt_callback_target_emi, ompt_set_never);
  assert_capability(&c, 2, ompt_callback_target, ompt_set_always);
  assert_capability(&c, 3, ompt_callback_target_data_op_emi, ompt_set_always);
  assert_capability(&c, 4, ompt_callback_target_map_emi, ompt_set_never);
  assert_capability(&c, 5, ompt_callback_target_map, ompt_set_never);
}

static void disabled_group_asks_nothing(void **state) {
  (void)state;
  oi_capabilities c = {0};
  oi_register_callbacks(fake_set_callback, entries, 4, 1, &c);
  assert_int_equal(asked_count, 0);
  /* every event and every fallback noted with result 0 */
  assert_int_equal(c.count, 7);
  for (unsigned i = 0; i < c.count; i++)
    assert_int_equal(c.entry[i].result, 0);
  assert_capability(&c, 2, ompt_callback_target, 0);
}

static void capabilities_are_bounded(void **state) {
  (void)state;
  oi_capabilities c = {0};
  for (int i = 0; i < 40; i++) /* 40 x 4 entries, more than fit */
    oi_register_callbacks(fake_set_callback, entries, 4, 1, &c);
  assert_int_equal(c.count, OI_MAX_CAPABILITIES);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(refused_emi_falls_back, reset),
      cmocka_unit_test_setup(disabled_group_asks_nothing, reset),
      cmocka_unit_test_setup(capabilities_are_bounded, reset),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
