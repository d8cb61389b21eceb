// The map list items of a device construct, as the descriptor's `map=`
// lines describe them (map clauses, and the to/from clauses of target update).
#pragma once

#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace ompt_inst {

struct MapItem {
  std::string Type;      // to from tofrom alloc release delete
  std::string Modifiers; // "always,close", "mapper(id)" ... or "-"
  bool Implicit = false; // added by clang for a variable used in the region
  // A pointer the region uses without a map clause: the runtime looks its
  // target up as a zero-length section (p[:0]), moving nothing; its
  // address at run time is the pointer's value, its size 0.
  bool Pointee = false;
  std::string Text;      // the list item as written: a[0:n]
  clang::Expr *Item = nullptr;
};

std::vector<MapItem> collectMapItems(const clang::OMPExecutableDirective &D,
                                     const clang::ASTContext &Ctx);

// The source text of E when it is spelled in one file, else E printed.
std::string expressionText(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace ompt_inst
