#include "BodyRewriter.h"

#include <string>

#include "ClangCompat.h"
#include "ConstructKinds.h"
#include "MapItems.h"
#include "SiteDescriptor.h"

#include "ompt-inst/hooks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ompt_inst {

// A CapturedStmt stores its capture initialisers followed by the captured
// statement, whose setter is private: the slot right after the last
// initialiser is the statement (checked). The CapturedDecl holds the same
// body and must stay in sync.
static bool replaceCapturedBody(CapturedStmt *CS, Stmt *New) {
  auto **Slot = reinterpret_cast<Stmt **>(CS->capture_init_end());
  if (*Slot != CS->getCapturedStmt())
    return false;
  *Slot = New;
  CS->getCapturedDecl()->setBody(New);
  return true;
}

BodyRewriter::BodyRewriter(Sema &S, const Options &Opts)
    : S(S), Opts(Opts), Hooks(S, Opts.InlineHooks), Values(S, Hooks) {}

void BodyRewriter::note(SourceLocation Loc, StringRef Message) {
  DiagnosticsEngine &Diags = S.getDiagnostics();
  // A remark: a note would be dropped after an ignored diagnostic, and a
  // warning would break -Werror builds.
  unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Remark, "ompt-inst: %0");
  Diags.Report(Loc, ID) << Message;
}

// Cancellation (and, in a cancellable region, every barrier) jumps to the
// region's end, past statements: only then are the closing hooks put in
// cleanups. Elsewhere plain calls suffice (no jump may leave a structured
// block) and avoid the exception-handling paths a C++ cleanup brings.
static bool containsCancellation(const Stmt *S) {
  if (!S)
    return false;
  if (isa<OMPCancelDirective, OMPCancellationPointDirective>(S))
    return true;
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) // children are captures
    return containsCancellation(CS->getCapturedStmt());
  for (const Stmt *Child : S->children())
    if (containsCancellation(Child))
      return true;
  return false;
}

void BodyRewriter::rewriteFunction(FunctionDecl *FD) {
  if (!FD || !FD->doesThisDeclarationHaveABody() || !FD->getBody() ||
      FD->isDependentContext() || FD->isInvalidDecl())
    return;
  // Declare-target functions are instrumented too: this is their host
  // version; the device compile (not instrumented) makes the device one.
  if (!Done.insert(FD).second)
    return;
  UseCleanups = containsCancellation(FD->getBody());
  Hooks.startBody();
  visitChildren(FD->getBody(), FD);
}

void BodyRewriter::rewriteInitializer(VarDecl *VD) {
  if (VD && VD->getInit() && !VD->isInvalidDecl() &&
      !VD->getDeclContext()->isDependentContext()) {
    UseCleanups = containsCancellation(VD->getInit());
    Hooks.startBody();
    visitChildren(VD->getInit(), nullptr);
  }
}

Stmt *BodyRewriter::visitSlot(Stmt *St, DeclContext *DC) {
  if (auto *D = dyn_cast<OMPExecutableDirective>(St))
    return DC ? instrument(D, DC) : St;
  visitChildren(St, DC);
  return St;
}

void BodyRewriter::visitChildren(Stmt *St, DeclContext *DC) {
  if (!St || Failed)
    return;
  if (auto *CS = dyn_cast<CapturedStmt>(St)) {
    // The body of an outlined region has its own declaration context.
    Stmt *Body = CS->getCapturedStmt();
    Stmt *New = visitSlot(Body, CS->getCapturedDecl());
    if (New != Body && !replaceCapturedBody(CS, New))
      Failed = true; // cannot happen with clang 19's layout
    return;
  }
  if (auto *LE = dyn_cast<LambdaExpr>(St)) {
    CXXMethodDecl *Op = LE->getCallOperator();
    // A generic lambda's pattern is instrumented per instantiation.
    if (!Op || Op->isDependentContext() || !Done.insert(Op).second)
      return;
    visitChildren(LE->getBody(), Op);
    return;
  }
  if (isa<BlockExpr>(St))
    return;
  for (Stmt *&Child : St->children())
    if (Child)
      Child = visitSlot(Child, DC);
}

void BodyRewriter::visitDirectiveBody(OMPExecutableDirective *D,
                                      DeclContext *DC) {
  for (Stmt *&Child : D->children())
    if (Child)
      Child = visitSlot(Child, DC);
}

Stmt *BodyRewriter::enterCall(OMPExecutableDirective *D, DeclContext *DC,
                              VarDecl *Site, const std::vector<MapItem> &Maps,
                              llvm::SmallVectorImpl<Stmt *> &Hoisted) {
  SourceLocation Loc = D->getBeginLoc();
  ConstructKind K = classifyDirective(compat::emittedDirectiveKind(*D));
  if (K.Kind != Shape::DeviceRegion && K.Kind != Shape::DeviceData)
    return Hooks.pointCall(Site, OMPT_INST_ENTER, Loc);
  Expr *Device = nullptr, *If = nullptr;
  {
    Sema::SFINAETrap Trap(S); // an error here only makes the values unknown
    Device = Values.device(*D, DC);
    If = Values.ifValue(*D, DC);
    if (Trap.hasErrorOccurred())
      Device = If = nullptr;
  }
  // Clang evaluates map clauses only where it generates the mapping: with
  // offload targets, and there only when the if() clause holds. A hoisted
  // bound is evaluated under the same if() value (a macro that expands to
  // `if(target: cond)` beside `p[:buf.N()]`, as CloverLeaf writes); an if()
  // whose condition cannot be evaluated twice leaves the bound in place.
  bool HasIf = !D->getClausesOfKind<OMPIfClause>().empty();
  bool Hoist = Opts.Maps && !S.getLangOpts().OMPTargetTriples.empty() && (!HasIf || If);
  std::vector<MapExtent> Extents;
  for (const MapItem &M : Maps) {
    if (Hoist && !M.Implicit)
      Values.hoistSectionBounds(M.Item, DC, Site, Loc, Hoisted, HasIf ? If : nullptr);
    Extents.push_back(!Opts.Maps   ? MapExtent()
                      : M.Pointee ? Values.pointeeExtent(M.Item, DC, Loc)
                                  : Values.extent(M.Item, DC, Loc));
  }
  return Hooks.targetEnterCall(DC, Site, Device, If, Extents, Loc);
}

// Puts { [static site;] guard(END); BEGIN; body } in place of the body, or
// { [static site;] BEGIN; body; END } without cleanups.
bool BodyRewriter::insertBeginEnd(OMPExecutableDirective *D, VarDecl *Site,
                                  bool DeclareSiteInside, DeclContext *DC) {
  SourceLocation Loc = D->getBeginLoc();
  Stmt **Slot = nullptr;
  DeclContext *BodyDC = DC;
  CapturedStmt *Captured = nullptr;
  if (D->hasAssociatedStmt() && isa<CapturedStmt>(D->getAssociatedStmt())) {
    Captured = D->getInnermostCapturedStmt();
    BodyDC = Captured->getCapturedDecl();
  } else {
    for (Stmt *&Child : D->children())
      Slot = &Child;
  }
  Stmt *Body = Captured ? Captured->getCapturedStmt() : (Slot ? *Slot : nullptr);
  if (!Body)
    return false;
  if (DeclareSiteInside)
    Site->setDeclContext(BodyDC);
  llvm::SmallVector<Stmt *, 4> Stmts;
  if (DeclareSiteInside)
    Stmts.push_back(Hooks.declStmt(Site, Loc));
  Expr *Begin = Hooks.pointCall(Site, OMPT_INST_BEGIN, Loc);
  Expr *End = Hooks.pointCall(Site, OMPT_INST_END, Loc);
  if (!Begin || !End)
    return false;
  if (UseCleanups)
    Stmts.push_back(Hooks.declStmt(
        Hooks.closingGuard(BodyDC, Site, /*IsEnd=*/true, Loc), Loc));
  Stmts.push_back(Begin);
  Stmts.push_back(Body);
  if (!UseCleanups)
    Stmts.push_back(End);
  CompoundStmt *New = Hooks.compound(Stmts, Loc);
  if (Captured) {
    if (!replaceCapturedBody(Captured, New))
      return false;
  } else
    *Slot = New;
  return true;
}

Stmt *BodyRewriter::instrument(OMPExecutableDirective *D, DeclContext *DC) {
  OpenMPDirectiveKind DK = compat::emittedDirectiveKind(*D);
  ConstructKind K = classifyDirective(DK);
  StringRef Name = writtenConstructName(*D);
  if (compat::emitsNoCode(D->getDirectiveKind()))
    note(D->getBeginLoc(),
         "clang " + std::to_string(CLANG_VERSION_MAJOR) + " emits no code for this '" +
             Name.str() +
             "': its statement never runs, with or without ompt-inst (a clang bug: write "
             "the constructs it combines, such as 'parallel' and 'for', or use a newer clang)");
  if (K.Kind == Shape::Unknown) {
    if (Opts.WarnUnknown)
      note(D->getBeginLoc(), ("'" + Name + "' is not instrumented").str());
    return D;
  }
  bool Fatal = false;
  if ((DK == llvm::omp::OMPD_atomic && !Opts.Atomic) ||
      (DK == llvm::omp::OMPD_simd && !Opts.Simd &&
       !compat::isLoopWithoutRuntimeCalls(*D)) ||
      (compat::isErrorDirective(DK) && !compat::isRuntimeErrorDirective(*D, &Fatal)))
    return D;
  SitePosition Position = sitePosition(*D, S.getSourceManager());
  if (K.VisitBody)
    visitDirectiveBody(D, DC);
  if (Failed)
    return D;
  if (!Ready && !(Ready = Hooks.findInjectedDecls())) {
    Failed = true;
    note(D->getBeginLoc(), "hook declarations not found; nothing instrumented");
    return D;
  }
  ASTContext &Ctx = S.getASTContext();
  SourceLocation Loc = D->getBeginLoc();
  std::vector<MapItem> Maps;
  if (K.Kind == Shape::DeviceRegion || K.Kind == Shape::DeviceData)
    Maps = collectMapItems(*D, Ctx);
  VarDecl *Site = Hooks.siteVariable(DC, siteDescriptor(*D, Position, DC, Maps, Ctx), Loc);
  ++Instrumented;

  if (K.Kind == Shape::Section) {
    if (insertBeginEnd(D, Site, /*DeclareSiteInside=*/true, DC) && Opts.Remarks)
      note(Loc, "section: BEGIN/END");
    return D;
  }
  if ((K.Kind == Shape::Fork || K.Kind == Shape::Masked) &&
      !insertBeginEnd(D, Site, false, DC))
    return D;
  llvm::SmallVector<Stmt *, 8> Stmts{Hooks.declStmt(Site, Loc)};
  Stmt *Enter = enterCall(D, DC, Site, Maps, Stmts);
  Expr *Exit = K.HasExit ? Hooks.pointCall(Site, OMPT_INST_EXIT, Loc) : nullptr;
  if (!Enter || (K.HasExit && !Exit)) {
    if (Stmts.size() == 1)
      return D;
    Stmts.push_back(D); // D reads the hoisted bounds: keep their declarations
    return Hooks.compound(Stmts, Loc);
  }
  if (K.HasExit && UseCleanups)
    Stmts.push_back(Hooks.declStmt(
        Hooks.closingGuard(DC, Site, /*IsEnd=*/false, Loc), Loc));
  Stmts.push_back(Enter);
  Stmts.push_back(D);
  if (K.HasExit && !UseCleanups)
    Stmts.push_back(Exit);
  if (Opts.Remarks)
    note(Loc, (Name + (K.Kind == Shape::Fork || K.Kind == Shape::Masked
                           ? ": ENTER/EXIT, BEGIN/END"
                       : K.HasExit           ? ": ENTER/EXIT"
                                             : ": ENTER"))
                  .str());
  return Hooks.compound(Stmts, Loc);
}

} // namespace ompt_inst
