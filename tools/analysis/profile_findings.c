/* The detectors run over a report model (tools/model/profile.h): the
 * model's device events in time order go through one analysis context,
 * whose findings, totals and memory samples the model then carries to the
 * writers, each finding with its variable's name id and its source place,
 * both resolved with the facts of its first operation in the streaming pass. The command passes
 * this as the model's `analyse` option. */
#include "profile_findings.h"

#include <stdlib.h>

int oi_profile_analyse(oi_profile *p) {
  oi_analysis *analysis = oi_analysis_create(&p->names);
  if (!analysis)
    return -1;
  p->analysis = analysis;
  p->analysis_destroy = oi_analysis_destroy;
  oi_device_stream stream = oi_profile_device_stream(p);
  int failed = 0;
  /* the span's ends only widen it: nothing of them is resolved */
  oi_event_facts none = oi_event_facts_none();
  if (stream.first)
    failed |= oi_analysis_add(analysis, stream.first, &none);
  for (uint64_t i = 0; i < stream.count; i++)
    failed |= oi_analysis_add(analysis, &stream.events[i].event, &stream.events[i].facts);
  if (stream.last)
    failed |= oi_analysis_add(analysis, stream.last, &none);
  failed |= oi_analysis_finish(analysis);
  if (failed)
    return -1;
  p->findings = oi_analysis_findings(analysis, &p->finding_count);
  p->totals = oi_analysis_totals_get(analysis);
  p->memory_samples = oi_analysis_memory(analysis, &p->memory_sample_count);
  p->finding_places = malloc((p->finding_count + 1) * sizeof *p->finding_places);
  if (!p->finding_places)
    return -1;
  for (size_t i = 0; i < p->finding_count; i++)
    p->finding_places[i] = p->findings[i].at.source_place;
  return 0;
}
