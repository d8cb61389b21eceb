/* placeholder: replaced by the shim implementation */
#include <omp-tools.h>
__attribute__((visibility("default"))) ompt_start_tool_result_t *
ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  (void)omp_version; (void)runtime_version;
  return 0;
}
