#include "MapItems.h"

#include "ClangCompat.h"
#include "SourceText.h"

#include "ompt-inst/descriptor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ompt_inst {

std::string expressionText(const Expr *E, const ASTContext &Ctx) {
  std::string Text = writtenText(E->getSourceRange(), Ctx);
  if (Text.empty()) { // from a macro or _Pragma: print the expression
    llvm::raw_string_ostream OS(Text);
    E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  }
  return singleLine(Text);
}

static std::string printedText(const Expr *E, const ASTContext &Ctx) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return singleLine(Text);
}

static std::string joinModifiers(const std::vector<std::string> &Mods) {
  if (Mods.empty())
    return OMPT_INST_MAP_NO_MODIFIERS;
  std::string Out;
  for (const std::string &M : Mods)
    Out += (Out.empty() ? "" : ",") + M;
  return Out;
}

static std::string mapperText(const DeclarationNameInfo &Id) {
  return "mapper(" + Id.getName().getAsString() + ")";
}

static void addItems(std::vector<MapItem> &Out, ArrayRef<const Expr *> Items,
                     StringRef Type, const std::string &Modifiers,
                     bool Implicit, const ASTContext &Ctx) {
  for (const Expr *E : Items) {
    MapItem M;
    M.Type = Type.str();
    M.Modifiers = Modifiers;
    M.Implicit = Implicit;
    // clang places an implicit item at the construct's statement, whose
    // text is not the item's: print the expression itself
    M.Text = Implicit ? printedText(E, Ctx) : expressionText(E, Ctx);
    M.Item = const_cast<Expr *>(E);
    Out.push_back(std::move(M));
  }
}

template <typename MotionClause>
static void addMotionItems(std::vector<MapItem> &Out, const MotionClause *C,
                           StringRef Type, const ASTContext &Ctx) {
  std::vector<std::string> Mods;
  for (OpenMPMotionModifierKind K : C->getMotionModifiers()) {
    if (K == OMPC_MOTION_MODIFIER_present)
      Mods.push_back("present");
    else if (K == OMPC_MOTION_MODIFIER_mapper)
      Mods.push_back(mapperText(C->getMapperIdInfo()));
  }
  llvm::SmallVector<const Expr *, 8> Items(C->varlist_begin(), C->varlist_end());
  addItems(Out, Items, Type, joinModifiers(Mods), C->isImplicit(), Ctx);
}

static const ValueDecl *namedDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
}

static bool mapsDecl(const std::vector<MapItem> &Items, const ValueDecl *VD) {
  for (const MapItem &M : Items)
    if (namedDecl(M.Item) == VD)
      return true;
  return false;
}

// Printed: E comes from a clause clang added, placed where the variable is
// used, whose source text is not the item's.
// The variable an item's storage belongs to: `a` of a[0:n], s.p[0:n],
// x[i].y, or the item itself.
static const ValueDecl *baseDecl(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<compat::ArraySectionExpr>(E))
      E = AS->getBase();
    else if (const auto *AE = dyn_cast<ArraySubscriptExpr>(E))
      E = AE->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? DRE->getDecl() : nullptr;
}

static bool mapsBaseOf(const std::vector<MapItem> &Items, const ValueDecl *VD) {
  for (const MapItem &M : Items)
    if (baseDecl(M.Item) == VD)
      return true;
  return false;
}

static void addImplied(std::vector<MapItem> &Out, const Expr *E, StringRef Type,
                       const ASTContext &Ctx, bool Printed = false) {
  MapItem M;
  M.Type = Type.str();
  M.Modifiers = "-";
  M.Implicit = true;
  M.Text = Printed ? printedText(E, Ctx) : expressionText(E, Ctx);
  M.Item = const_cast<Expr *>(E);
  Out.push_back(std::move(M));
}

// Whether the runtime copies a firstprivate variable of this type into a
// device allocation of its own (arrays and structures) rather than passing
// its value with the kernel's arguments (scalars and pointers).
static bool firstprivateIsCopied(QualType T) {
  T = T.getNonReferenceType();
  return T->isArrayType() || T->isRecordType();
}

// A pointer the target region captures by copy although no clause maps
// it: clang passes the runtime its value with size 0, and the kernel gets
// the device address of the mapping that holds it (a zero-length section,
// `p[:0]`). Named, so that what the body writes through it is charged to
// that mapping, not to every copy of the device.
static void addPointee(std::vector<MapItem> &Out, VarDecl *VD, SourceLocation Loc,
                       const ASTContext &Ctx) {
  auto *Ref = DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), VD,
                                  /*RefersToEnclosingVariableOrCapture=*/false, Loc,
                                  VD->getType(), VK_LValue);
  MapItem M;
  M.Type = "tofrom";
  M.Modifiers = "-";
  M.Implicit = true;
  M.Pointee = true;
  M.Text = VD->getName().str() + "[:0]";
  M.Item = Ref;
  Out.push_back(std::move(M));
}

// A variable the target region captures by reference although no clause
// of the construct maps it (a combined construct's `shared(y)` with
// `defaultmap(tofrom)`: clang adds no implicit map clause there): the
// runtime maps it tofrom. Captures by copy are passed with the kernel's
// arguments, no data operation, except a pointer's (addPointee).
static void addCapturedByReference(std::vector<MapItem> &Out,
                                   const OMPExecutableDirective &D,
                                   const ASTContext &Ctx) {
  llvm::SmallVector<OpenMPDirectiveKind, 4> Regions;
  getOpenMPCaptureRegions(Regions, D.getDirectiveKind());
  if (!llvm::is_contained(Regions, llvm::omp::OMPD_target))
    return;
  const CapturedStmt *CS = D.getCapturedStmt(llvm::omp::OMPD_target);
  if (!CS)
    return;
  for (const CapturedStmt::Capture &C : CS->captures()) {
    if (C.capturesVariableByCopy()) {
      VarDecl *VD = C.getCapturedVar();
      if (VD->getType()->isPointerType() && !VD->getType()->isFunctionPointerType() &&
          !mapsBaseOf(Out, VD))
        addPointee(Out, VD, C.getLocation(), Ctx);
      continue;
    }
    if (!C.capturesVariable())
      continue;
    VarDecl *VD = C.getCapturedVar();
    if (mapsBaseOf(Out, VD))
      continue;
    auto *Ref = DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), VD,
                                    /*RefersToEnclosingVariableOrCapture=*/false,
                                    C.getLocation(), VD->getType(), VK_LValue);
    addImplied(Out, Ref, "tofrom", Ctx, /*Printed=*/true);
  }
}

// What the runtime maps without a map clause naming it, so that its data
// operations get a name too:
//  - the pointer of a member section (`s.p[0:n]`, `this->p[0:n]`): the
//    runtime allocates the member in the device copy and attaches the
//    section to it;
//  - a reduction variable of a target construct, mapped tofrom;
//  - a firstprivate array or structure of a target construct (written or
//    implied by `defaultmap(firstprivate)`), copied `to` a private device
//    copy (from the variable when it has 1 KiB or more; a smaller one
//    travels in a buffer of the runtime's, whose operations stay unnamed);
//  - a variable the target region captures by reference otherwise.
static void addImpliedItems(std::vector<MapItem> &Out,
                            const OMPExecutableDirective &D,
                            const ASTContext &Ctx) {
  size_t Explicit = Out.size();
  for (size_t I = 0; I < Explicit; ++I) {
    const Expr *Base = Out[I].Item->IgnoreParens();
    while (const auto *AS = dyn_cast<compat::ArraySectionExpr>(Base))
      Base = AS->getBase()->IgnoreParenImpCasts();
    if (Base == Out[I].Item->IgnoreParens())
      continue; // not a section
    const auto *ME = dyn_cast<MemberExpr>(Base);
    if (ME && ME->getType()->isPointerType() && !mapsDecl(Out, ME->getMemberDecl()))
      addImplied(Out, ME,
                 D.getDirectiveKind() == llvm::omp::OMPD_target_exit_data
                     ? "release"
                     : "alloc",
                 Ctx);
  }
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()))
    return;
  auto addUnmapped = [&](const OMPClause *C, const Expr *E, StringRef Type) {
    if (const ValueDecl *VD = namedDecl(E); VD && !mapsDecl(Out, VD))
      addImplied(Out, E, Type, Ctx, C->isImplicit());
  };
  for (const auto *C : D.getClausesOfKind<OMPReductionClause>())
    for (const Expr *E : compat::varList(C))
      addUnmapped(C, E, "tofrom");
  for (const auto *C : D.getClausesOfKind<OMPFirstprivateClause>())
    for (const Expr *E : compat::varList(C))
      if (firstprivateIsCopied(E->getType()))
        addUnmapped(C, E, "to");
  addCapturedByReference(Out, D, Ctx);
}

std::vector<MapItem> collectMapItems(const OMPExecutableDirective &D,
                                     const ASTContext &Ctx) {
  std::vector<MapItem> Out;
  for (const OMPClause *Clause : D.clauses()) {
    if (const auto *C = dyn_cast<OMPMapClause>(Clause)) {
      std::vector<std::string> Mods;
      for (OpenMPMapModifierKind K : C->getMapTypeModifiers()) {
        switch (K) {
        case OMPC_MAP_MODIFIER_always:
          Mods.push_back(OMPT_INST_MAP_ALWAYS);
          break;
        case OMPC_MAP_MODIFIER_close:
          Mods.push_back("close");
          break;
        case OMPC_MAP_MODIFIER_present:
          Mods.push_back("present");
          break;
        case OMPC_MAP_MODIFIER_mapper:
          Mods.push_back(mapperText(C->getMapperIdInfo()));
          break;
        default: // unknown slots, ompx_hold, iterator
          break;
        }
      }
      StringRef Type = getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map, C->getMapType());
      llvm::SmallVector<const Expr *, 8> Items(C->varlist_begin(),
                                               C->varlist_end());
      addItems(Out, Items, Type, joinModifiers(Mods), C->isImplicit(), Ctx);
    } else if (const auto *C = dyn_cast<OMPToClause>(Clause)) {
      addMotionItems(Out, C, OMPT_INST_MAP_TO, Ctx);
    } else if (const auto *C = dyn_cast<OMPFromClause>(Clause)) {
      addMotionItems(Out, C, OMPT_INST_MAP_FROM, Ctx);
    }
  }
  if (D.getDirectiveKind() != llvm::omp::OMPD_target_update)
    addImpliedItems(Out, D, Ctx);
  return Out;
}

} // namespace ompt_inst
