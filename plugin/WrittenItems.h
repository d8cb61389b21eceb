// Which map items the body of a target construct may write: the shim's
// analysis must never advise dropping or narrowing a transfer of a variable
// a kernel in between may have changed. Conservative: anything a write, an
// address taken, a non-const pointer or reference passed or copied, a
// reduction, lastprivate or linear clause reaches counts as written.
#pragma once

#include "MapItems.h"

#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace ompt_inst {

// The descriptor's `writes=` value: the 1-based indexes of the written
// items, comma-separated, with `*` first when a write reaches memory that no
// map item names (a pointer the region uses without a map clause, `this`);
// "" when nothing is written. Only for target constructs that run code.
std::string writtenItems(const clang::OMPExecutableDirective &D,
                         const std::vector<MapItem> &Maps);

} // namespace ompt_inst
