#include "SiteDescriptor.h"

#include "ClangCompat.h"
#include "SourceText.h"
#include "WrittenItems.h"

#include "ompt-inst/descriptor.h"
#include "ompt-inst/hooks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ompt_inst {

static std::string absoluteFileName(SourceLocation Loc, const SourceManager &SM) {
  auto FE = SM.getFileEntryRefForID(SM.getFileID(Loc));
  if (!FE)
    return SM.getFilename(Loc).str();
  StringRef Real = FE->getFileEntry().tryGetRealPathName();
  if (!Real.empty())
    return Real.str();
  llvm::SmallString<256> Path(FE->getName());
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

// Where a statement ends. A directive ends with its associated statement,
// which may itself be a directive (`parallel` over `for` and its loop): a
// directive's own end location is the end of its pragma line.
static SourceLocation statementEnd(const Stmt *S) {
  while (S) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (!D->hasAssociatedStmt() || !D->getAssociatedStmt())
        return D->getEndLoc();
      S = D->getAssociatedStmt();
    } else if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      S = CS->getCapturedStmt();
    } else {
      return S->getEndLoc();
    }
  }
  return SourceLocation();
}

SitePosition sitePosition(const OMPExecutableDirective &D,
                          const SourceManager &SM) {
  SitePosition P;
  SourceLocation Begin = SM.getExpansionLoc(D.getBeginLoc());
  P.File = absoluteFileName(Begin, SM);
  P.Line = SM.getExpansionLineNumber(Begin);
  P.Column = SM.getExpansionColumnNumber(Begin);
  SourceLocation End = SM.getExpansionRange(statementEnd(&D)).getEnd();
  P.EndLine = End.isValid() ? SM.getExpansionLineNumber(End) : P.Line;
  if (P.EndLine < P.Line)
    P.EndLine = P.Line;
  return P;
}

std::string enclosingFunctionName(const DeclContext *DC, const ASTContext &Ctx) {
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  const auto *FD = dyn_cast_or_null<FunctionDecl>(DC);
  if (!FD)
    return "";
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda())
      return enclosingFunctionName(MD->getParent()->getDeclContext(), Ctx) +
             "::<lambda>";
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressUnwrittenScope = true;
  FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  return Name;
}

// Clauses as written, except clang's implicit ones; critical's name and the
// construct type of cancel are written before the clauses too.
static std::string clausesText(const OMPExecutableDirective &D,
                               const ASTContext &Ctx) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (const auto *C = dyn_cast<OMPCancelDirective>(&D))
    OS << compat::directiveName(C->getCancelRegion());
  if (const auto *C = dyn_cast<OMPCancellationPointDirective>(&D))
    OS << compat::directiveName(C->getCancelRegion());
  if (const auto *C = dyn_cast<OMPCriticalDirective>(&D))
    if (!C->getDirectiveName().getName().isEmpty())
      OS << "(" << C->getDirectiveName().getName().getAsString() << ")";
  OMPClausePrinter Printer = compat::clausePrinter(OS, Ctx);
  for (OMPClause *C : D.clauses()) {
    if (!C || C->isImplicit())
      continue;
    if (!Text.empty())
      OS << " ";
    std::string Written =
        writtenText(SourceRange(C->getBeginLoc(), C->getEndLoc()), Ctx);
    if (!Written.empty())
      OS << Written;
    else // from a macro or _Pragma
      Printer.Visit(C);
  }
  return singleLine(Text);
}

// Directives nested in a target region, in source order: they run as
// device code, without hooks, so the outer site lists them for the shim.
static void innerDirectives(const Stmt *S, const SourceManager &SM,
                            llvm::raw_ostream &OS) {
  if (!S)
    return;
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
    innerDirectives(CS->getCapturedStmt(), SM, OS);
    return;
  }
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    SitePosition P = sitePosition(*D, SM);
    OS << OMPT_INST_KEY_INNER "=" << writtenConstructName(*D) << ";" << P.Line << ";"
       << P.Column << ";" << P.EndLine << "\n";
    if (D->hasAssociatedStmt())
      innerDirectives(D->getAssociatedStmt(), SM, OS);
    return;
  }
  for (const Stmt *Child : S->children())
    innerDirectives(Child, SM, OS);
}

StringRef writtenConstructName(const OMPExecutableDirective &D) {
  // clang turns a `loop` into the for/simd/distribute it binds to; the
  // mapped directive remembers what was written.
  return compat::directiveName(compat::writtenDirectiveKind(D));
}

std::string siteDescriptor(const OMPExecutableDirective &D,
                           const SitePosition &P, const DeclContext *DC,
                           const std::vector<MapItem> &Maps,
                           const ASTContext &Ctx) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  auto Key = [&OS](const char *Name) -> llvm::raw_ostream & {
    return OS << Name << "=";
  };
  OS << OMPT_INST_SITE_MAGIC << "\n";
  Key(OMPT_INST_KEY_CONSTRUCT) << writtenConstructName(D) << "\n";
  Key(OMPT_INST_KEY_FILE) << P.File << "\n";
  Key(OMPT_INST_KEY_LINE) << P.Line << "\n";
  Key(OMPT_INST_KEY_COL) << P.Column << "\n";
  Key(OMPT_INST_KEY_END_LINE) << P.EndLine << "\n";
  Key(OMPT_INST_KEY_FUNCTION) << enclosingFunctionName(DC, Ctx) << "\n";
  Key(OMPT_INST_KEY_CLAUSES) << clausesText(D, Ctx) << "\n";
  if (const auto *C = dyn_cast<OMPCriticalDirective>(&D))
    if (!C->getDirectiveName().getName().isEmpty())
      Key(OMPT_INST_KEY_NAME) << C->getDirectiveName().getName().getAsString()
                              << "\n";
  for (const MapItem &M : Maps)
    Key(OMPT_INST_KEY_MAP) << M.Type << ";" << M.Modifiers << ";"
                           << (M.Implicit ? OMPT_INST_MAP_IMPLICIT
                                          : OMPT_INST_MAP_EXPLICIT)
                           << ";" << M.Text << "\n";
  if (isOpenMPTargetExecutionDirective(D.getDirectiveKind()) &&
      D.hasAssociatedStmt())
    innerDirectives(D.getAssociatedStmt(), Ctx.getSourceManager(), OS);
  std::string Writes = writtenItems(D, Maps);
  if (!Writes.empty())
    Key(OMPT_INST_KEY_WRITES) << Writes << "\n";
  if (compat::isLoopWithoutRuntimeCalls(D))
    Key(OMPT_INST_KEY_RUNTIME_EVENTS) << "0\n";
  bool Fatal = false;
  if (compat::isRuntimeErrorDirective(D, &Fatal)) {
    Key(OMPT_INST_KEY_SEVERITY)
        << (Fatal ? OMPT_INST_SEVERITY_FATAL : OMPT_INST_SEVERITY_WARNING)
        << "\n";
    std::string Message = compat::errorMessage(D);
    if (!Message.empty())
      Key(OMPT_INST_KEY_MESSAGE) << singleLine(Message) << "\n";
  }
  if (D.getSingleClause<OMPNowaitClause>())
    Key(OMPT_INST_KEY_NOWAIT) << "1\n";
  if (!D.getClausesOfKind<OMPDependClause>().empty())
    Key(OMPT_INST_KEY_DEPEND) << "1\n";
  return Text;
}

} // namespace ompt_inst
