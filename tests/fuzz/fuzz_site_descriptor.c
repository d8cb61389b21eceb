/* libFuzzer target: any bytes as a site descriptor (include/ompt-inst/
 * hooks.h), which the shim parses at run time and the reader from traces. */
#include <stddef.h>
#include <stdint.h>

#include "common/site_descriptor.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  oi_site site;
  if (oi_site_parse((const char *)data, size, &site) == 0)
    oi_site_free(&site);
  return 0;
}
