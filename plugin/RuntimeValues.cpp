#include "RuntimeValues.h"

#include "ClangCompat.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ompt_inst {

// A helper variable (.capture_expr.) that the directive itself initialises:
// it holds no value yet where ENTER runs.
static bool refersToCaptureHelper(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (isa<OMPCapturedExprDecl>(DRE->getDecl()))
      return true;
  for (const Stmt *Child : S->children())
    if (refersToCaptureHelper(Child))
      return true;
  return false;
}

// Whether a reference to VD written in DC goes through a capture (VD is a
// local of an enclosing function, region or lambda), as Sema marks it.
static bool isCaptureIn(const VarDecl *VD, const DeclContext *DC) {
  return VD->hasLocalStorage() && VD->getDeclContext() != DC;
}

// A reference built in another context than DC (clang builds implicit map
// items inside the target region): CodeGen would look for a capture.
static bool refersFromOtherContext(const Stmt *S, const DeclContext *DC) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (DRE->refersToEnclosingVariableOrCapture() != isCaptureIn(VD, DC))
        return true;
  for (const Stmt *Child : S->children())
    if (refersFromOtherContext(Child, DC))
      return true;
  return false;
}

Expr *RuntimeValues::reusable(Expr *E, DeclContext *DC) {
  if (!E)
    return nullptr;
  // A clause value clang moved into a helper: use the helper's initialiser.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *Helper = dyn_cast<OMPCapturedExprDecl>(DRE->getDecl()))
      return reusable(const_cast<Expr *>(Helper->getInit()), DC);
  // A plain variable referenced from the wrong context: refer to it anew.
  if (auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens()))
    if (auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (DRE->refersToEnclosingVariableOrCapture() != isCaptureIn(VD, DC))
        E = DeclRefExpr::Create(S.getASTContext(), NestedNameSpecifierLoc(),
                                SourceLocation(), VD, isCaptureIn(VD, DC),
                                DRE->getLocation(), DRE->getType(),
                                DRE->getValueKind());
  if (E->HasSideEffects(S.getASTContext()) || refersToCaptureHelper(E) ||
      refersFromOtherContext(E, DC) || E->isTypeDependent() ||
      E->isValueDependent())
    return nullptr;
  return E;
}

Expr *RuntimeValues::device(const OMPExecutableDirective &D, DeclContext *DC) {
  const auto *C = D.getSingleClause<OMPDeviceClause>();
  if (!C)
    return nullptr;
  Expr *E = reusable(C->getDevice(), DC);
  if (!E)
    return nullptr;
  ExprResult R = S.DefaultLvalueConversion(E);
  return R.isInvalid() ? nullptr : R.get();
}

Expr *RuntimeValues::ifValue(const OMPExecutableDirective &D,
                             DeclContext *DC) {
  for (const auto *C : D.getClausesOfKind<OMPIfClause>()) {
    OpenMPDirectiveKind Mod = C->getNameModifier();
    if (Mod != llvm::omp::OMPD_unknown &&
        !isOpenMPTargetExecutionDirective(Mod) &&
        !isOpenMPTargetDataManagementDirective(Mod))
      continue; // if(parallel: ...) of a combined construct
    Expr *E = reusable(C->getCondition(), DC);
    if (!E)
      return nullptr;
    SourceLocation Loc = D.getBeginLoc();
    ExprResult Not = S.CreateBuiltinUnaryOp(Loc, UO_LNot, E);
    if (Not.isInvalid())
      return nullptr;
    ExprResult NotNot = S.CreateBuiltinUnaryOp(Loc, UO_LNot, Not.get());
    return NotNot.isInvalid() ? nullptr : NotNot.get();
  }
  return nullptr;
}

// A side-effecting bound that is safe to move before the directive: an
// integer whose expression names nothing the directive itself sets up.
Expr *RuntimeValues::hoisted(Expr *Bound, DeclContext *DC, const VarDecl *Site,
                             SourceLocation Loc, llvm::SmallVectorImpl<Stmt *> &Decls,
                             Expr *When) {
  ASTContext &Ctx = S.getASTContext();
  if (!Bound || !Bound->HasSideEffects(Ctx) || Bound->isTypeDependent() ||
      Bound->isValueDependent() || refersToCaptureHelper(Bound) ||
      refersFromOtherContext(Bound, DC))
    return nullptr;
  ExprResult Value = S.DefaultLvalueConversion(Bound);
  if (Value.isInvalid() ||
      !Value.get()->getType()->isIntegralOrEnumerationType())
    return nullptr;
  if (When) {
    Expr *Zero = Hooks.unsignedLongLongLiteral(0, Loc);
    Value = S.ActOnConditionalOp(Loc, Loc, When, Value.get(), Zero);
    if (Value.isInvalid())
      return nullptr;
  }
  VarDecl *Local = Hooks.localValue(DC, Site, "_bound" + std::to_string(HoistedCount++),
                                    Value.get(), Loc);
  Decls.push_back(Hooks.declStmt(Local, Loc));
  ExprResult Read = S.DefaultLvalueConversion(Hooks.reference(Local, Loc));
  return Read.isInvalid() ? nullptr : Read.get();
}

void RuntimeValues::hoistSectionBounds(Expr *Item, DeclContext *DC,
                                       const VarDecl *Site, SourceLocation Loc,
                                       llvm::SmallVectorImpl<Stmt *> &Decls, Expr *When) {
  // An error while building these only leaves the bound where it was.
  Sema::SFINAETrap Trap(S);
  for (auto *AS = dyn_cast_or_null<compat::ArraySectionExpr>(
           Item ? Item->IgnoreParens() : nullptr);
       AS; AS = dyn_cast<compat::ArraySectionExpr>(AS->getBase()->IgnoreParens())) {
    size_t Before = Decls.size();
    Expr *Lower = hoisted(AS->getLowerBound(), DC, Site, Loc, Decls, When);
    Expr *Length = hoisted(AS->getLength(), DC, Site, Loc, Decls, When);
    if (Trap.hasErrorOccurred()) { // leave this section as it was
      Decls.resize(Before);
      return;
    }
    // the slots hold what was read just above: replacing cannot fail
    if (Lower)
      compat::replaceSectionBound(AS, compat::SectionBound::Lower,
                                  AS->getLowerBound(), Lower);
    if (Length)
      compat::replaceSectionBound(AS, compat::SectionBound::Length,
                                  AS->getLength(), Length);
  }
}

// a[l:n][m:k] -> a[l][m] (a missing lower bound is 0).
Expr *RuntimeValues::elementOf(Expr *Item, SourceLocation Loc) {
  auto *AS = dyn_cast<compat::ArraySectionExpr>(Item->IgnoreParens());
  if (!AS)
    return Item;
  Expr *Base = elementOf(AS->getBase(), Loc);
  if (!Base)
    return nullptr;
  Expr *Lower = AS->getLowerBound();
  if (!Lower)
    Lower = Hooks.unsignedLongLongLiteral(0, Loc);
  ExprResult R = S.CreateBuiltinArraySubscriptExpr(Base, Loc, Lower, Loc);
  return R.isInvalid() ? nullptr : R.get();
}

// Number of elements of a section: the product of its lengths (a missing
// length is the rest of a constant-size dimension).
Expr *RuntimeValues::countOf(Expr *Item, SourceLocation Loc) {
  auto *AS = dyn_cast<compat::ArraySectionExpr>(Item->IgnoreParens());
  if (!AS)
    return Hooks.unsignedLongLongLiteral(1, Loc);
  ASTContext &Ctx = S.getASTContext();
  Expr *Length = AS->getLength() ? Hooks.unsignedLongLong(AS->getLength()) : nullptr;
  if (!AS->getLength()) {
    QualType BaseTy = compat::ArraySectionExpr::getBaseOriginalType(AS->getBase());
    const auto *CAT = Ctx.getAsConstantArrayType(BaseTy);
    if (!CAT)
      return nullptr;
    Length = Hooks.unsignedLongLongLiteral(compat::elementCount(*CAT), Loc);
    if (AS->getLowerBound()) {
      Expr *Lower = Hooks.unsignedLongLong(AS->getLowerBound());
      if (!Lower)
        return nullptr;
      Length = S.CreateBuiltinBinOp(Loc, BO_Sub, Length, Lower).get();
    }
  }
  Expr *Outer = countOf(AS->getBase(), Loc);
  if (!Length || !Outer)
    return nullptr;
  ExprResult R = S.CreateBuiltinBinOp(Loc, BO_Mul, Outer, Length);
  return R.isInvalid() ? nullptr : R.get();
}

MapExtent RuntimeValues::extent(Expr *Item, DeclContext *DC,
                                SourceLocation Loc) {
  // An error while building these expressions must not fail the user's
  // compile: it only makes this item's values unknown.
  Sema::SFINAETrap Trap(S);
  MapExtent Out = build(Item, DC, Loc);
  if (Trap.hasErrorOccurred())
    return MapExtent();
  return Out;
}

MapExtent RuntimeValues::pointeeExtent(Expr *Pointer, DeclContext *DC,
                                       SourceLocation Loc) {
  Sema::SFINAETrap Trap(S);
  MapExtent Out;
  Expr *Item = reusable(Pointer, DC);
  ExprResult Value = Item ? S.DefaultLvalueConversion(Item) : ExprError();
  if (Value.isInvalid() || Trap.hasErrorOccurred())
    return MapExtent();
  Out.Addr = Value.get();
  Out.Bytes = Hooks.unsignedLongLongLiteral(0, Loc);
  return Out;
}

MapExtent RuntimeValues::build(Expr *Item, DeclContext *DC,
                               SourceLocation Loc) {
  MapExtent Out;
  Item = reusable(Item, DC);
  if (!Item)
    return Out;
  Expr *Element = elementOf(Item, Loc);
  if (!Element || !Element->isLValue())
    return Out;
  QualType ElemTy = Element->getType();
  ASTContext &Ctx = S.getASTContext();
  if (ElemTy->isIncompleteType() || !ElemTy->isConstantSizeType())
    return Out;
  Expr *Count = countOf(Item, Loc);
  if (!Count)
    return Out;
  ExprResult Addr = S.CreateBuiltinUnaryOp(Loc, UO_AddrOf, Element);
  if (Addr.isInvalid())
    return Out;
  uint64_t ElemSize = Ctx.getTypeSizeInChars(ElemTy).getQuantity();
  ExprResult Bytes = S.CreateBuiltinBinOp(
      Loc, BO_Mul, Count, Hooks.unsignedLongLongLiteral(ElemSize, Loc));
  if (Bytes.isInvalid())
    return Out;
  Out.Addr = Addr.get();
  Out.Bytes = Bytes.get();
  return Out;
}

} // namespace ompt_inst
