// Expressions that evaluate, at a device construct's ENTER, the values the
// shim needs: device(...), if(...), and each map item's address and size.
// Clause expressions are reused only when evaluating them a second time is
// harmless (no side effects, no helper variables clang fills later); a
// section bound with a call in it (`p[:buf.N()]`) is evaluated once, into a
// local that both the hook and the directive then read.
#pragma once

#include "HookBuilder.h"

#include "clang/AST/StmtOpenMP.h"

namespace ompt_inst {

class RuntimeValues {
public:
  RuntimeValues(clang::Sema &S, HookBuilder &Hooks) : S(S), Hooks(Hooks) {}

  // The device number, or null for "no device clause / not reusable".
  // All values are for code placed next to D, in context DC.
  clang::Expr *device(const clang::OMPExecutableDirective &D,
                      clang::DeclContext *DC);
  // The if() value as 0/1, or null for "no if clause for target".
  clang::Expr *ifValue(const clang::OMPExecutableDirective &D,
                       clang::DeclContext *DC);
  // Moves each section bound of Item that has side effects (a call) into a
  // local declared by the returned statements, to be placed before the
  // directive: the directive then reads the local, so the bound is still
  // evaluated exactly once. Site names the locals. With When (the if()
  // value, 0/1), a bound is evaluated only where it holds (`When ? bound :
  // 0`), as clang evaluates map clauses only then.
  void hoistSectionBounds(clang::Expr *Item, clang::DeclContext *DC,
                          const clang::VarDecl *Site, clang::SourceLocation Loc,
                          llvm::SmallVectorImpl<clang::Stmt *> &Decls,
                          clang::Expr *When = nullptr);
  // &item and its size in bytes; null members when unknown.
  MapExtent extent(clang::Expr *Item, clang::DeclContext *DC,
                   clang::SourceLocation Loc);
  // A pointer's value and size 0 (MapItem::Pointee).
  MapExtent pointeeExtent(clang::Expr *Pointer, clang::DeclContext *DC,
                          clang::SourceLocation Loc);

private:
  MapExtent build(clang::Expr *Item, clang::DeclContext *DC,
                  clang::SourceLocation Loc);
  clang::Expr *reusable(clang::Expr *E, clang::DeclContext *DC);
  clang::Expr *hoisted(clang::Expr *Bound, clang::DeclContext *DC,
                       const clang::VarDecl *Site, clang::SourceLocation Loc,
                       llvm::SmallVectorImpl<clang::Stmt *> &Decls, clang::Expr *When);
  clang::Expr *elementOf(clang::Expr *Item, clang::SourceLocation Loc);
  clang::Expr *countOf(clang::Expr *Item, clang::SourceLocation Loc);

  clang::Sema &S;
  HookBuilder &Hooks;
  unsigned HoistedCount = 0;
};

} // namespace ompt_inst
