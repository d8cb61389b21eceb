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

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <fstream>
#include <unistd.h>

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

// The plugin links no clang library: its calls bind to the clang that loads
// it. clang::getClangFullVersion() is therefore the running clang's
// ("Debian clang version 22.1.8 (...)"); 0 when it names no version.
int runningClangMajor() {
  std::string Full = getClangFullVersion();
  size_t At = Full.find("clang version ");
  return At == std::string::npos ? 0 : std::atoi(Full.c_str() + At + 14);
}

// The plugin built for clang `Major`, as the flavour builds register it
// next to this plugin (lib/ompt-inst-flavours/<major>, a line plugin=PATH).
std::string pluginFor(const std::string &Self, int Major) {
  std::string Dir = Self.substr(0, Self.rfind('/') + 1);
  std::ifstream Flavour(Dir + "ompt-inst-flavours/" + std::to_string(Major));
  for (std::string Line; std::getline(Flavour, Line);)
    if (Line.rfind("plugin=", 0) == 0)
      return Line.substr(7);
  return "the ompt-inst.so of a build with -DOMPT_INST_LLVM=" + std::to_string(Major);
}

// A plugin built for another clang must not compile anything: clang 22
// never calls a clang 19 plugin's action (their plugin registries differ),
// and the object would come out without hooks. Runs first when clang loads
// the plugin, before anything else of it can touch the foreign clang.
__attribute__((constructor(101))) void refuseForeignClang() {
  int Running = runningClangMajor();
  if (Running == CLANG_VERSION_MAJOR)
    return;
  Dl_info Info{};
  std::string Self = dladdr(reinterpret_cast<void *>(&refuseForeignClang), &Info) &&
                             Info.dli_fname
                         ? Info.dli_fname
                         : "ompt-inst.so";
  std::fprintf(stderr,
               "ompt-inst: %s is built for clang %d and cannot instrument in clang %d: use "
               "%s\n",
               Self.c_str(), CLANG_VERSION_MAJOR, Running, pluginFor(Self, Running).c_str());
  std::fflush(stderr);
  // Inside clang's loader, before any output file exists: leave at once,
  // without running the foreign clang's exit handlers.
  _exit(1);
}

} // namespace
} // namespace ompt_inst

static FrontendPluginRegistry::Add<ompt_inst::InstrumentAction>
    Registration("ompt-inst", "insert OpenMP construct hooks for ompt-inst");
