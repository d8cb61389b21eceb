/* `ompt-inst-cc` and `ompt-inst-c++`: one-word compilers for build systems
 * (CMAKE_C_COMPILER, CC= for Make and autotools, OMPI_CC/MPICH_CC behind
 * mpicc), equal to `ompt-inst cc` and `ompt-inst c++`. Separate executables,
 * not links to `ompt-inst`: build systems may resolve links when they probe a
 * compiler. OI_DRIVER_LANGUAGE ("cc" or "c++") is set by the build. */
#include "commands.h"

int main(int argc, char **argv) {
  static char language[] = OI_DRIVER_LANGUAGE;
  argv[0] = language;
  return oi_cmd_cc(argc, argv);
}
