#include "WrittenItems.h"

#include "ClangCompat.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ompt_inst {

namespace {

// What an expression designates storage of: a variable, `this`, or
// nothing known (null, Unknown set).
struct Root {
  const ValueDecl *Var = nullptr;
  bool This = false;
  bool Unknown = false;
};

Root rootOf(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return Root{DRE->getDecl(), false, false};
    if (isa<CXXThisExpr>(E))
      return Root{nullptr, true, false};
    if (const auto *AS = dyn_cast<compat::ArraySectionExpr>(E))
      E = AS->getBase();
    else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase()->getType()->isPointerType() ||
                  ASE->getBase()->getType()->isArrayType()
              ? ASE->getBase()
              : ASE->getIdx(); // 3[a]
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E);
             BO && BO->isAdditiveOp())
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      Root R = rootOf(CO->getTrueExpr());
      return R.Unknown ? R : (R = rootOf(CO->getFalseExpr()), R.Unknown ? R : Root{nullptr, false, true});
    } else
      break;
  }
  return Root{nullptr, false, true};
}

// A type through which a callee or a new name could write what E designates.
bool letsWrite(QualType T) {
  if (T->isReferenceType())
    return !T->getPointeeType().isConstQualified();
  if (T->isPointerType())
    return !T->getPointeeType().isConstQualified();
  return false;
}

class WriteFinder {
public:
  llvm::SmallPtrSet<const ValueDecl *, 8> Vars;
  llvm::SmallPtrSet<const DeclContext *, 8> Regions; // outlined bodies inside
  bool This = false, Unknown = false;

  bool declaredInside(const VarDecl *Var) const {
    for (const DeclContext *DC = Var->getDeclContext(); DC; DC = DC->getParent())
      if (Regions.count(DC))
        return true;
    return false;
  }

  void written(const Expr *E) {
    Root R = rootOf(E);
    if (R.Var)
      Vars.insert(R.Var);
    This |= R.This;
    Unknown |= R.Unknown;
  }

  void clauses(const OMPExecutableDirective &D) {
    for (const OMPClause *C : D.clauses()) {
      if (const auto *RC = dyn_cast<OMPReductionClause>(C))
        for (const Expr *E : compat::varList(RC))
          written(E);
      else if (const auto *LC = dyn_cast<OMPLastprivateClause>(C))
        for (const Expr *E : compat::varList(LC))
          written(E);
      else if (const auto *LinC = dyn_cast<OMPLinearClause>(C))
        for (const Expr *E : compat::varList(LinC))
          written(E);
    }
  }

  void visit(const Stmt *S) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      Regions.insert(CS->getCapturedDecl());
      visit(CS->getCapturedStmt());
      return;
    }
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      clauses(*D);
      if (D->hasAssociatedStmt())
        visit(D->getAssociatedStmt());
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        written(BO->getLHS());
        if (letsWrite(BO->getRHS()->getType()))
          written(BO->getRHS()); // a new alias
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        written(UO->getSubExpr());
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      for (const Expr *Arg : CE->arguments())
        if (letsWrite(Arg->IgnoreImpCasts()->getType()) ||
            letsWrite(Arg->getType()))
          written(Arg);
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
        if (const auto *MD = MC->getMethodDecl(); MD && !MD->isConst())
          written(MC->getImplicitObjectArgument());
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
          OC && OC->getNumArgs() > 0 && OC->isAssignmentOp())
        written(OC->getArg(0));
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *Dcl : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dcl))
          if (VD->getInit() && letsWrite(VD->getType()))
            written(VD->getInit()); // an alias
    }
    for (const Stmt *Child : S->children())
      visit(Child);
  }
};

} // namespace

std::string writtenItems(const OMPExecutableDirective &D,
                         const std::vector<MapItem> &Maps) {
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()) ||
      !D.hasAssociatedStmt())
    return "";
  WriteFinder F;
  F.clauses(D);
  F.visit(D.getAssociatedStmt());
  std::string Out;
  llvm::SmallPtrSet<const ValueDecl *, 8> Named;
  bool ThisNamed = false;
  for (size_t I = 0; I < Maps.size(); ++I) {
    Root R = rootOf(Maps[I].Item);
    Named.insert(R.Var);
    ThisNamed |= R.This;
    if ((R.Var && F.Vars.count(R.Var)) || (R.This && F.This) || R.Unknown)
      Out += (Out.empty() ? "" : ",") + std::to_string(I + 1);
  }
  // Locals of the region are no variable of the host: only writes to what
  // was declared outside the construct count.
  bool Elsewhere = F.Unknown || (F.This && !ThisNamed);
  for (const ValueDecl *VD : F.Vars) {
    const auto *Var = dyn_cast<VarDecl>(VD);
    if (Named.count(VD) || !Var)
      continue;
    bool Inside = F.declaredInside(Var);
    // a scalar of the host is firstprivate in the region: its copy is not
    // the host's; a pointer's target is host memory the region may write
    if (!Inside && (Var->getType()->isPointerType() ||
                    Var->getType()->isArrayType() ||
                    Var->getType()->isReferenceType()))
      Elsewhere = true;
  }
  if (Elsewhere)
    Out = "*" + std::string(Out.empty() ? "" : ",") + Out;
  return Out.empty() ? "-" : Out;
}

} // namespace ompt_inst
