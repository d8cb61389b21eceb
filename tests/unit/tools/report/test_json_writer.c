/* JSON string escaping and member separators of the dump's writer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "report/json_writer.h"

/* `text` as a JSON string literal. */
static char *escaped(const char *text) {
  char *buffer = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&buffer, &size);
  assert_non_null(out);
  oi_json_string(out, text);
  fclose(out);
  return buffer;
}

static void expect_escape(const char *text, const char *expected) {
  char *actual = escaped(text);
  assert_string_equal(actual, expected);
  free(actual);
}

static void escapes_strings(void **state) {
  (void)state;
  expect_escape("a[0:n]", "\"a[0:n]\"");
  expect_escape("say \"hi\"", "\"say \\\"hi\\\"\"");
  expect_escape("C:\\dir", "\"C:\\\\dir\"");
  expect_escape("l1\nl2\tx\r", "\"l1\\nl2\\tx\\r\"");
  expect_escape("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"");
  expect_escape("", "\"\"");
  expect_escape(NULL, "\"\"");
  /* valid UTF-8 passes through; invalid bytes become U+FFFD */
  expect_escape("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
                "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
  expect_escape("bad\xff!", "\"bad\\ufffd!\"");
  expect_escape("cut\xc3", "\"cut\\ufffd\"");
  expect_escape("overlong\xc0\xaf", "\"overlong\\ufffd\\ufffd\"");
  expect_escape("surrogate\xed\xa0\x80", "\"surrogate\\ufffd\\ufffd\\ufffd\"");
}

/* A writer into memory, and the check of what it wrote. */
typedef struct capture {
  char *buffer;
  size_t size;
  FILE *out;
  oi_json json;
} capture;

static void capture_start(capture *c) {
  c->buffer = NULL;
  c->size = 0;
  c->out = open_memstream(&c->buffer, &c->size);
  assert_non_null(c->out);
  oi_json_init(&c->json, c->out);
}

static void capture_expect(capture *c, const char *expected) {
  fclose(c->out);
  assert_string_equal(c->buffer, expected);
  free(c->buffer);
}

static void separates_members(void **state) {
  (void)state;
  capture c;
  capture_start(&c);
  oi_json *json = &c.json;
  oi_json_open(json, NULL, '{');
  oi_json_str(json, "kind", "parallel");
  oi_json_uint(json, "line", 12);
  oi_json_int(json, "device", -1);
  oi_json_hex(json, "codeptr", 0x401a2bULL);
  oi_json_open(json, "list", '[');
  oi_json_bool(json, NULL, true);
  oi_json_open(json, NULL, '{');
  oi_json_close(json, '}');
  oi_json_close(json, ']');
  oi_json_uint(json, "max", UINT64_MAX);
  oi_json_close(json, '}');
  capture_expect(&c, "{\"kind\":\"parallel\",\"line\":12,\"device\":-1,"
                     "\"codeptr\":\"0x401a2b\",\"list\":[true,{}],"
                     "\"max\":18446744073709551615}");
}

static void writes_reals(void **state) {
  (void)state;
  capture c;
  capture_start(&c);
  oi_json *json = &c.json;
  oi_json_open(json, NULL, '{');
  oi_json_real(json, "speedup", 1.25);
  oi_json_open(json, "list", '[');
  oi_json_real(json, NULL, 1.0 / 3.0);
  oi_json_real(json, NULL, HUGE_VAL);
  oi_json_real(json, NULL, NAN);
  oi_json_close(json, ']');
  oi_json_close(json, '}');
  capture_expect(&c, "{\"speedup\":1.2500,\"list\":[0.3333,null,null]}");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(escapes_strings),
      cmocka_unit_test(separates_members),
      cmocka_unit_test(writes_reals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
