/* The record mode (record_mode.h). The data-only hook table wraps the full
 * one: a point of a device construct goes through, any other returns after
 * the site lookup (one load once the site is known). */
#include "record_mode.h"

#include <stdio.h>
#include <string.h>

#include "hook_table.h"
#include "record.h"
#include "sites.h"

static int data_only;
static ompt_inst_hooks device_only;

static void device_point(ompt_inst_site *site, uint32_t point);
static void no_mpi(uint32_t point, uint32_t call, uint64_t bytes, int64_t peer,
                   const void *codeptr);
static void no_host_calls(uint32_t kind, uint32_t construct, uint32_t point, const void *codeptr,
                          uint64_t region, uint32_t value);

void oi_record_mode_configure(const char *value) {
  data_only = value && strcmp(value, "data") == 0;
  if (value && value[0] && !data_only && strcmp(value, "full") != 0)
    fprintf(stderr,
            "ompt-inst: OMPT_INST_RECORD: unknown mode '%s' (expected full "
            "or data); recording in full\n",
            value);
  /* built before any hook can ask for it */
  device_only = *oi_hook_table();
  device_only.point = device_point;
  device_only.mpi = no_mpi;
  device_only.interposed = no_host_calls;
}

int oi_record_data_only(void) { return data_only; }

const char *oi_record_mode_name(void) { return data_only ? "data" : "full"; }

static void device_point(ompt_inst_site *site, uint32_t point) {
  if (!atomic_load_explicit(&oi_recording, memory_order_relaxed))
    return;
  const oi_site_entry *entry;
  if (oi_site_lookup(site, &entry) && entry->device)
    oi_hook_table()->point(site, point);
}

/* MPI calls are no data mapping */
static void no_mpi(uint32_t point, uint32_t call, uint64_t bytes, int64_t peer,
                   const void *codeptr) {
  (void)point, (void)call, (void)bytes, (void)peer, (void)codeptr;
}

const ompt_inst_hooks *oi_recorded_hook_table(void) {
  return data_only ? &device_only : oi_hook_table();
}

/* the host constructs of a runtime without OMPT are no data mapping */
static void no_host_calls(uint32_t kind, uint32_t construct, uint32_t point, const void *codeptr,
                          uint64_t region, uint32_t value) {
  (void)kind, (void)construct, (void)point, (void)codeptr, (void)region, (void)value;
}
