// Text of source ranges "as written", for the site descriptor.
#pragma once

#include "clang/AST/ASTContext.h"

#include <string>

namespace ompt_inst {

// The spelling of R when it lies in one file (not in a macro or _Pragma),
// else "". Newlines and tabs become spaces: descriptors are line based.
std::string writtenText(clang::SourceRange R, const clang::ASTContext &Ctx);

// Newlines and tabs replaced by spaces.
std::string singleLine(std::string Text);

} // namespace ompt_inst
