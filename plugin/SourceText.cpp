#include "SourceText.h"

#include "ClangCompat.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ompt_inst {

std::string singleLine(std::string Text) {
  for (char &C : Text)
    if (C == '\n' || C == '\r' || C == '\t')
      C = ' ';
  return Text;
}

// Comments inside a range (a clause's range can reach the end of the
// directive's line, past a trailing comment) are not part of the text.
static std::string withoutComments(StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); I++) {
    if (compat::startsWith(Text.substr(I), "//")) {
      I = Text.find('\n', I);
      if (I == StringRef::npos)
        break;
    } else if (compat::startsWith(Text.substr(I), "/*")) {
      size_t End = Text.find("*/", I + 2);
      if (End == StringRef::npos)
        break;
      I = End + 1;
      Out += ' ';
      continue;
    }
    Out += Text[I];
  }
  return StringRef(Out).trim().str();
}

std::string writtenText(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (R.isInvalid() || !R.getBegin().isFileID() || !R.getEnd().isFileID() ||
      SM.getFileID(R.getBegin()) != SM.getFileID(R.getEnd()))
    return "";
  return singleLine(withoutComments(Lexer::getSourceText(
      CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts())));
}

} // namespace ompt_inst
