// Options of the plugin, given as -fplugin-arg-ompt-inst-<option>.
#pragma once

#include <string>
#include <vector>

namespace ompt_inst {

struct Options {
  bool Atomic = true;       // instrument `atomic` (no-atomic: leave out)
  bool Simd = true;         // instrument `simd` (no-simd: leave out)
  bool Maps = true;         // pass map addresses/sizes (no-maps: only sites)
  bool InlineHooks = false; // inline the no-tool check (inline-hooks)
  bool WarnUnknown = false; // note each directive left untouched
  bool Remarks = false;     // note each instrumented construct
  bool Disabled = false;    // keep -fplugin but instrument nothing

  // Parses the arguments; returns false and sets Error on an unknown one.
  bool parse(const std::vector<std::string> &Args, std::string &Error);
};

} // namespace ompt_inst
