/* The words of a run whose runtime never started (unseen_text.h). */
#include "unseen_text.h"

#include <string.h>

#include "format.h"

void oi_write_unseen_directives(const oi_profile *p, FILE *out, unsigned width) {
  const oi_unseen_directives *u = &p->unseen;
  char line[1024], missing[300] = "";
  if (u->missing)
    snprintf(missing, sizeof missing, "Its OpenMP directives cannot be listed: %s.", u->missing);
  snprintf(line, sizeof line, "Nothing was recorded: the program's OpenMP runtime, %s, %s: %s. %s",
           p->unstarted_runtime, oi_unstarted_runtime_state(p->unstarted_runtime),
           oi_unstarted_runtime_why(p->unstarted_runtime),
           u->missing ? missing
           : u->count ? "Its sources hold these directives:"
                      : "Its sources hold no OpenMP directive.");
  oi_format_wrapped(out, line, 0, 0, width);
  for (size_t i = 0; i < u->count; i++) {
    const char *slash = strrchr(u->at[i].file, '/');
    char where[300];
    snprintf(where, sizeof where, "%s:%ld", slash ? slash + 1 : u->at[i].file, u->at[i].line);
    fprintf(out, "  %-24s %s\n", where, u->at[i].text);
  }
}
