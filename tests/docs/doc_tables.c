/* Prints the docs' tables of the event model as Markdown, expanded from the
 * rows of include/ompt-inst/events.def, so the docs cannot drift from them:
 *   doc_tables kinds       kinds, their fields and runtime callbacks
 *   doc_tables constructs  constructs and their properties
 * tests/docs/doc_tables.sh compares them with the docs (and rewrites them
 * with --write). */
#include <stdio.h>
#include <string.h>

#include "ompt-inst/events.h"

static const char *const type_names[] = {
#define TYPE_NAME(type, ctype, bits, is_signed, hex) #ctype,
    OI_FIELD_TYPES(TYPE_NAME)
#undef TYPE_NAME
};

/* "`a` (uint64_t), `b` (int64_t)" for the kind's fields. */
static void print_fields(unsigned kind) {
  unsigned count;
  const oi_field *fields = oi_kind_fields(kind, &count);
  for (unsigned i = 0; i < count; i++)
    printf("%s`%s` %s%s", i ? ", " : "", fields[i].name,
           fields[i].hex ? "hex" : type_names[fields[i].type],
           fields[i].when == OI_WHEN_DEVICE_BEGIN ? " (device construct begin)"
           : fields[i].when == OI_WHEN_HASH_VALID ? " (with `hash_valid`)"
                                                  : "");
  if (count == 0)
    printf("—");
}

/* The callbacks feeding the kind, those that report it in bold. */
static void print_callbacks(unsigned kind) {
  int any = 0;
#define BOLD_REPORTS "**"
#define BOLD_PART ""
#define CALLBACK(group, callback, k, role)                                                         \
  if (OI_KIND_##k == kind) {                                                                       \
    printf("%s" BOLD_##role "`%s`" BOLD_##role, any ? ", " : "", #callback);                       \
    any = 1;                                                                                       \
  }
#define CALLBACK_EMI(group, callback, k, role)                                                     \
  if (OI_KIND_##k == kind) {                                                                       \
    printf("%s" BOLD_##role "`%s_emi`" BOLD_##role " (else `%s`)", any ? ", " : "", #callback,     \
           #callback);                                                                             \
    any = 1;                                                                                       \
  }
  OI_OMPT_CALLBACKS(CALLBACK, CALLBACK_EMI)
#undef CALLBACK
#undef CALLBACK_EMI
#undef BOLD_REPORTS
#undef BOLD_PART
  if (!any)
    printf("— (compiler hooks or the shim)");
}

static void kinds(void) {
  printf("| kind | fields | OMPT callbacks (**reports the kind**) |\n");
  printf("|---|---|---|\n");
  for (unsigned kind = 0; kind < OI_KIND_COUNT; kind++) {
    printf("| `%s` | ", oi_kind_name(kind));
    print_fields(kind);
    printf(" | ");
    print_callbacks(kind);
    printf(" |\n");
  }
}

/* The constructs the runtime names an instance of `c` by (REPORTED_AS):
 * itself, or its aliases. */
static void print_reported_as(unsigned c, int reported) {
  if (!reported) {
    printf("—");
    return;
  }
  const char *separator = "";
  for (unsigned as = OI_CONSTRUCT_NONE + 1; as < OI_CONSTRUCT_COUNT; as++)
    if (as != c && oi_construct_reported_as(c, as)) {
      printf("%s`%s`", separator, oi_construct_name(as));
      separator = " or ";
    }
  if (!*separator)
    printf("itself");
}

static void constructs(void) {
  static const char *const categories[] = {
      [OI_CATEGORY_OTHER] = "other",      [OI_CATEGORY_TEAM] = "team",
      [OI_CATEGORY_WORK] = "worksharing", [OI_CATEGORY_SYNC] = "synchronisation",
      [OI_CATEGORY_TASK] = "task",        [OI_CATEGORY_MUTEX] = "mutual exclusion",
      [OI_CATEGORY_DEVICE] = "device"};
  static const char *const motions[] = {[OI_DATA_NONE] = "—",
                                        [OI_DATA_MAPS] = "maps at entry, unmaps at exit",
                                        [OI_DATA_ENTER] = "maps at entry",
                                        [OI_DATA_EXIT] = "unmaps at exit",
                                        [OI_DATA_UPDATE] = "copies to/from"};
  printf("| construct | category | reported natively by kind | as the construct | data motion |\n");
  printf("|---|---|---|---|---|\n");
  for (unsigned c = OI_CONSTRUCT_NONE + 1; c < OI_CONSTRUCT_COUNT; c++) {
    unsigned native = oi_construct_native_kind(c);
    printf("| `%s` | %s%s | %s%s%s | ", oi_construct_name(c), categories[oi_construct_category(c)],
           oi_construct_flags(c) & OI_CONSTRUCT_FLAG_COUNTED ? " (counted)" : "",
           native < OI_KIND_COUNT ? "`" : "",
           native < OI_KIND_COUNT ? oi_kind_name(native) : "nobody",
           native < OI_KIND_COUNT ? "`" : "");
    print_reported_as(c, native < OI_KIND_COUNT);
    printf(" | %s |\n", motions[oi_construct_data_motion(c)]);
  }
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "kinds") == 0)
    kinds();
  else if (argc == 2 && strcmp(argv[1], "constructs") == 0)
    constructs();
  else {
    fprintf(stderr, "usage: doc_tables kinds|constructs\n");
    return 2;
  }
  return 0;
}
