//===- ConstEval.cpp - Integer constant expressions -----------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Vector sizes, indices and slice bounds are 64-bit integer expressions over
// literals and earlier `const int` declarations of the same root module.
// Overflow and division by zero are errors, never wrapped values.
//
//===----------------------------------------------------------------------===//

#include "SemaImpl.h"

using namespace aspen;
using namespace aspen::sema;
using llvm::dyn_cast;

std::optional<int64_t> Sema::eval(const ast::IntExpr &E, Scope &S) {
  if (auto *L = dyn_cast<ast::IntLiteral>(&E))
    return L->Value;
  if (auto *N = dyn_cast<ast::IntName>(&E)) {
    auto It = S.Consts.find(N->Ident);
    if (It == S.Consts.end()) {
      Diags.report(E.getLoc(), DiagId::ErrUnknownConst)
          << N->Ident << S.RootSym->Name;
      return std::nullopt;
    }
    It->second.Used = true;
    if (It->second.Invalid)
      return std::nullopt;
    return It->second.Value;
  }
  if (auto *N = dyn_cast<ast::IntNeg>(&E)) {
    std::optional<int64_t> V = eval(*N->Operand, S);
    if (!V)
      return std::nullopt;
    if (*V == INT64_MIN) {
      Diags.report(E.getLoc(), DiagId::ErrConstOverflow);
      return std::nullopt;
    }
    return -*V;
  }
  auto &B = llvm::cast<ast::IntBinary>(E);
  std::optional<int64_t> L = eval(*B.LHS, S);
  std::optional<int64_t> R = eval(*B.RHS, S);
  if (!L || !R)
    return std::nullopt;
  int64_t Out = 0;
  bool Overflow = false;
  switch (B.Op) {
  case '+':
    Overflow = __builtin_add_overflow(*L, *R, &Out);
    break;
  case '-':
    Overflow = __builtin_sub_overflow(*L, *R, &Out);
    break;
  case '*':
    Overflow = __builtin_mul_overflow(*L, *R, &Out);
    break;
  case '/':
  case '%':
    if (*R == 0) {
      Diags.report(B.RHS->getLoc(), DiagId::ErrDivByZero);
      return std::nullopt;
    }
    if (*L == INT64_MIN && *R == -1) {
      Overflow = true;
      break;
    }
    Out = B.Op == '/' ? *L / *R : *L % *R;
    break;
  }
  if (Overflow) {
    Diags.report(E.getLoc(), DiagId::ErrConstOverflow);
    return std::nullopt;
  }
  return Out;
}
