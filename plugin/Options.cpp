#include "Options.h"

namespace ompt_inst {

bool Options::parse(const std::vector<std::string> &Args, std::string &Error) {
  for (const std::string &Arg : Args) {
    if (Arg == "no-atomic")
      Atomic = false;
    else if (Arg == "no-simd")
      Simd = false;
    else if (Arg == "no-maps")
      Maps = false;
    else if (Arg == "inline-hooks")
      InlineHooks = true;
    else if (Arg == "warn-unknown")
      WarnUnknown = true;
    else if (Arg == "remarks")
      Remarks = true;
    else if (Arg == "disable")
      Disabled = true;
    else {
      Error = "unknown option '" + Arg +
              "' (known: no-atomic, no-simd, no-maps, inline-hooks, "
              "warn-unknown, remarks, disable)";
      return false;
    }
  }
  return true;
}

} // namespace ompt_inst
