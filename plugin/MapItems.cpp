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

static void addImplied(std::vector<MapItem> &Out, const Expr *E, StringRef Type,
                       const ASTContext &Ctx) {
  MapItem M;
  M.Type = Type.str();
  M.Modifiers = "-";
  M.Implicit = true;
  M.Text = expressionText(E, Ctx);
  M.Item = const_cast<Expr *>(E);
  Out.push_back(std::move(M));
}

// What the runtime maps without a map clause naming it, so that its data
// operations get a name too:
//  - the pointer of a member section (`s.p[0:n]`, `this->p[0:n]`): the
//    runtime allocates the member in the device copy and attaches the
//    section to it;
//  - a reduction variable of a target construct, mapped tofrom.
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
  for (const auto *C : D.getClausesOfKind<OMPReductionClause>())
    for (const Expr *E : C->varlists())
      if (const ValueDecl *VD = namedDecl(E); VD && !mapsDecl(Out, VD))
        addImplied(Out, E, "tofrom", Ctx);
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
