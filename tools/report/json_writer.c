/* JSON output with correct escaping. */
#include "json_writer.h"

#include <inttypes.h>
#include <math.h>

void oi_json_init(oi_json *json, FILE *out) {
  json->out = out;
  json->depth = 0;
  json->need_comma[0] = false;
}

/* Length of the valid UTF-8 sequence at `s`, or 0 if it is not one
 * (overlong forms, surrogates and values past U+10FFFF are invalid). */
static int utf8_sequence_length(const unsigned char *s) {
  unsigned char c = s[0];
  int length;
  uint32_t value, minimum;
  if (c >= 0xc2 && c <= 0xdf)
    length = 2, value = c & 0x1f, minimum = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    length = 3, value = c & 0x0f, minimum = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    length = 4, value = c & 0x07, minimum = 0x10000;
  else
    return 0;
  for (int i = 1; i < length; i++) {
    if ((s[i] & 0xc0) != 0x80) /* also stops at the terminator */
      return 0;
    value = value << 6 | (s[i] & 0x3f);
  }
  if (value < minimum || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
    return 0;
  return length;
}

void oi_json_string(FILE *out, const char *text) {
  const unsigned char *s = (const unsigned char *)(text ? text : "");
  fputc('"', out);
  while (*s) {
    unsigned char c = *s;
    if (c == '"' || c == '\\') {
      fputc('\\', out);
      fputc(c, out);
    } else if (c == '\n') {
      fputs("\\n", out);
    } else if (c == '\t') {
      fputs("\\t", out);
    } else if (c == '\r') {
      fputs("\\r", out);
    } else if (c < 0x20 || c == 0x7f) {
      fprintf(out, "\\u%04x", c);
    } else if (c >= 0x80) {
      int length = utf8_sequence_length(s);
      if (length == 0) {
        fputs("\\ufffd", out);
        length = 1;
      } else {
        fwrite(s, 1, (size_t)length, out);
      }
      s += length;
      continue;
    } else {
      fputc(c, out);
    }
    s++;
  }
  fputc('"', out);
}

static void member(oi_json *json, const char *key) {
  if (json->need_comma[json->depth])
    fputc(',', json->out);
  json->need_comma[json->depth] = true;
  if (key) {
    oi_json_string(json->out, key);
    fputc(':', json->out);
  }
}

void oi_json_open(oi_json *json, const char *key, char bracket) {
  member(json, key);
  fputc(bracket, json->out);
  if (json->depth + 1 < OI_JSON_MAX_DEPTH)
    json->depth++;
  json->need_comma[json->depth] = false;
}

void oi_json_close(oi_json *json, char bracket) {
  fputc(bracket, json->out);
  if (json->depth > 0)
    json->depth--;
  if (json->depth == 0)
    json->need_comma[0] = false; /* top-level values are separate documents */
}

void oi_json_str(oi_json *json, const char *key, const char *value) {
  member(json, key);
  oi_json_string(json->out, value);
}

void oi_json_uint(oi_json *json, const char *key, uint64_t value) {
  member(json, key);
  fprintf(json->out, "%" PRIu64, value);
}

void oi_json_int(oi_json *json, const char *key, int64_t value) {
  member(json, key);
  fprintf(json->out, "%" PRId64, value);
}

void oi_json_real(oi_json *json, const char *key, double value) {
  member(json, key);
  if (isfinite(value))
    fprintf(json->out, "%.4f", value);
  else
    fputs("null", json->out);
}

void oi_json_bool(oi_json *json, const char *key, bool value) {
  member(json, key);
  fputs(value ? "true" : "false", json->out);
}

void oi_json_null(oi_json *json, const char *key) {
  member(json, key);
  fputs("null", json->out);
}

void oi_json_hex(oi_json *json, const char *key, uint64_t value) {
  member(json, key);
  fprintf(json->out, "\"0x%" PRIx64 "\"", value);
}
