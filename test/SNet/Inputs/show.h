// Prints a record as `{a=1 b=2 <k=3>}`: int fields and tags, each group in
// name order, so CHECK lines do not depend on the order labels were added.
#include <algorithm>
#include <aspen/snet.h>
#include <string>
#include <vector>

inline std::string show(const aspen::snet::Record &R) {
  std::vector<std::string> Fields, Tags;
  for (const auto &F : R.fields())
    Fields.push_back(F.S.name() + "=" +
                     std::to_string(R.get<int>(F.S)));
  for (const auto *T = R.tagsBegin(); T != R.tagsEnd(); ++T)
    Tags.push_back("<" + T->S.name() + "=" + std::to_string(T->V) + ">");
  std::sort(Fields.begin(), Fields.end());
  std::sort(Tags.begin(), Tags.end());
  std::string S = "{";
  for (const std::string &L : Fields)
    S += (S.size() > 1 ? " " : "") + L;
  for (const std::string &L : Tags)
    S += (S.size() > 1 ? " " : "") + L;
  return S + "}";
}
