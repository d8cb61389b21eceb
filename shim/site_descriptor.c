/* Parsing site descriptors: the magic line, construct=, map= lines. */
#include "site_descriptor.h"

#include <string.h>

#include "ompt-inst/events.h"
#include "ompt-inst/hooks.h"

unsigned oi_leading_construct(const char *spelling, size_t length) {
  /* Longest name that is a whole-word prefix: "target data" before
   * "target", "cancellation point" before "cancel". */
  unsigned best = OI_CONSTRUCT_OTHER;
  size_t best_length = 0;
  for (unsigned c = OI_CONSTRUCT_NONE + 1; c < OI_CONSTRUCT_COUNT; c++) {
    const char *name = oi_construct_name(c);
    size_t n = strlen(name);
    if (n > best_length && n <= length && memcmp(spelling, name, n) == 0 &&
        (n == length || spelling[n] == ' ')) {
      best = c;
      best_length = n;
    }
  }
  return best;
}

static int line_has_key(const char *line, size_t length, const char *key,
                        size_t *value_at) {
  size_t n = strlen(key);
  if (length < n || memcmp(line, key, n) != 0)
    return 0;
  *value_at = n;
  return 1;
}

int oi_site_parse(const char *descriptor, oi_site_info *info) {
  *info = (oi_site_info){.construct = OI_CONSTRUCT_OTHER};
  if (!descriptor)
    return -1;
  size_t magic = strlen(OMPT_INST_SITE_MAGIC);
  if (strncmp(descriptor, OMPT_INST_SITE_MAGIC, magic) != 0 ||
      (descriptor[magic] != '\n' && descriptor[magic] != '\0'))
    return -1;
  for (const char *line = descriptor; line && *line;) {
    const char *newline = strchr(line, '\n');
    size_t length = newline ? (size_t)(newline - line) : strlen(line);
    size_t value;
    if (line_has_key(line, length, "construct=", &value)) {
      info->construct =
          (uint8_t)oi_leading_construct(line + value, length - value);
      info->team_begin = info->construct == OI_CONSTRUCT_PARALLEL ||
                         info->construct == OI_CONSTRUCT_TEAMS;
    } else if (line_has_key(line, length, "map=", &value)) {
      info->map_items++;
    }
    line = newline ? newline + 1 : NULL;
  }
  return 0;
}
