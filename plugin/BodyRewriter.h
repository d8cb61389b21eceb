// Walks a function body and wraps each OpenMP construct with its hooks:
//   { static ompt_inst_site s = {...}; ENTER; <directive>; EXIT; }
// and, for bodies run by every thread (parallel, host teams) or by one
// section, { BEGIN; <body>; END; } inside the structured block. In bodies
// with a cancellation, EXIT and END come from a cleanup variable instead,
// so that the jump to the region's end still reports them.
#pragma once

#include "HookBuilder.h"
#include "Options.h"
#include "RuntimeValues.h"

#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
class Sema;
}

namespace ompt_inst {

class BodyRewriter {
public:
  BodyRewriter(clang::Sema &S, const Options &Opts);

  // Instruments FD's body once; a no-op for bodies already seen.
  void rewriteFunction(clang::FunctionDecl *FD);
  // Instruments lambdas in a global variable's initialiser.
  void rewriteInitializer(clang::VarDecl *VD);

  unsigned instrumentedCount() const { return Instrumented; }

private:
  clang::Stmt *visitSlot(clang::Stmt *S, clang::DeclContext *DC);
  void visitChildren(clang::Stmt *S, clang::DeclContext *DC);
  clang::Stmt *instrument(clang::OMPExecutableDirective *D,
                          clang::DeclContext *DC);
  void visitDirectiveBody(clang::OMPExecutableDirective *D,
                          clang::DeclContext *DC);
  bool insertBeginEnd(clang::OMPExecutableDirective *D, clang::VarDecl *Site,
                      bool DeclareSiteInside, clang::DeclContext *DC);
  clang::Stmt *enterCall(clang::OMPExecutableDirective *D,
                         clang::DeclContext *DC, clang::VarDecl *Site,
                         const std::vector<struct MapItem> &Maps,
                         llvm::SmallVectorImpl<clang::Stmt *> &Hoisted);
  void note(clang::SourceLocation Loc, llvm::StringRef Message);

  clang::Sema &S;
  const Options &Opts;
  HookBuilder Hooks;
  RuntimeValues Values;
  bool Ready = false;
  bool Failed = false;
  bool UseCleanups = false; // the current body holds a cancellation
  unsigned Instrumented = 0;
  llvm::DenseSet<const clang::Decl *> Done;
};

} // namespace ompt_inst
