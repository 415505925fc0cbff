//===- DataMovement.cpp - Gather, Scatter and AllToAll --------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Collectives that move array elements without combining them. Like a
// Reduce they are module instances with a queue per participant, so round k
// takes the k-th message of every participant and rounds never mix. Pieces
// are contiguous: of n elements cut for r receivers, piece j holds elements
// [j*n/r, (j+1)*n/r), so sizes differ by at most one and every element goes
// somewhere. Results are new ArrayPayload<T> of the participants' element
// type; aspen::StringPayload is gathered by concatenating its text.
//
//===----------------------------------------------------------------------===//

#include "collective/Collectives.h"
#include "support/Support.h"
#include <cstring>
#include <typeinfo>

using namespace aspen;
using namespace aspen::rt;

namespace {

template <typename T> Payload *arrayIf(const std::type_info &Ty, size_t N) {
  return Ty == typeid(T) ? new ArrayPayload<T>(N, uninitialized) : nullptr;
}

/// A new array payload of N elements of the built-in element type Ty.
Payload *newArray(const std::type_info &Ty, size_t N) {
  Payload *P = nullptr;
  (P = arrayIf<char>(Ty, N)) || (P = arrayIf<signed char>(Ty, N)) ||
      (P = arrayIf<unsigned char>(Ty, N)) || (P = arrayIf<short>(Ty, N)) ||
      (P = arrayIf<unsigned short>(Ty, N)) || (P = arrayIf<int>(Ty, N)) ||
      (P = arrayIf<unsigned>(Ty, N)) || (P = arrayIf<long>(Ty, N)) ||
      (P = arrayIf<unsigned long>(Ty, N)) || (P = arrayIf<long long>(Ty, N)) ||
      (P = arrayIf<unsigned long long>(Ty, N)) || (P = arrayIf<float>(Ty, N)) ||
      (P = arrayIf<double>(Ty, N));
  return P;
}

size_t pieceBegin(size_t N, size_t Parts, size_t J) { return N * J / Parts; }

class DataMovementModule final : public gen::Module {
public:
  DataMovementModule(std::string Name, aspen::abi::CollectiveKind K,
                     unsigned In, unsigned Out)
      : Name(std::move(Name)), K(K), In(In), Out(Out) {}

  void run() override {
    std::vector<QueueElement> Round(In);
    for (;;) {
      // A participant whose stream has ended ends the collective, and so
      // the streams of its receivers.
      for (unsigned I = 0; I < In; ++I)
        if (!nextContribution(*this, I, word(), Name, Round[I]))
          return;
      switch (K) {
      case aspen::abi::CollectiveKind::Gather:
        gather(Round);
        break;
      case aspen::abi::CollectiveKind::Scatter:
        for (unsigned J = 0; J < Out; ++J)
          aspenSend(J, slice(*Round[0].get(), Out, J));
        break;
      case aspen::abi::CollectiveKind::AllToAll:
        allToAll(Round);
        break;
      default: // makeDataMovement is made for the three above only
        break;
      }
    }
  }

private:
  const char *word() const { return aspen::abi::info(K).Word; }
  [[noreturn]] void fail(const std::string &Why) {
    throw PayloadTypeError(std::string(word()) + " '" + Name + "': " + Why);
  }

  /// Bytes per element of an array payload of a built-in type.
  size_t checkArray(const Payload &P) {
    size_t ES = elementSize(P);
    if (!ES)
      fail("expected an array payload of a built-in element type, got '" +
           demangle(typeid(P).name()) + "'");
    return ES;
  }

  /// Piece J of Parts of an array payload.
  Payload *slice(Payload &P, size_t Parts, size_t J) {
    size_t ES = checkArray(P), N = P.elementCount();
    size_t B = pieceBegin(N, Parts, J), E = pieceBegin(N, Parts, J + 1);
    Payload *R = newArray(*P.elementType(), E - B);
    if (E > B)
      std::memcpy(R->elementData(),
                  static_cast<char *>(P.elementData()) + B * ES, (E - B) * ES);
    return R;
  }

  void deliver(QueueElement Result) {
    for (unsigned J = 0; J + 1 < Out; ++J)
      aspenSend(J, QueueElement(Result.get()->clone()));
    aspenSend(Out - 1, std::move(Result));
  }

  void gather(std::vector<QueueElement> &Round) {
    if (dynamic_cast<StringPayload *>(Round[0].get())) {
      auto *R = new StringPayload();
      QueueElement Own(R);
      for (QueueElement &E : Round) {
        Payload *Got = E.get();
        auto *S = dynamic_cast<StringPayload *>(Got);
        if (!S)
          fail("participants sent text and " +
               (Got ? "'" + demangle(typeid(*Got).name()) + "'"
                    : std::string("an empty element")));
        R->str() += S->str();
      }
      return deliver(std::move(Own));
    }
    size_t ES = checkArray(*Round[0].get()), Total = 0;
    const std::type_info &Ty = *Round[0].get()->elementType();
    for (QueueElement &E : Round) {
      checkArray(*E.get());
      if (*E.get()->elementType() != Ty)
        fail("participants sent arrays of different element types");
      Total += E.get()->elementCount();
    }
    QueueElement R(newArray(Ty, Total));
    char *To = static_cast<char *>(R.get()->elementData());
    for (QueueElement &E : Round) {
      size_t Bytes = E.get()->elementCount() * ES;
      if (Bytes)
        std::memcpy(To, E.get()->elementData(), Bytes);
      To += Bytes;
    }
    deliver(std::move(R));
  }

  void allToAll(std::vector<QueueElement> &Round) {
    size_t ES = checkArray(*Round[0].get());
    const std::type_info &Ty = *Round[0].get()->elementType();
    for (QueueElement &E : Round)
      if (checkArray(*E.get()), *E.get()->elementType() != Ty)
        fail("participants sent arrays of different element types");
    for (unsigned J = 0; J < Out; ++J) {
      size_t Total = 0;
      for (QueueElement &E : Round) {
        size_t N = E.get()->elementCount();
        Total += pieceBegin(N, Out, J + 1) - pieceBegin(N, Out, J);
      }
      Payload *R = newArray(Ty, Total);
      char *To = static_cast<char *>(R->elementData());
      for (QueueElement &E : Round) {
        size_t N = E.get()->elementCount();
        size_t B = pieceBegin(N, Out, J), End = pieceBegin(N, Out, J + 1);
        if (End > B)
          std::memcpy(To, static_cast<char *>(E.get()->elementData()) + B * ES,
                      (End - B) * ES);
        To += (End - B) * ES;
      }
      aspenSend(J, QueueElement(R));
    }
  }

  std::string Name;
  aspen::abi::CollectiveKind K;
  unsigned In, Out;
};

} // namespace

ModuleBase *aspen::rt::makeDataMovement(std::string Name,
                                        aspen::abi::CollectiveKind K,
                                        unsigned NumInputs,
                                        unsigned NumReceivers) {
  return new DataMovementModule(std::move(Name), K, NumInputs, NumReceivers);
}
