// The AST consumer that runs before CodeGen and hands every function body
// to the BodyRewriter, through each entry point a body can arrive by:
// top-level definitions (also inside namespaces and extern "C"), member
// functions defined in their class, and template instantiations.
#pragma once

#include "BodyRewriter.h"
#include "Options.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>

namespace clang {
class CompilerInstance;
}

namespace ompt_inst {

class InstrumentConsumer : public clang::ASTConsumer {
public:
  InstrumentConsumer(clang::CompilerInstance &CI, Options Opts);
  ~InstrumentConsumer() override;

  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override;
  void HandleInlineFunctionDefinition(clang::FunctionDecl *FD) override;
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *FD) override;

private:
  void handleDecl(clang::Decl *D);
  void rewrite(clang::FunctionDecl *FD);
  BodyRewriter *rewriter();

  clang::CompilerInstance &CI;
  Options Opts;
  std::unique_ptr<BodyRewriter> Rewriter;
};

} // namespace ompt_inst
