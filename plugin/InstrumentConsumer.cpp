#include "InstrumentConsumer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Frontend/CompilerInstance.h"

using namespace clang;

namespace ompt_inst {

InstrumentConsumer::InstrumentConsumer(CompilerInstance &CI, Options Opts)
    : CI(CI), Opts(std::move(Opts)) {}

InstrumentConsumer::~InstrumentConsumer() = default;

// Sema exists only once parsing started, after the consumer was created.
BodyRewriter *InstrumentConsumer::rewriter() {
  if (!Rewriter && CI.hasSema())
    Rewriter = std::make_unique<BodyRewriter>(CI.getSema(), Opts);
  return Rewriter.get();
}

void InstrumentConsumer::rewrite(FunctionDecl *FD) {
  // An erroneous translation unit is never compiled: leave it as parsed.
  if (CI.getDiagnostics().hasErrorOccurred())
    return;
  if (BodyRewriter *R = rewriter())
    R->rewriteFunction(FD);
}

void InstrumentConsumer::handleDecl(Decl *D) {
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    rewrite(FD);
  } else if (auto *VD = dyn_cast<VarDecl>(D)) {
    if (!CI.getDiagnostics().hasErrorOccurred())
      if (BodyRewriter *R = rewriter())
        R->rewriteInitializer(VD);
  } else if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
    for (Decl *Inner : cast<DeclContext>(D)->decls())
      handleDecl(Inner);
  }
}

bool InstrumentConsumer::HandleTopLevelDecl(DeclGroupRef DG) {
  for (Decl *D : DG)
    handleDecl(D);
  return true;
}

void InstrumentConsumer::HandleInlineFunctionDefinition(FunctionDecl *FD) {
  rewrite(FD);
}

void InstrumentConsumer::HandleCXXImplicitFunctionInstantiation(
    FunctionDecl *FD) {
  rewrite(FD);
}

} // namespace ompt_inst
