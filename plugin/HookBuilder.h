// Builds the AST of the inserted hooks: site variables, guard variables
// whose cleanup closes a construct, and calls to the injected helpers of
// include/ompt-inst/instrument.h.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class Sema;
}

namespace ompt_inst {

// Run-time host address and byte count of one map item (null: unknown).
struct MapExtent {
  clang::Expr *Addr = nullptr;
  clang::Expr *Bytes = nullptr;
};

class HookBuilder {
public:
  // InlineHooks: call the inlined fast path instead of the out-of-line hook.
  HookBuilder(clang::Sema &S, bool InlineHooks);

  // Numbers the variables of a new function body from 1 again: a site of an
  // inline function or template then gets the same (mangled) name in every
  // translation unit, so the linker merges equal sites only.
  void startBody() { Counter = 0; }

  // Finds the injected declarations; false if they are missing.
  bool findInjectedDecls();

  // `static ompt_inst_site <name> = {ABI, 0, "<descriptor>"};`
  clang::VarDecl *siteVariable(clang::DeclContext *DC,
                               llvm::StringRef Descriptor,
                               clang::SourceLocation Loc);
  // `ompt_inst_site *<name> __attribute__((cleanup(...))) = &site;`:
  // reports EXIT (or END) on every way out of the enclosing scope.
  clang::VarDecl *closingGuard(clang::DeclContext *DC, clang::VarDecl *Site,
                               bool IsEnd, clang::SourceLocation Loc);
  // `__ompt_inst_point(&site, point)`
  clang::Expr *pointCall(clang::VarDecl *Site, unsigned Point,
                         clang::SourceLocation Loc);
  // `{ const void *<site>_addrs[] = {addr0, ...};
  //    uint64_t <site>_bytes[] = {bytes0, ...};
  //    __ompt_inst_target_enter(&site, device, if, n, <site>_addrs,
  //                             <site>_bytes); }`
  // (null pointers and no arrays without items); Device/IfValue may be null
  // (absent clause). Arrays, not varargs: a variadic helper cost more to
  // compile (docs/plugin.md).
  clang::Stmt *targetEnterCall(clang::DeclContext *DC, clang::VarDecl *Site,
                               clang::Expr *Device, clang::Expr *IfValue,
                               llvm::ArrayRef<MapExtent> Items,
                               clang::SourceLocation Loc);

  // `<type of Init> <site>_<suffix> = Init;`, a local of DC.
  clang::VarDecl *localValue(clang::DeclContext *DC, const clang::VarDecl *Site,
                             llvm::StringRef Suffix, clang::Expr *Init,
                             clang::SourceLocation Loc);
  // An l-value naming a local declared in the context the reference is in.
  clang::Expr *reference(clang::VarDecl *Local, clang::SourceLocation Loc) {
    return refTo(Local, Loc);
  }

  clang::DeclStmt *declStmt(clang::VarDecl *VD, clang::SourceLocation Loc);
  clang::CompoundStmt *compound(llvm::ArrayRef<clang::Stmt *> Stmts,
                                clang::SourceLocation Loc);

  // Helpers shared with RuntimeValues.
  clang::Expr *constVoidPointer(clang::Expr *Pointer);
  clang::Expr *unsignedLongLong(clang::Expr *Integer);
  clang::Expr *unsignedLongLongLiteral(uint64_t Value,
                                       clang::SourceLocation Loc);

private:
  clang::Expr *refTo(clang::ValueDecl *D, clang::SourceLocation Loc);
  clang::Expr *addressOf(clang::VarDecl *Site, clang::SourceLocation Loc);
  clang::Expr *call(clang::FunctionDecl *Fn, llvm::ArrayRef<clang::Expr *> Args,
                    clang::SourceLocation Loc);
  clang::Expr *intLiteral(int64_t Value, clang::QualType T,
                          clang::SourceLocation Loc);
  clang::Expr *nullPointer(clang::QualType T, clang::SourceLocation Loc);
  clang::Expr *convertedScalar(clang::Expr *E, clang::QualType T);
  clang::VarDecl *localArray(clang::DeclContext *DC, const clang::VarDecl *Site,
                             llvm::StringRef Suffix, clang::QualType ElemTy,
                             llvm::ArrayRef<clang::Expr *> Inits,
                             clang::SourceLocation Loc);
  clang::Expr *decayedArray(clang::VarDecl *Array, clang::QualType ParamTy,
                            clang::SourceLocation Loc);
  clang::QualType paramType(const clang::FunctionDecl *Fn, unsigned I) const;
  clang::IdentifierInfo *uniqueName(llvm::StringRef Prefix);

  clang::Sema &S;
  clang::ASTContext &Ctx;
  clang::QualType SiteType;
  bool InlineHooks;
  clang::FunctionDecl *PointFn = nullptr;
  clang::FunctionDecl *TargetEnterFn = nullptr;
  clang::FunctionDecl *ExitCleanupFn = nullptr;
  clang::FunctionDecl *EndCleanupFn = nullptr;
  unsigned Counter = 0;
};

} // namespace ompt_inst
