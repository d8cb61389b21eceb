/* `ompt-inst-cc`, `ompt-inst-c++` and `ompt-inst-fc`: one-word compilers for
 * build systems (CMAKE_C_COMPILER, CC= for Make and autotools, FC=,
 * OMPI_CC/MPICH_CC behind mpicc), equal to `ompt-inst cc`, `c++` and `fc`. Separate executables,
 * not links to `ompt-inst`: build systems may resolve links when they probe a
 * compiler. OI_DRIVER_LANGUAGE ("cc", "c++", "fc") is set by the build. */
#include "commands.h"

int main(int argc, char **argv) {
  static char language[] = OI_DRIVER_LANGUAGE;
  argv[0] = language;
  return oi_cmd_cc(argc, argv);
}
