/* Minimal streaming JSON writer: objects and arrays with commas placed for
 * the caller, strings escaped (control characters, quotes, backslashes;
 * bytes that are not valid UTF-8 become U+FFFD so every line parses). */
#ifndef OMPT_INST_JSON_WRITER_H
#define OMPT_INST_JSON_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define OI_JSON_MAX_DEPTH 8

typedef struct oi_json {
  FILE *out;
  int depth;
  bool need_comma[OI_JSON_MAX_DEPTH];
} oi_json;

void oi_json_init(oi_json *json, FILE *out);

/* Writes `text` as a JSON string literal, quotes included. */
void oi_json_string(FILE *out, const char *text);

/* `key` is the member name inside an object, NULL inside an array or at the
 * top level. `bracket` is '{' or '['. */
void oi_json_open(oi_json *json, const char *key, char bracket);
void oi_json_close(oi_json *json, char bracket);

void oi_json_str(oi_json *json, const char *key, const char *value);
void oi_json_uint(oi_json *json, const char *key, uint64_t value);
void oi_json_int(oi_json *json, const char *key, int64_t value);
void oi_json_bool(oi_json *json, const char *key, bool value);
void oi_json_null(oi_json *json, const char *key);
/* A number with a fraction, 4 decimals; null when not finite (JSON has no
 * infinity or NaN). */
void oi_json_real(oi_json *json, const char *key, double value);
/* A number as a hex string, "0x7ffd1234": JSON numbers lose 64-bit precision. */
void oi_json_hex(oi_json *json, const char *key, uint64_t value);

#endif
