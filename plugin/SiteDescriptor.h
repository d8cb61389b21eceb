// The text of a site descriptor (format in include/ompt-inst/hooks.h).
#pragma once

#include "MapItems.h"

#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace ompt_inst {

struct SitePosition {
  std::string File; // absolute
  unsigned Line = 0, Column = 0, EndLine = 0;
};

// Where the directive is: the `#` of #pragma or the _Pragma, at the
// expansion site for directives produced by macros.
SitePosition sitePosition(const clang::OMPExecutableDirective &D,
                          const clang::SourceManager &SM);

// The enclosing function as users name it: qualified in C++, `f::<lambda>`
// for a lambda's body.
std::string enclosingFunctionName(const clang::DeclContext *DC,
                                  const clang::ASTContext &Ctx);

// The construct as written ("target teams distribute parallel for").
llvm::StringRef writtenConstructName(const clang::OMPExecutableDirective &D);

// P: the directive's position, taken before its body was rewritten (the
// hooks put around an inner directive carry no end location of their own).
std::string siteDescriptor(const clang::OMPExecutableDirective &D,
                           const SitePosition &P,
                           const clang::DeclContext *DC,
                           const std::vector<MapItem> &Maps,
                           const clang::ASTContext &Ctx);

} // namespace ompt_inst
