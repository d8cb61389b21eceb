/* Numbers and cells of the text reports. */
#include "format.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ompt-inst/repairs.def"

static const char ellipsis[] = "\xe2\x80\xa6"; /* U+2026, one column */

/* A figure in the largest unit it reaches: the base unit below 1000, else
 * scaled by the first step it does not pass. */
typedef struct unit_step {
  uint64_t below; /* this step for figures under it (the last: all) */
  double divisor;
  const char *format;
} unit_step;

static const unit_step time_steps[] = {
    {1000000, 1e3, "%.1f us"}, {1000000000, 1e6, "%.2f ms"}, {UINT64_MAX, 1e9, "%.3f s"}};
static const unit_step byte_steps[] = {
    {1000000, 1e3, "%.1f kB"}, {1000000000, 1e6, "%.1f MB"}, {UINT64_MAX, 1e9, "%.2f GB"}};

static const char *scaled(uint64_t figure, const char *base, const unit_step steps[3], char *buf,
                          size_t size) {
  if (figure < 1000) {
    snprintf(buf, size, "%" PRIu64 " %s", figure, base);
    return buf;
  }
  unsigned i = 0;
  while (i < 2 && figure >= steps[i].below)
    i++;
  snprintf(buf, size, steps[i].format, figure / steps[i].divisor);
  return buf;
}

const char *oi_format_ns(uint64_t ns, char *buf, size_t size) {
  return scaled(ns, "ns", time_steps, buf, size);
}

const char *oi_format_measured_ns(bool measured, uint64_t ns, char *buf, size_t size) {
  if (measured)
    return oi_format_ns(ns, buf, size);
  snprintf(buf, size, "-");
  return buf;
}

const char *oi_format_bytes(uint64_t bytes, char *buf, size_t size) {
  return scaled(bytes, "B", byte_steps, buf, size);
}

static int is_continuation(unsigned char c) { return (c & 0xc0) == 0x80; }

/* Columns of the first `bytes` bytes of `text`. */
static unsigned columns_of(const char *text, size_t bytes) {
  unsigned columns = 0;
  for (size_t i = 0; i < bytes; i++)
    columns += !is_continuation((unsigned char)text[i]);
  return columns;
}

unsigned oi_format_width(const char *text) { return columns_of(text, strlen(text)); }

/* Byte offset after the first `columns` columns of text. */
static size_t prefix_bytes(const char *text, unsigned columns) {
  size_t i = 0;
  for (unsigned c = 0; text[i] && c < columns; c++)
    for (i++; text[i] && is_continuation((unsigned char)text[i]); i++) {
    }
  return i;
}

/* A control character (a newline in an argument, an escape sequence in a
 * file name) would break the table or drive the terminal: shown as '?'. */
static const char *hide_controls(char *buf) {
  for (unsigned char *c = (unsigned char *)buf; *c; c++)
    if (*c < 0x20 || *c == 0x7f)
      *c = '?';
  return buf;
}

const char *oi_format_fit(const char *text, unsigned width, char *buf, size_t size) {
  if (oi_format_width(text) <= width || width == 0) {
    snprintf(buf, size, "%s", width ? text : "");
    return hide_controls(buf);
  }
  size_t keep = prefix_bytes(text, width - 1);
  snprintf(buf, size, "%.*s%s", (int)keep, text, ellipsis);
  return hide_controls(buf);
}

const char *oi_format_fit_tail(const char *text, unsigned width, char *buf, size_t size) {
  unsigned columns = oi_format_width(text);
  if (columns <= width || width == 0) {
    snprintf(buf, size, "%s", width ? text : "");
    return hide_controls(buf);
  }
  size_t skip = prefix_bytes(text, columns - (width - 1));
  snprintf(buf, size, "%s%s", ellipsis, text + skip);
  return hide_controls(buf);
}

/* Where a place's line or offset begins: its last ':' or "+0x" (a module
 * name may hold '+', as libstdc++ does), or NULL. */
static const char *place_suffix(const char *text) {
  const char *colon = strrchr(text, ':'), *offset = NULL;
  for (const char *at = strstr(text, "+0x"); at; at = strstr(at + 1, "+0x"))
    offset = at;
  if (!colon || !offset)
    return colon ? colon : offset;
  return colon > offset ? colon : offset;
}

const char *oi_format_fit_place(const char *text, unsigned width, char *buf, size_t size) {
  const char *suffix = place_suffix(text);
  unsigned suffix_columns = suffix ? oi_format_width(suffix) : 0;
  if (oi_format_width(text) <= width || !suffix || suffix == text || suffix_columns + 2 > width)
    return oi_format_fit_tail(text, width, buf, size);
  /* the name before the suffix, cut to leave room for it */
  char name[512], fitted[512];
  snprintf(name, sizeof name, "%.*s", (int)(suffix - text), text);
  oi_format_fit(name, width - suffix_columns, fitted, sizeof fitted);
  snprintf(buf, size, "%s%s", fitted, suffix);
  return hide_controls(buf);
}

void oi_format_cell(FILE *out, const char *text, unsigned width, bool right, bool last) {
  char fitted[1024];
  oi_format_fit(text, width, fitted, sizeof fitted);
  unsigned pad = width - oi_format_width(fitted);
  if (right)
    fprintf(out, "%*s%s", (int)pad, "", fitted);
  else if (last)
    fputs(fitted, out);
  else
    fprintf(out, "%s%*s", fitted, (int)pad, "");
  if (!last)
    fputc(' ', out);
}

/* A unit oi_format_ns or oi_format_bytes writes after a number, with the
 * punctuation a sentence may put after it. */
static bool is_unit(const char *word, size_t length) {
  static const char *const units[] = {"B", "kB", "MB", "GB", "TB", "ns", "us", "ms", "s"};
  while (length > 0 && strchr(",;:.)", word[length - 1]))
    length--;
  for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
    if (strlen(units[u]) == length && strncmp(word, units[u], length) == 0)
      return true;
  return false;
}

/* Bytes of the next word to keep whole: to the next space, and over the
 * unit after a number. */
static size_t unbreakable(const char *text) {
  size_t word = strcspn(text, " ");
  if (word > 0 && text[word] == ' ' && text[word - 1] >= '0' && text[word - 1] <= '9') {
    size_t unit = strcspn(text + word + 1, " ");
    if (is_unit(text + word + 1, unit))
      word += 1 + unit;
  }
  return word;
}

void oi_format_wrapped(FILE *out, const char *text, unsigned indent, unsigned hanging,
                       unsigned width) {
  unsigned margin = indent, column = indent;
  fprintf(out, "%*s", (int)indent, "");
  while (*text == ' ')
    text++;
  while (*text) {
    size_t word = unbreakable(text);
    unsigned columns = columns_of(text, word);
    if (column > margin && column + 1 + columns > width) {
      margin = hanging;
      fprintf(out, "\n%*s", (int)margin, "");
      column = margin;
    } else if (column > margin) {
      fputc(' ', out);
      column++;
    }
    fwrite(text, 1, word, out);
    column += columns;
    text += word;
    while (*text == ' ')
      text++;
  }
  fputc('\n', out);
}

const char *oi_format_record_absent(const char *mode) {
  if (!mode || strcmp(mode, "full") == 0)
    return NULL;
  if (strcmp(mode, "data") == 0)
    return "host constructs, tasks and synchronisation";
  return "unknown parts (a record mode this report does not know)";
}

size_t oi_format_repairs(const char *info, oi_repair_row *rows, size_t max) {
  static const struct {
    const char *name, *words;
  } known[] = {
#define OI_REPAIR_WORDS(name, words) {#name, words},
      OI_REPAIRS(OI_REPAIR_WORDS)
#undef OI_REPAIR_WORDS
  };
  size_t n = 0;
  int used = 0;
  oi_repair_row row;
  while (info && n < max && sscanf(info, " %47[^: ]:%llu%n", row.name, &row.count, &used) == 2) {
    info += used;
    row.words = NULL;
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
      if (strcmp(known[k].name, row.name) == 0)
        row.words = known[k].words;
    rows[n++] = row;
  }
  return n;
}
