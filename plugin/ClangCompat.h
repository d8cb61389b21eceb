// The one place that knows Clang API differences between the versions the
// plugin builds against (14 to 22; tested: 14, 15, 16, 19 the default, 22).
// Every other file uses these names only; each entry compiles to the plain
// 19 call on 19. Each difference is one macro below, named by what changed
// and set by the release that changed it, so a version no test builds (17,
// 18, 20, 21) takes each API from the release it falls after.
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

#if CLANG_VERSION_MAJOR < 14 || CLANG_VERSION_MAJOR > 22
#error "ompt-inst's plugin builds against Clang 14 to 22"
#endif
// 15: compound statements carry floating-point pragma state; StringLiteral's
// Ascii became Ordinary; masked_taskloop, parallel_masked, parallel/teams
// loop parse.
#define OI_CLANG_FP_COMPOUND (CLANG_VERSION_MAJOR >= 15)
#define OI_CLANG_ORDINARY_STRING (CLANG_VERSION_MAJOR >= 15)
#define OI_CLANG_OPENMP_51_COMBINED (CLANG_VERSION_MAJOR >= 15)
// 16: StringRef::starts_with; the `error` directive and its clauses.
#define OI_CLANG_STARTS_WITH (CLANG_VERSION_MAJOR >= 16)
#define OI_CLANG_ERROR_DIRECTIVE (CLANG_VERSION_MAJOR >= 16)
// 17: OpenMPIsDevice renamed OpenMPIsTargetDevice; `scope` parses.
#define OI_CLANG_IS_TARGET_DEVICE (CLANG_VERSION_MAJOR >= 17)
#define OI_CLANG_SCOPE_DIRECTIVE (CLANG_VERSION_MAJOR >= 17)
// 18: a `loop` is mapped to the directive it binds to (getMappedDirective);
// StringLiteralKind and ArraySizeModifier became enum classes of their own.
#define OI_CLANG_MAPPED_LOOP (CLANG_VERSION_MAJOR >= 18)
#define OI_CLANG_SCOPED_KINDS (CLANG_VERSION_MAJOR >= 18)
// 19: OpenACC's sections joined OpenMP's (ArraySectionExpr);
// ConstantArrayType::getZExtSize.
#define OI_CLANG_ARRAY_SECTION (CLANG_VERSION_MAJOR >= 19)
#define OI_CLANG_ZEXT_SIZE (CLANG_VERSION_MAJOR >= 19)
// clang 20 dropped the `loop` mapping of 19 (getMappedDirective): a `loop`
// stays OMPD_loop and CodeGen emits it by its bind clause, which Sema adds
// implicitly when none is written.
#define OI_CLANG_LOOP_BY_BIND (CLANG_VERSION_MAJOR >= 20)

namespace ompt_inst::compat {

// `a[l:n]`: OMPArraySectionExpr until the OpenACC sections joined it (19).
#if !OI_CLANG_ARRAY_SECTION
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
#if OI_CLANG_IS_TARGET_DEVICE
  return LO.OpenMPIsTargetDevice;
#else
  return LO.OpenMPIsDevice;
#endif
}

inline bool startsWith(llvm::StringRef Text, llvm::StringRef Prefix) {
#if OI_CLANG_STARTS_WITH
  return Text.starts_with(Prefix);
#else
  return Text.startswith(Prefix);
#endif
}

inline uint64_t elementCount(const clang::ConstantArrayType &T) {
#if OI_CLANG_ZEXT_SIZE
  return T.getZExtSize();
#else
  return T.getSize().getZExtValue();
#endif
}

// The directive as written: clang 18 and 19 turn a `loop` into the for/simd/
// distribute it binds to and remember the written one; clang 14 to 17 keep
// a `loop` as its own directive, as 20 and later do again.
inline clang::OpenMPDirectiveKind
writtenDirectiveKind(const clang::OMPExecutableDirective &D) {
#if !OI_CLANG_MAPPED_LOOP || OI_CLANG_LOOP_BY_BIND
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
// directive kind), what clang 22 emits it as by its bind clause; clang 14 to
// 17 emit a `loop` inline.
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
// so only the newer builds can list them, each from the release that parses
// it.
inline bool isConstructNewerThanClang14(clang::OpenMPDirectiveKind K) {
#if OI_CLANG_OPENMP_51_COMBINED
  switch (K) {
  case llvm::omp::OMPD_masked_taskloop:
  case llvm::omp::OMPD_masked_taskloop_simd:
  case llvm::omp::OMPD_parallel_loop:
  case llvm::omp::OMPD_parallel_masked:
  case llvm::omp::OMPD_parallel_masked_taskloop:
  case llvm::omp::OMPD_parallel_masked_taskloop_simd:
  case llvm::omp::OMPD_teams_loop:
#if OI_CLANG_SCOPE_DIRECTIVE
  case llvm::omp::OMPD_scope:
#endif
#if OI_CLANG_ERROR_DIRECTIVE
  case llvm::omp::OMPD_error:
#endif
    return true;
  default:
    return false;
  }
#else
  (void)K;
  return false;
#endif
}

// A `loop` that the compiler runs inline, without a runtime call, so no
// runtime can report it: every `loop` in clang 14 to 17; in clang 18 and
// later one that binds to the thread (bind(thread), or orphaned), emitted as
// a simd loop.
inline bool isLoopWithoutRuntimeCalls(const clang::OMPExecutableDirective &D) {
#if !OI_CLANG_MAPPED_LOOP
  return D.getDirectiveKind() == llvm::omp::OMPD_loop;
#elif OI_CLANG_LOOP_BY_BIND
  return D.getDirectiveKind() == llvm::omp::OMPD_loop &&
         loopBindingTo(D) == llvm::omp::OMPD_simd;
#else
  return D.getMappedDirective() == llvm::omp::OMPD_loop &&
         D.getDirectiveKind() == llvm::omp::OMPD_simd;
#endif
}

// Constructs this clang parses and then emits no code for: their statement
// never runs, plugin or not (measured: clang 15 and 16 drop every `loop`
// combined with parallel or teams, `parallel masked` and the masked
// taskloops; clang 19 still drops the masked taskloops; 22 runs them all).
inline bool emitsNoCode(clang::OpenMPDirectiveKind K) {
#if OI_CLANG_OPENMP_51_COMBINED && CLANG_VERSION_MAJOR <= 19
  switch (K) {
#if CLANG_VERSION_MAJOR <= 16
  case llvm::omp::OMPD_parallel_loop:
  case llvm::omp::OMPD_teams_loop:
  case llvm::omp::OMPD_target_parallel_loop:
  case llvm::omp::OMPD_target_teams_loop:
  case llvm::omp::OMPD_parallel_masked:
#endif
  case llvm::omp::OMPD_masked_taskloop:
  case llvm::omp::OMPD_masked_taskloop_simd:
  case llvm::omp::OMPD_parallel_masked_taskloop:
  case llvm::omp::OMPD_parallel_masked_taskloop_simd:
    return true;
  default:
    return false;
  }
#else
  (void)K;
  return false;
#endif
}

inline bool isErrorDirective(clang::OpenMPDirectiveKind K) {
#if OI_CLANG_ERROR_DIRECTIVE
  return K == llvm::omp::OMPD_error;
#else
  (void)K;
  return false;
#endif
}

// `error` with at(execution): the only form with run-time behaviour (the
// default, at(compilation), is a compile-time diagnostic and emits no code).
// Sets *Fatal from its severity clause (default fatal).
inline bool isRuntimeErrorDirective(const clang::OMPExecutableDirective &D,
                                    bool *Fatal) {
#if !OI_CLANG_ERROR_DIRECTIVE
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
#if !OI_CLANG_ERROR_DIRECTIVE
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
#if OI_CLANG_SCOPED_KINDS
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteralKind::Ordinary, false, Ty,
                                      Loc);
#elif OI_CLANG_ORDINARY_STRING
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteral::Ordinary, false, Ty, Loc);
#else
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteral::Ascii, false, Ty, Loc);
#endif
}

// Compound statements carry floating-point pragma state since clang 15.
inline clang::CompoundStmt *compoundStmt(const clang::ASTContext &Ctx,
                                         llvm::ArrayRef<clang::Stmt *> Stmts,
                                         clang::SourceLocation Loc) {
#if OI_CLANG_FP_COMPOUND
  return clang::CompoundStmt::Create(Ctx, Stmts, clang::FPOptionsOverride(), Loc, Loc);
#else
  return clang::CompoundStmt::Create(Ctx, Stmts, Loc, Loc);
#endif
}

// `T[N]`: the size modifier enum moved out of ArrayType in clang 18.
inline clang::QualType constantArrayType(const clang::ASTContext &Ctx,
                                         clang::QualType Elem, uint64_t N) {
  llvm::APInt Size(64, N);
#if OI_CLANG_SCOPED_KINDS
  return Ctx.getConstantArrayType(Elem, Size, nullptr, clang::ArraySizeModifier::Normal, 0);
#else
  return Ctx.getConstantArrayType(Elem, Size, nullptr, clang::ArrayType::Normal, 0);
#endif
}

} // namespace ompt_inst::compat

#endif
