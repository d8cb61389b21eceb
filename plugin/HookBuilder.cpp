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
      SiteType = compat::typedefType(Ctx, TD);
  PointFn = lookupFunction(Ctx, InlineHooks ? "__ompt_inst_point_inline"
                                             : "__ompt_inst_point");
  TargetEnterFn = lookupFunction(Ctx, "__ompt_inst_target_enter");
  ExitCleanupFn = lookupFunction(Ctx, "__ompt_inst_exit_cleanup");
  EndCleanupFn = lookupFunction(Ctx, "__ompt_inst_end_cleanup");
  if (SiteType.isNull() || !PointFn || !TargetEnterFn || !ExitCleanupFn ||
      !EndCleanupFn || PointFn->getNumParams() != 2 ||
      TargetEnterFn->getNumParams() != 6) {
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

QualType HookBuilder::paramType(const FunctionDecl *Fn, unsigned I) const {
  return Fn->getParamDecl(I)->getType();
}

Expr *HookBuilder::intLiteral(int64_t Value, QualType T, SourceLocation Loc) {
  uint64_t Magnitude = Value < 0 ? -static_cast<uint64_t>(Value) : Value;
  Expr *Lit = IntegerLiteral::Create(
      Ctx, llvm::APInt(Ctx.getIntWidth(T), Magnitude), T, Loc);
  if (Value >= 0)
    return Lit;
  return UnaryOperator::Create(Ctx, Lit, UO_Minus, T, VK_PRValue, OK_Ordinary,
                               Loc, false, FPOptionsOverride());
}

Expr *HookBuilder::nullPointer(QualType T, SourceLocation Loc) {
  return ImplicitCastExpr::Create(Ctx, T, CK_NullToPointer,
                                  intLiteral(0, Ctx.IntTy, Loc), nullptr,
                                  VK_PRValue, FPOptionsOverride());
}

// An integer value (already an r-value) converted to a parameter's integer
// type; null if it is not one.
Expr *HookBuilder::convertedScalar(Expr *E, QualType T) {
  if (!E->getType()->isIntegralOrEnumerationType())
    return nullptr;
  ExprResult R = E;
  CastKind CK = S.PrepareScalarCast(R, T);
  if (R.isInvalid())
    return nullptr;
  return S.ImpCastExprToType(R.get(), T, CK).get();
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

// The call built directly, not through Sema::BuildCallExpr (which spent
// two thirds of the plugin's own time on checks these calls do not need):
// every argument already has its parameter's type.
Expr *HookBuilder::call(FunctionDecl *Fn, ArrayRef<Expr *> Args,
                        SourceLocation Loc) {
  Expr *Callee = ImplicitCastExpr::Create(
      Ctx, Ctx.getPointerType(Fn->getType()), CK_FunctionToPointerDecay,
      refTo(Fn, Loc), nullptr, VK_PRValue, FPOptionsOverride());
  return CallExpr::Create(Ctx, Callee, Args, Fn->getCallResultType(),
                          VK_PRValue, Loc, FPOptionsOverride());
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
  Expr *Args[] = {addressOf(Site, Loc), intLiteral(Point, paramType(PointFn, 1), Loc)};
  return call(PointFn, Args, Loc);
}

VarDecl *HookBuilder::localArray(DeclContext *DC, const VarDecl *Site,
                                 StringRef Suffix, QualType ElemTy,
                                 ArrayRef<Expr *> Inits, SourceLocation Loc) {
  QualType T = compat::constantArrayType(Ctx, ElemTy, Inits.size());
  auto *VD = VarDecl::Create(
      Ctx, DC, Loc, Loc, &Ctx.Idents.get((Site->getName() + Suffix).str()), T,
      Ctx.getTrivialTypeSourceInfo(T, Loc), SC_None);
  auto *Init = new (Ctx) InitListExpr(Ctx, Loc, Inits, Loc);
  Init->setType(T);
  VD->setInit(Init);
  VD->setInitStyle(VarDecl::CInit);
  return VD;
}

VarDecl *HookBuilder::localValue(DeclContext *DC, const VarDecl *Site,
                                 StringRef Suffix, Expr *Init,
                                 SourceLocation Loc) {
  QualType T = Init->getType().getUnqualifiedType();
  auto *VD = VarDecl::Create(
      Ctx, DC, Loc, Loc, &Ctx.Idents.get((Site->getName() + Suffix).str()), T,
      Ctx.getTrivialTypeSourceInfo(T, Loc), SC_None);
  VD->setInit(Init);
  VD->setInitStyle(VarDecl::CInit);
  VD->setReferenced();
  VD->markUsed(Ctx);
  return VD;
}

// `array` as the pointer a parameter takes (decay, then adding const).
Expr *HookBuilder::decayedArray(VarDecl *Array, QualType ParamTy,
                                SourceLocation Loc) {
  QualType Elem = Ctx.getAsArrayType(Array->getType())->getElementType();
  Expr *Decayed = ImplicitCastExpr::Create(
      Ctx, Ctx.getPointerType(Elem), CK_ArrayToPointerDecay, refTo(Array, Loc),
      nullptr, VK_PRValue, FPOptionsOverride());
  return ImplicitCastExpr::Create(Ctx, ParamTy, CK_NoOp, Decayed, nullptr,
                                  VK_PRValue, FPOptionsOverride());
}

Stmt *HookBuilder::targetEnterCall(DeclContext *DC, VarDecl *Site,
                                   Expr *Device, Expr *IfValue,
                                   ArrayRef<MapExtent> Items,
                                   SourceLocation Loc) {
  QualType DeviceTy = paramType(TargetEnterFn, 1);
  QualType IfTy = paramType(TargetEnterFn, 2);
  QualType AddrsTy = paramType(TargetEnterFn, 4);
  QualType BytesTy = paramType(TargetEnterFn, 5);
  QualType AddrTy = AddrsTy->getPointeeType().getUnqualifiedType();
  QualType ByteCountTy = BytesTy->getPointeeType().getUnqualifiedType();
  Device = Device ? convertedScalar(Device, DeviceTy) : nullptr;
  IfValue = IfValue ? convertedScalar(IfValue, IfTy) : nullptr;

  llvm::SmallVector<Expr *, 8> Addrs, Bytes;
  for (const MapExtent &Item : Items) {
    Expr *Addr = Item.Addr ? constVoidPointer(Item.Addr) : nullptr;
    Expr *Count = Item.Bytes ? convertedScalar(Item.Bytes, ByteCountTy) : nullptr;
    if (!Addr || !Count) { // unknown: the shim gets a null address, 0 bytes
      Addr = nullPointer(AddrTy, Loc);
      Count = intLiteral(0, ByteCountTy, Loc);
    }
    Addrs.push_back(Addr);
    Bytes.push_back(Count);
  }
  llvm::SmallVector<Stmt *, 3> Stmts;
  Expr *AddrsArg = nullPointer(AddrsTy, Loc);
  Expr *BytesArg = nullPointer(BytesTy, Loc);
  if (!Items.empty()) {
    VarDecl *AddrArray = localArray(DC, Site, "_addrs", AddrTy, Addrs, Loc);
    VarDecl *BytesArray = localArray(DC, Site, "_bytes", ByteCountTy, Bytes, Loc);
    Stmts.push_back(declStmt(AddrArray, Loc));
    Stmts.push_back(declStmt(BytesArray, Loc));
    AddrsArg = decayedArray(AddrArray, AddrsTy, Loc);
    BytesArg = decayedArray(BytesArray, BytesTy, Loc);
  }
  Expr *Args[] = {
      addressOf(Site, Loc),
      Device ? Device : intLiteral(OMPT_INST_DEVICE_DEFAULT, DeviceTy, Loc),
      IfValue ? IfValue : intLiteral(OMPT_INST_IF_ABSENT, IfTy, Loc),
      intLiteral(Items.size(), paramType(TargetEnterFn, 3), Loc),
      AddrsArg,
      BytesArg};
  Expr *Call = call(TargetEnterFn, Args, Loc);
  if (!Call)
    return nullptr;
  if (Stmts.empty())
    return Call;
  Stmts.push_back(Call);
  return compound(Stmts, Loc);
}

DeclStmt *HookBuilder::declStmt(VarDecl *VD, SourceLocation Loc) {
  return new (Ctx) DeclStmt(DeclGroupRef(VD), Loc, Loc);
}

CompoundStmt *HookBuilder::compound(ArrayRef<Stmt *> Stmts, SourceLocation Loc) {
  return compat::compoundStmt(Ctx, Stmts, Loc);
}

} // namespace ompt_inst
