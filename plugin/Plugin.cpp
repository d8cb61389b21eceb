// ompt-inst.so: registers the plugin action. It injects the hook helpers
// into the host compilation and adds the instrumenting consumer in front of
// CodeGen (AddBeforeMainAction), so the hooks are in the AST CodeGen sees,
// with or without offloading.
#include "InstrumentConsumer.h"
#include "ClangCompat.h"
#include "Options.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace ompt_inst {
namespace {

// hooks.h + instrument.h, embedded at build time.
const char InjectedHeader[] =
#include "InjectedHeader.inc"
    ;

// A main file without the word `pragma` has no directive of its own (a
// header's may still be instrumented): a static hook then costs nothing
// unless used, where the weak one is compiled in every translation unit
// (about 10 M instructions at -O2). Conservative: any `pragma` (also
// `_Pragma`, `#pragma once`) keeps the weak hook; either one is correct.
bool mainFileMayHoldDirectives(CompilerInstance &CI) {
  SourceManager &SM = CI.getSourceManager();
  FileID Main = SM.getMainFileID();
  if (Main.isInvalid())
    return true;
  auto Buffer = SM.getBufferOrNone(Main); // std::optional or llvm::Optional
  return !Buffer || Buffer->getBuffer().contains("pragma");
}

const char StaticHookDefine[] = "#define OMPT_INST__STATIC_HOOK 1\n";

class InstrumentAction : public PluginASTAction {
  Options Opts;
  std::string OptionError; // reported once the compile's diagnostics work

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    if (!OptionError.empty()) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "ompt-inst: %0"))
          << OptionError;
      return std::make_unique<ASTConsumer>();
    }
    const LangOptions &LO = CI.getLangOpts();
    // Only host compilations of OpenMP code: the device compile must stay
    // as clang makes it (nothing may run on the device).
    if (Opts.Disabled || !LO.OpenMP || compat::isOpenMPDeviceCompile(LO) ||
        LO.CUDA || LO.ObjC)
      return std::make_unique<ASTConsumer>();
    Preprocessor &PP = CI.getPreprocessor();
    // A line marker with flag 3 makes the helpers a system header: no user
    // warning (-Wall -Wextra -pedantic) can fire on them.
    PP.setPredefines(PP.getPredefines() + "# 1 \"<ompt-inst>\" 3\n" +
                     (mainFileMayHoldDirectives(CI) ? "" : StaticHookDefine) +
                     InjectedHeader);
    return std::make_unique<InstrumentConsumer>(CI, Opts);
  }

  // The driver splits -fplugin-arg-ompt-inst-<opt> at the first dash into
  // plugin "ompt", argument "inst-<opt>"; -Xclang -plugin-arg-ompt-inst
  // <opt> arrives as Args. Returning false would silently drop the plugin:
  // an error is kept for CreateASTConsumer, which fails the compile with it.
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    std::vector<std::string> All = Args;
    auto Split = CI.getFrontendOpts().PluginArgs.find("ompt");
    if (Split != CI.getFrontendOpts().PluginArgs.end())
      for (const std::string &Arg : Split->second)
        All.push_back(compat::startsWith(Arg, "inst-") ? Arg.substr(5) : Arg);
    Opts.parse(All, OptionError);
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace
} // namespace ompt_inst

static FrontendPluginRegistry::Add<ompt_inst::InstrumentAction>
    Registration("ompt-inst", "insert OpenMP construct hooks for ompt-inst");
