/* OMPT_INST_CHECK=mapping (`ompt-inst run --check mapping`): the checks of
 * mapping bugs that need content the record does not otherwise keep. With
 * it, each map item a target region reads carries the hash of its host copy
 * at the construct's start, which the report compares with what the
 * device's copy holds (stale device data, docs/checks.md). Off by default:
 * it hashes every item every kernel reads (sent `to` it, or mapped for a
 * use), present or not. */
#ifndef OMPT_INST_SHIM_MAPPING_CHECK_H
#define OMPT_INST_SHIM_MAPPING_CHECK_H

/* Reads OMPT_INST_CHECK ("mapping"; unset or empty: none), once at start;
 * an unknown value is said on stderr and checks nothing more. */
void oi_mapping_check_configure(const char *value);

/* 1 when the mapping check is on. */
int oi_mapping_check(void);

#endif
