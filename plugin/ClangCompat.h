// The one place that knows Clang API differences between the versions the
// plugin builds against (19, the default; 14, Debian 12's clang; 22). Every
// other file uses these names only; each entry compiles to the plain 19 call
// on 19, so that build behaves exactly as before.
#ifndef OMPT_INST_PLUGIN_CLANG_COMPAT_H
#define OMPT_INST_PLUGIN_CLANG_COMPAT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/StringRef.h"

#include <string>

#if CLANG_VERSION_MAJOR != 14 && CLANG_VERSION_MAJOR < 19
#error "ompt-inst's plugin builds against Clang 14 or 19 and later"
#endif
#define OI_CLANG_14 (CLANG_VERSION_MAJOR == 14)
// clang 20 dropped the `loop` mapping of 19 (getMappedDirective): a `loop`
// stays OMPD_loop and CodeGen emits it by its bind clause, which Sema adds
// implicitly when none is written.
#define OI_CLANG_LOOP_BY_BIND (CLANG_VERSION_MAJOR >= 20)

namespace ompt_inst::compat {

// `a[l:n]`: OMPArraySectionExpr until the OpenACC sections joined it (19).
#if OI_CLANG_14
using ArraySectionExpr = clang::OMPArraySectionExpr;
#else
using ArraySectionExpr = clang::ArraySectionExpr;
#endif

// Replaces a section's lower bound or length (their setters are private in
// 19): children() are base, lower bound, length[, stride] in both versions;
// false when the slot does not hold `Old`.
enum class SectionBound { Lower = 1, Length = 2 };
inline bool replaceSectionBound(ArraySectionExpr *AS, SectionBound Which,
                                clang::Expr *Old, clang::Expr *New) {
  unsigned Index = 0;
  for (clang::Stmt *&Child : AS->children())
    if (Index++ == static_cast<unsigned>(Which)) {
      if (Child != Old)
        return false;
      Child = New;
      return true;
    }
  return false;
}

// Device-side compile of an OpenMP offload program.
inline bool isOpenMPDeviceCompile(const clang::LangOptions &LO) {
#if OI_CLANG_14
  return LO.OpenMPIsDevice;
#else
  return LO.OpenMPIsTargetDevice;
#endif
}

inline bool startsWith(llvm::StringRef Text, llvm::StringRef Prefix) {
#if OI_CLANG_14
  return Text.startswith(Prefix);
#else
  return Text.starts_with(Prefix);
#endif
}

inline uint64_t elementCount(const clang::ConstantArrayType &T) {
#if OI_CLANG_14
  return T.getSize().getZExtValue();
#else
  return T.getZExtSize();
#endif
}

// The directive as written: clang 19 turns a `loop` into the for/simd/
// distribute it binds to and remembers the written one; clang 14 keeps a
// `loop` as its own directive.
inline clang::OpenMPDirectiveKind
writtenDirectiveKind(const clang::OMPExecutableDirective &D) {
#if OI_CLANG_14 || OI_CLANG_LOOP_BY_BIND
  return D.getDirectiveKind();
#else
  clang::OpenMPDirectiveKind Written = D.getMappedDirective();
  return Written == llvm::omp::OMPD_unknown ? D.getDirectiveKind() : Written;
#endif
}

#if OI_CLANG_LOOP_BY_BIND
// What a `loop` binding to `Bind` is emitted as (clang 22's CodeGen).
inline clang::OpenMPDirectiveKind
loopBindingTo(const clang::OMPExecutableDirective &D) {
  const auto *Bind = D.getSingleClause<clang::OMPBindClause>();
  switch (Bind ? Bind->getBindKind() : clang::OMPC_BIND_unknown) {
  case clang::OMPC_BIND_parallel:
    return llvm::omp::OMPD_for;
  case clang::OMPC_BIND_teams:
    return llvm::omp::OMPD_distribute;
  case clang::OMPC_BIND_thread:
    return llvm::omp::OMPD_simd;
  default:
    return llvm::omp::OMPD_loop; // emitted inline, as the statement
  }
}
#endif

// The directive clang emits code for: what clang 19 maps a `loop` to (its
// directive kind), what clang 22 emits it as by its bind clause; clang 14
// emits a `loop` inline.
inline clang::OpenMPDirectiveKind
emittedDirectiveKind(const clang::OMPExecutableDirective &D) {
#if OI_CLANG_LOOP_BY_BIND
  if (D.getDirectiveKind() == llvm::omp::OMPD_loop)
    return loopBindingTo(D);
#endif
  return D.getDirectiveKind();
}

// The variables of a clause's list: varlists() until 19, varlist() in 22.
template <typename ClauseT> inline auto varList(const ClauseT *C) {
#if CLANG_VERSION_MAJOR >= 22
  return C->varlist();
#else
  return C->varlists();
#endif
}

// Prints clauses as written; 22's printer also takes the OpenMP version.
inline clang::OMPClausePrinter clausePrinter(llvm::raw_ostream &OS,
                                             const clang::ASTContext &Ctx) {
#if CLANG_VERSION_MAJOR >= 22
  return clang::OMPClausePrinter(OS, Ctx.getPrintingPolicy(), Ctx.getLangOpts().OpenMP);
#else
  return clang::OMPClausePrinter(OS, Ctx.getPrintingPolicy());
#endif
}

// The type a typedef names: 22 wants a keyword and a qualifier, and takes
// the plain form only through its TypeDecl base.
inline clang::QualType typedefType(const clang::ASTContext &Ctx,
                                   const clang::TypedefNameDecl *TD) {
#if CLANG_VERSION_MAJOR >= 22
  return Ctx.getTypeDeclType(static_cast<const clang::TypeDecl *>(TD));
#else
  return Ctx.getTypedefType(TD);
#endif
}

// A directive's name as OpenMP 5.2 spells it ("target data"): the names
// sites, the shim and the reports use. 22 spells by version and, without
// one, gives "" for every name that OpenMP 6.0 respells ("target_data").
inline llvm::StringRef directiveName(clang::OpenMPDirectiveKind K) {
#if CLANG_VERSION_MAJOR >= 22
  return llvm::omp::getOpenMPDirectiveName(K, 52);
#else
  return llvm::omp::getOpenMPDirectiveName(K);
#endif
}

// Constructs that clang 14 does not have at all (its parser rejects them),
// so only the newer build can list them.
inline bool isConstructNewerThanClang14(clang::OpenMPDirectiveKind K) {
#if OI_CLANG_14
  (void)K;
  return false;
#else
  switch (K) {
  case llvm::omp::OMPD_masked_taskloop:
  case llvm::omp::OMPD_masked_taskloop_simd:
  case llvm::omp::OMPD_parallel_loop:
  case llvm::omp::OMPD_parallel_masked:
  case llvm::omp::OMPD_parallel_masked_taskloop:
  case llvm::omp::OMPD_parallel_masked_taskloop_simd:
  case llvm::omp::OMPD_scope:
  case llvm::omp::OMPD_teams_loop:
  case llvm::omp::OMPD_error:
    return true;
  default:
    return false;
  }
#endif
}

// A `loop` that the compiler runs inline, without a runtime call, so no
// runtime can report it: every `loop` in clang 14; in clang 19 and 22 one
// that binds to the thread (bind(thread), or orphaned), emitted as a simd loop.
inline bool isLoopWithoutRuntimeCalls(const clang::OMPExecutableDirective &D) {
#if OI_CLANG_14
  return D.getDirectiveKind() == llvm::omp::OMPD_loop;
#elif OI_CLANG_LOOP_BY_BIND
  return D.getDirectiveKind() == llvm::omp::OMPD_loop &&
         loopBindingTo(D) == llvm::omp::OMPD_simd;
#else
  return D.getMappedDirective() == llvm::omp::OMPD_loop &&
         D.getDirectiveKind() == llvm::omp::OMPD_simd;
#endif
}

inline bool isErrorDirective(clang::OpenMPDirectiveKind K) {
#if OI_CLANG_14
  (void)K;
  return false;
#else
  return K == llvm::omp::OMPD_error;
#endif
}

// `error` with at(execution): the only form with run-time behaviour (the
// default, at(compilation), is a compile-time diagnostic and emits no code).
// Sets *Fatal from its severity clause (default fatal).
inline bool isRuntimeErrorDirective(const clang::OMPExecutableDirective &D,
                                    bool *Fatal) {
#if OI_CLANG_14
  (void)D;
  (void)Fatal;
  return false;
#else
  if (D.getDirectiveKind() != llvm::omp::OMPD_error)
    return false;
  const auto *At = D.getSingleClause<clang::OMPAtClause>();
  if (!At || At->getAtKind() != clang::OMPC_AT_execution)
    return false;
  const auto *Severity = D.getSingleClause<clang::OMPSeverityClause>();
  *Fatal = !Severity ||
           Severity->getSeverityKind() != clang::OMPC_SEVERITY_warning;
  return true;
#endif
}

// The text of an `error` directive's message clause when it is a string
// literal (else empty: the clause text still shows the expression).
inline std::string errorMessage(const clang::OMPExecutableDirective &D) {
#if OI_CLANG_14
  (void)D;
  return "";
#else
  const auto *Message = D.getSingleClause<clang::OMPMessageClause>();
  if (!Message || !Message->getMessageString())
    return "";
  const auto *Literal = llvm::dyn_cast<clang::StringLiteral>(
      Message->getMessageString()->IgnoreParenImpCasts());
  return Literal && Literal->getCharByteWidth() == 1 ? Literal->getString().str()
                                                    : "";
#endif
}

inline clang::StringLiteral *ordinaryStringLiteral(const clang::ASTContext &Ctx,
                                                   llvm::StringRef Text,
                                                   clang::QualType Ty,
                                                   clang::SourceLocation Loc) {
#if OI_CLANG_14
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteral::Ascii, false, Ty, Loc);
#else
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteralKind::Ordinary, false, Ty,
                                      Loc);
#endif
}

// Compound statements carry floating-point pragma state since clang 15.
inline clang::CompoundStmt *compoundStmt(const clang::ASTContext &Ctx,
                                         llvm::ArrayRef<clang::Stmt *> Stmts,
                                         clang::SourceLocation Loc) {
#if OI_CLANG_14
  return clang::CompoundStmt::Create(Ctx, Stmts, Loc, Loc);
#else
  return clang::CompoundStmt::Create(Ctx, Stmts, clang::FPOptionsOverride(), Loc, Loc);
#endif
}

// `T[N]`: the size modifier enum moved out of ArrayType in clang 18.
inline clang::QualType constantArrayType(const clang::ASTContext &Ctx,
                                         clang::QualType Elem, uint64_t N) {
  llvm::APInt Size(64, N);
#if OI_CLANG_14
  return Ctx.getConstantArrayType(Elem, Size, nullptr, clang::ArrayType::Normal, 0);
#else
  return Ctx.getConstantArrayType(Elem, Size, nullptr, clang::ArraySizeModifier::Normal, 0);
#endif
}

} // namespace ompt_inst::compat

#endif
