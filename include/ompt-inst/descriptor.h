/* The vocabulary of site descriptors (format: ompt-inst/hooks.h), defined
 * once for the plugin that writes it and the parser that reads it. */
#ifndef OMPT_INST_DESCRIPTOR_H
#define OMPT_INST_DESCRIPTOR_H

/* Site-descriptor keys: OMPT_INST_KEY_<ID>, and every ID as a row
 * K(ID) of OMPT_INST_SITE_KEYS. */
#define OMPT_INST_KEY_CONSTRUCT "construct"
#define OMPT_INST_KEY_FILE "file"
#define OMPT_INST_KEY_LINE "line"
#define OMPT_INST_KEY_COL "col"
#define OMPT_INST_KEY_END_LINE "end_line"
#define OMPT_INST_KEY_FUNCTION "function"
#define OMPT_INST_KEY_CLAUSES "clauses"
#define OMPT_INST_KEY_NAME "name"
#define OMPT_INST_KEY_MAP "map"
#define OMPT_INST_KEY_NOWAIT "nowait"
#define OMPT_INST_KEY_DEPEND "depend"
#define OMPT_INST_KEY_RUNTIME_EVENTS "runtime_events"
#define OMPT_INST_KEY_SEVERITY "severity"
#define OMPT_INST_KEY_MESSAGE "message"
/* target constructs: the directives nested in the region, and the map
 * items its body may write */
#define OMPT_INST_KEY_INNER "inner"
#define OMPT_INST_KEY_WRITES "writes"
/* a site made from a program's call into the offload runtime, not by the
 * plugin: the entry point's name (libompt-inst-offload.so) */
#define OMPT_INST_KEY_CALL "call"
/* its layout is not stable under clang-format */
/* clang-format off */
#define OMPT_INST_SITE_KEYS(K)                                                \
  K(CONSTRUCT) K(FILE) K(LINE) K(COL) K(END_LINE) K(FUNCTION) K(CLAUSES)      \
  K(NAME) K(MAP) K(NOWAIT) K(DEPEND) K(RUNTIME_EVENTS) K(SEVERITY) K(MESSAGE) \
  K(INNER) K(WRITES) K(CALL)
/* clang-format on */

/* Map types of a map= line: OMPT_INST_MAP_<ID>, rows M(ID) in the order of
 * the shim's enum oi_map_type. */
#define OMPT_INST_MAP_ALLOC "alloc"
#define OMPT_INST_MAP_TO "to"
#define OMPT_INST_MAP_FROM "from"
#define OMPT_INST_MAP_TOFROM "tofrom"
#define OMPT_INST_MAP_RELEASE "release"
#define OMPT_INST_MAP_DELETE "delete"
#define OMPT_INST_MAP_TYPES(M) M(ALLOC) M(TO) M(FROM) M(TOFROM) M(RELEASE) M(DELETE)
/* The other tokens of a map= line and of severity=. */
#define OMPT_INST_MAP_EXPLICIT "explicit"
#define OMPT_INST_MAP_IMPLICIT "implicit"
#define OMPT_INST_MAP_NO_MODIFIERS "-"
#define OMPT_INST_MAP_ALWAYS "always"
#define OMPT_INST_SEVERITY_FATAL "fatal"
#define OMPT_INST_SEVERITY_WARNING "warning"

#endif
