/* Parsing OMPT_INST_DISABLE_NATIVE. */
#include "native_groups.h"

#include <stdio.h>
#include <string.h>

static unsigned group_named(const char *name, size_t length) {
  static const struct {
    const char *name;
    unsigned groups;
  } groups[] = {{"host", OI_NATIVE_HOST},
                {"target", OI_NATIVE_TARGET},
                {"all", OI_NATIVE_HOST | OI_NATIVE_TARGET}};
  for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
    if (strlen(groups[i].name) == length && memcmp(groups[i].name, name, length) == 0)
      return groups[i].groups;
  return 0;
}

unsigned oi_parse_native_groups(const char *list, char *unknown, size_t unknown_size) {
  unsigned result = 0;
  if (unknown_size)
    unknown[0] = '\0';
  while (list && *list) {
    size_t length = strcspn(list, ",");
    /* tolerate spaces around items */
    const char *item = list;
    size_t n = length;
    while (n && *item == ' ')
      item++, n--;
    while (n && item[n - 1] == ' ')
      n--;
    if (n) {
      unsigned groups = group_named(item, n);
      if (!groups && unknown_size && !unknown[0])
        snprintf(unknown, unknown_size, "%.*s", (int)n, item);
      result |= groups;
    }
    list += length;
    if (*list == ',')
      list++;
  }
  return result;
}
