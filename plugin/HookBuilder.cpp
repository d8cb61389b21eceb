#include "HookBuilder.h"

#include "ClangCompat.h"
#include "ompt-inst/hooks.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ompt_inst {

HookBuilder::HookBuilder(Sema &S, bool InlineHooks)
    : S(S), Ctx(S.getASTContext()), InlineHooks(InlineHooks) {}

static FunctionDecl *lookupFunction(ASTContext &Ctx, StringRef Name) {
  for (NamedDecl *ND :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
    if (auto *FD = dyn_cast<FunctionDecl>(ND))
      return FD->getDefinition() ? FD->getDefinition() : FD;
  return nullptr;
}

bool HookBuilder::findInjectedDecls() {
  if (!SiteType.isNull())
    return true;
  for (NamedDecl *ND :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("ompt_inst_site")))
    if (auto *TD = dyn_cast<TypedefNameDecl>(ND))
      SiteType = Ctx.getTypedefType(TD);
  PointFn = lookupFunction(Ctx, InlineHooks ? "__ompt_inst_point_inline"
                                             : "__ompt_inst_point");
  TargetEnterFn = lookupFunction(Ctx, "__ompt_inst_target_enter");
  ExitCleanupFn = lookupFunction(Ctx, "__ompt_inst_exit_cleanup");
  EndCleanupFn = lookupFunction(Ctx, "__ompt_inst_end_cleanup");
  if (SiteType.isNull() || !PointFn || !TargetEnterFn || !ExitCleanupFn ||
      !EndCleanupFn) {
    SiteType = QualType();
    return false;
  }
  return true;
}

IdentifierInfo *HookBuilder::uniqueName(StringRef Prefix) {
  return &Ctx.Idents.get((Prefix + "_" + Twine(++Counter)).str());
}

Expr *HookBuilder::refTo(ValueDecl *D, SourceLocation Loc) {
  ExprValueKind VK = VK_LValue;
  if (isa<FunctionDecl>(D) && !Ctx.getLangOpts().CPlusPlus)
    VK = VK_PRValue; // functions are r-values in C
  D->setReferenced();
  D->markUsed(Ctx);
  return DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                             D, /*RefersToEnclosingVariableOrCapture=*/false,
                             Loc, D->getType(), VK);
}

Expr *HookBuilder::addressOf(VarDecl *Site, SourceLocation Loc) {
  return UnaryOperator::Create(Ctx, refTo(Site, Loc), UO_AddrOf,
                               Ctx.getPointerType(Site->getType()), VK_PRValue,
                               OK_Ordinary, Loc, false, FPOptionsOverride());
}

Expr *HookBuilder::intLiteral(int64_t Value, SourceLocation Loc) {
  Expr *Lit = IntegerLiteral::Create(
      Ctx, llvm::APInt(Ctx.getIntWidth(Ctx.IntTy), Value < 0 ? -Value : Value),
      Ctx.IntTy, Loc);
  if (Value >= 0)
    return Lit;
  return UnaryOperator::Create(Ctx, Lit, UO_Minus, Ctx.IntTy, VK_PRValue,
                               OK_Ordinary, Loc, false, FPOptionsOverride());
}

Expr *HookBuilder::unsignedLongLongLiteral(uint64_t Value, SourceLocation Loc) {
  return IntegerLiteral::Create(
      Ctx, llvm::APInt(Ctx.getIntWidth(Ctx.UnsignedLongLongTy), Value),
      Ctx.UnsignedLongLongTy, Loc);
}

Expr *HookBuilder::constVoidPointer(Expr *Pointer) {
  QualType T = Ctx.getPointerType(Ctx.VoidTy.withConst());
  return S.ImpCastExprToType(Pointer, T, CK_BitCast).get();
}

Expr *HookBuilder::unsignedLongLong(Expr *Integer) {
  ExprResult R = S.DefaultLvalueConversion(Integer);
  if (R.isInvalid())
    return nullptr;
  if (!R.get()->getType()->isIntegerType())
    return nullptr;
  return S.ImpCastExprToType(R.get(), Ctx.UnsignedLongLongTy, CK_IntegralCast)
      .get();
}

Expr *HookBuilder::call(FunctionDecl *Fn, ArrayRef<Expr *> Args,
                        SourceLocation Loc) {
  llvm::SmallVector<Expr *, 16> Mutable(Args.begin(), Args.end());
  ExprResult R = S.BuildCallExpr(nullptr, refTo(Fn, Loc), Loc, Mutable, Loc);
  return R.isInvalid() ? nullptr : R.get();
}

VarDecl *HookBuilder::siteVariable(DeclContext *DC, StringRef Descriptor,
                                   SourceLocation Loc) {
  auto *VD = VarDecl::Create(Ctx, DC, Loc, Loc, uniqueName("__ompt_inst_site"),
                             SiteType, Ctx.getTrivialTypeSourceInfo(SiteType, Loc),
                             SC_Static);
  // {abi, id, descriptor}: built directly with the field types, so the
  // initialiser is a constant without going through Sema's init checks.
  const RecordDecl *RD = SiteType->getAsRecordDecl();
  llvm::SmallVector<Expr *, 3> Inits;
  auto Field = RD->field_begin();
  QualType AbiTy = Field->getType();
  Inits.push_back(IntegerLiteral::Create(
      Ctx, llvm::APInt(Ctx.getIntWidth(AbiTy), OMPT_INST_HOOK_ABI), AbiTy, Loc));
  ++Field;
  QualType IdTy = Field->getType();
  Inits.push_back(
      IntegerLiteral::Create(Ctx, llvm::APInt(Ctx.getIntWidth(IdTy), 0), IdTy, Loc));
  ++Field;
  QualType CharTy = Ctx.getLangOpts().CPlusPlus ? Ctx.CharTy.withConst() : Ctx.CharTy;
  auto *Str = compat::ordinaryStringLiteral(
      Ctx, Descriptor, Ctx.getStringLiteralArrayType(Ctx.CharTy, Descriptor.size()), Loc);
  Expr *Decayed =
      ImplicitCastExpr::Create(Ctx, Ctx.getPointerType(CharTy),
                               CK_ArrayToPointerDecay, Str, nullptr,
                               VK_PRValue, FPOptionsOverride());
  if (!Ctx.getLangOpts().CPlusPlus)
    Decayed = ImplicitCastExpr::Create(Ctx, Field->getType(), CK_NoOp, Decayed,
                                       nullptr, VK_PRValue, FPOptionsOverride());
  Inits.push_back(Decayed);
  auto *Init = new (Ctx) InitListExpr(Ctx, Loc, Inits, Loc);
  Init->setType(SiteType);
  VD->setInit(Init);
  VD->setInitStyle(VarDecl::CInit);
  return VD;
}

VarDecl *HookBuilder::closingGuard(DeclContext *DC, VarDecl *Site, bool IsEnd,
                                   SourceLocation Loc) {
  QualType T = Ctx.getPointerType(SiteType);
  auto *VD = VarDecl::Create(Ctx, DC, Loc, Loc, uniqueName("__ompt_inst_guard"),
                             T, Ctx.getTrivialTypeSourceInfo(T, Loc), SC_None);
  VD->setInit(addressOf(Site, Loc));
  VD->setInitStyle(VarDecl::CInit);
  FunctionDecl *Cleanup = IsEnd ? EndCleanupFn : ExitCleanupFn;
  Cleanup->setReferenced();
  Cleanup->markUsed(Ctx);
  VD->addAttr(CleanupAttr::CreateImplicit(Ctx, Cleanup, SourceRange(Loc)));
  VD->setReferenced();
  VD->markUsed(Ctx);
  return VD;
}

Expr *HookBuilder::pointCall(VarDecl *Site, unsigned Point, SourceLocation Loc) {
  Expr *Args[] = {addressOf(Site, Loc), intLiteral(Point, Loc)};
  return call(PointFn, Args, Loc);
}

Expr *HookBuilder::targetEnterCall(VarDecl *Site, Expr *Device, Expr *IfValue,
                                   ArrayRef<MapExtent> Items,
                                   SourceLocation Loc) {
  llvm::SmallVector<Expr *, 16> Args;
  Args.push_back(addressOf(Site, Loc));
  Args.push_back(Device ? Device : intLiteral(OMPT_INST_DEVICE_DEFAULT, Loc));
  Args.push_back(IfValue ? IfValue : intLiteral(OMPT_INST_IF_ABSENT, Loc));
  Args.push_back(intLiteral(Items.size(), Loc));
  for (const MapExtent &Item : Items) {
    Expr *Addr = Item.Addr ? constVoidPointer(Item.Addr) : nullptr;
    Expr *Bytes = Item.Bytes;
    if (!Addr || !Bytes) { // unknown: the shim gets a null address, 0 bytes
      Addr = constVoidPointer(S.ImpCastExprToType(intLiteral(0, Loc),
                                                  Ctx.VoidPtrTy,
                                                  CK_NullToPointer)
                                  .get());
      Bytes = unsignedLongLongLiteral(0, Loc);
    }
    Args.push_back(Addr);
    Args.push_back(Bytes);
  }
  return call(TargetEnterFn, Args, Loc);
}

DeclStmt *HookBuilder::declStmt(VarDecl *VD, SourceLocation Loc) {
  return new (Ctx) DeclStmt(DeclGroupRef(VD), Loc, Loc);
}

CompoundStmt *HookBuilder::compound(ArrayRef<Stmt *> Stmts, SourceLocation Loc) {
  return compat::compoundStmt(Ctx, Stmts, Loc);
}

} // namespace ompt_inst
