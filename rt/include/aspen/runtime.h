//===- runtime.h - What action modules see of the runtime -------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What module code and user headers that define payloads see. Action
// modules never see threads, queues or sockets: they see payloads,
// QueueElement, and the few members ModuleBase gives them. What only the
// code aspenc generates needs is in aspen/gen/module.h.
//
//   QueueElement q = QueueElement(new ArrayPayload<double>(buf, n));
//   send q;                          // ownership moves into the queue
//   QueueElement r = dequeue();      // blocks this instance only
//   double *p = getPayload(r);       // array payloads: the elements
//   auto &m = getPayload<Matrix>(r); // any payload class, checked
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RUNTIME_H
#define ASPEN_RUNTIME_H

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

namespace aspen {

/// Base of everything that travels through a queue. Moved between
/// instances, never copied by the runtime.
class Payload {
public:
  virtual ~Payload() = default;

  /// For array payloads: the element type (null for other payloads) and
  /// the elements (null when there are none).
  virtual const std::type_info *elementType() const { return nullptr; }
  virtual void *elementData() { return nullptr; }
  virtual size_t elementCount() const { return 0; }

  /// Roughly how many bytes the payload holds, for bounds on what waits
  /// to cross to another node (0: unknown, counted as a message only).
  virtual size_t byteSize() const { return 0; }

  /// What `Distribute("hash")` routes by: equal keys go to the same
  /// target. StringPayload hashes its text; other classes override it (the
  /// default throws PayloadTypeError).
  virtual uint64_t key() const;

  /// A copy, for collectives that deliver one result to several receivers.
  /// Payload classes sent to a Broadcast, or reduced for more than one
  /// receiver, override it (CloneablePayload does that for them).
  virtual Payload *clone() const;
};

/// `class Mine : public aspen::CloneablePayload<Mine> { ... }` gives Mine a
/// clone() that copy-constructs it. `Base` may be another payload class,
/// such as ArrayPayload<double>.
template <typename Derived, typename Base = Payload>
class CloneablePayload : public Base {
public:
  using Base::Base;
  Payload *clone() const override {
    return new Derived(static_cast<const Derived &>(*this));
  }
};

/// Tag for ArrayPayload's constructor that leaves the elements
/// uninitialised, for code that writes every element itself.
struct Uninitialized {};
inline constexpr Uninitialized uninitialized{};

/// A payload holding `count` elements of an arithmetic type.
template <typename T> class ArrayPayload : public Payload {
  static_assert(!std::is_same_v<std::remove_cv_t<T>, bool>,
                "ArrayPayload<bool> is not supported (std::vector<bool> "
                "holds bits, not bools): use ArrayPayload<unsigned char>");
  static_assert(!std::is_const_v<T> && !std::is_volatile_v<T>,
                "ArrayPayload elements cannot be const or volatile");

public:
  explicit ArrayPayload(size_t Count) : N(Count) { allocate(/*Zero=*/true); }
  /// `new ArrayPayload<double>(n, aspen::uninitialized)`: no zero-filling,
  /// for large payloads about to be overwritten.
  ArrayPayload(size_t Count, Uninitialized) : N(Count) {
    allocate(/*Zero=*/false);
  }
  ArrayPayload(const T *Values, size_t Count) : N(Count) { copyIn(Values); }
  /// Takes the vector's elements over without copying them (a few are
  /// copied into the payload itself).
  explicit ArrayPayload(std::vector<T> Values) : N(Values.size()) {
    if (fitsInline(N) || N == 0) {
      copyIn(Values.data());
    } else {
      Out.Vec = new std::vector<T>(std::move(Values));
      Out.Data = Out.Vec->data();
    }
  }
  ArrayPayload(const ArrayPayload &O) : Payload(O), N(O.N) { copyIn(O.data()); }
  ArrayPayload &operator=(const ArrayPayload &) = delete;
  ~ArrayPayload() override { release(); }

  T *data() { return fitsInline(N) ? inlineData() : Out.Data; }
  const T *data() const {
    return fitsInline(N) ? const_cast<ArrayPayload *>(this)->inlineData()
                         : Out.Data;
  }
  size_t size() const { return N; }
  /// Count value-initialised elements instead of the ones held (what the
  /// wire format aspenc writes for a subclass reads into).
  void resize(size_t Count) {
    release();
    N = Count;
    allocate(/*Zero=*/true);
  }
  T &operator[](size_t I) { return data()[I]; }
  const T &operator[](size_t I) const { return data()[I]; }

  Payload *clone() const override { return new ArrayPayload(*this); }
  const std::type_info *elementType() const override { return &typeid(T); }
  void *elementData() override { return data(); }
  size_t elementCount() const override { return N; }
  size_t byteSize() const override { return N * sizeof(T); }

private:
  // A few elements (a count, an index, a pair of doubles: most control
  // messages) live inside the payload object, so sending one costs one
  // allocation, not two, and the receiver touches one block, not two.
  // Only for element types copied as bytes, whose destructor does nothing.
  // The object is 32 bytes (the vtable pointer, the count, and 16 bytes
  // that hold either the elements or where they are): a stream of small
  // messages moves one allocator block of 32 bytes per message from core
  // to core, where 72 bytes cost a fifth of its rate.
  static constexpr size_t InlineBytes = 16;
  static constexpr size_t InlineCount =
      std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>
          ? InlineBytes / sizeof(T)
          : 0;
  static bool fitsInline(size_t Count) {
    return Count != 0 && Count <= InlineCount;
  }
  T *inlineData() { return std::launder(reinterpret_cast<T *>(Inline)); }
  void allocate(bool Zero) {
    if (fitsInline(N)) {
      if (Zero)
        std::uninitialized_value_construct_n(inlineData(), N);
      else
        std::uninitialized_default_construct_n(inlineData(), N);
      return;
    }
    Out.Vec = nullptr;
    Out.Data = N == 0 ? nullptr : Zero ? new T[N]() : new T[N];
  }
  void copyIn(const T *Values) {
    if (fitsInline(N)) {
      std::memcpy(static_cast<void *>(inlineData()), Values, N * sizeof(T));
      return;
    }
    Out.Vec = nullptr;
    Out.Data = nullptr;
    if (N == 0)
      return;
    Out.Data = new T[N];
    std::copy(Values, Values + N, Out.Data);
  }
  void release() {
    if (fitsInline(N))
      return;
    if (Out.Vec)
      delete Out.Vec;
    else
      delete[] Out.Data;
  }

  size_t N;
  struct Outside {
    T *Data;             // the elements
    std::vector<T> *Vec; // their owner, when a vector was taken over
  };                     // (else Data is owned, from new T[N])
  union {
    alignas(T) alignas(8) unsigned char Inline[InlineBytes];
    Outside Out;
  };
};

/// A payload holding text or bytes, for the standard library's I/O
/// modules (FileSource, FileSink, Console, TcpListen, ...).
class StringPayload : public Payload {
public:
  StringPayload() = default;
  explicit StringPayload(std::string S) : S(std::move(S)) {}
  StringPayload(const char *Data, size_t Size) : S(Data, Size) {}
  std::string &str() { return S; }
  const std::string &str() const { return S; }
  Payload *clone() const override { return new StringPayload(*this); }
  uint64_t key() const override;
  size_t byteSize() const override { return S.size(); }

private:
  std::string S;
};

/// The unit of communication: owns one payload (or none). Move-only, so a
/// payload has exactly one owner at any time.
class QueueElement {
public:
  QueueElement() = default;
  /// Takes ownership, as in `QueueElement(new ChemicalPayload(p, n))`.
  QueueElement(Payload *P) : P(P) {}
  QueueElement(QueueElement &&O) noexcept : P(O.P) { O.P = nullptr; }
  QueueElement &operator=(QueueElement &&O) noexcept {
    if (this != &O) {
      delete P;
      P = O.P;
      O.P = nullptr;
    }
    return *this;
  }
  QueueElement(const QueueElement &) = delete;
  QueueElement &operator=(const QueueElement &) = delete;
  ~QueueElement() { delete P; }

  /// False for an empty element.
  explicit operator bool() const { return P != nullptr; }
  Payload *get() const { return P; }
  Payload *release() {
    Payload *R = P;
    P = nullptr;
    return R;
  }

private:
  Payload *P = nullptr;
};

/// What the extended forms of `dequeue` return (docs/language.md 5.4):
/// `dequeue(a | b)`, `dequeue(q, within: d)`, `dequeue(q, from: k)`.
///
///   while (Received r = dequeue(data | control)) {   // false at the end
///     if (r.queue() == 1) ...                           // from control
///     double *p = getPayload(r);
///   }
class Received {
public:
  enum Status : unsigned char { Taken, Ended, TimedOut };
  Received() = default;
  Received(QueueElement E, Status S, unsigned Queue, int Sender,
           const char *SenderName)
      : E(std::move(E)), St(S), Q(Queue), From(Sender), FromName(SenderName) {}

  /// True when an element was taken (it may be an empty one that was
  /// sent); false at the end of the stream(s) or when the deadline passed.
  explicit operator bool() const { return St == Taken; }
  Status status() const { return St; }
  /// Every queue waited on has ended and is empty.
  bool ended() const { return St == Ended; }
  /// The deadline of `within:` passed first.
  bool timedOut() const { return St == TimedOut; }
  /// The queue it came from: its place in the list, 0 for the first named.
  unsigned queue() const { return Q; }
  /// On a queue dequeued `from:` a sender: who sent it, numbered by the
  /// place of its flow among those into the queue (-1 elsewhere), and its
  /// instance name ("w[2]").
  int sender() const { return From; }
  const char *senderName() const { return FromName ? FromName : ""; }
  /// The element (empty unless taken).
  QueueElement &element() { return E; }
  const QueueElement &element() const { return E; }
  QueueElement take() { return std::move(E); }

private:
  QueueElement E;
  Status St = Ended;
  unsigned Q = 0;
  int From = -1;
  const char *FromName = nullptr;
};

/// Thrown when a payload is not what the receiving code asks for.
class PayloadTypeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void throwPayloadTypeError(const char *Wanted, const Payload *Got);
/// For untyped getPayload: Got is not an array payload of Element.
[[noreturn]] void throwElementTypeError(const char *Element,
                                        const Payload *Got);

/// The result of untyped `getPayload(q)`: converts to `T *` for an array
/// payload of T, checking the element type.
class PayloadRef {
public:
  explicit PayloadRef(Payload *P) : P(P) {}
  template <typename T> operator T *() const {
    static_assert(!std::is_void<T>::value,
                  "untyped getPayload(q) gives a pointer to the elements of "
                  "an array payload: name their type (double *p = "
                  "getPayload(q);)");
    static_assert(!std::is_base_of<Payload, std::remove_cv_t<T>>::value,
                  "untyped getPayload(q) gives a pointer to the elements of "
                  "an array payload, not to a payload: write "
                  "getPayload<Type>(q) for a reference to the payload");
    const std::type_info *Ty = P ? P->elementType() : nullptr;
    if (!Ty || *Ty != typeid(std::remove_cv_t<T>))
      throwElementTypeError(typeid(T).name(), P);
    return static_cast<T *>(P->elementData());
  }
  Payload *get() const { return P; }

private:
  Payload *P;
};

inline PayloadRef getPayload(const QueueElement &Q) {
  return PayloadRef(Q.get());
}
inline PayloadRef getPayload(const Received &R) {
  return getPayload(R.element());
}

/// `getPayload<Matrix>(q)`: the payload as a `Matrix &`, checked.
template <typename T> T &getPayload(const QueueElement &Q) {
  T *R = dynamic_cast<T *>(Q.get());
  if (!R)
    throwPayloadTypeError(typeid(T).name(), Q.get());
  return *R;
}
template <typename T> T &getPayload(const Received &R) {
  return getPayload<T>(R.element());
}

/// The program's own command-line arguments, in order: every argument
/// after `--`, and before it those the runtime does not take (it takes
/// `--hostfile FILE` and `--help`). The same on every node of a run on
/// several nodes. `./prog 512 -- --verbose` gives {"512", "--verbose"}.
const std::vector<std::string> &programArgs();

namespace rt {
struct Instance;
struct ModuleAccess;
} // namespace rt

/// Base of every action module: what module code may call besides send,
/// dequeue and getPayload (which aspenc rewrites into calls of its own).
class ModuleBase {
public:
  // The names module code uses unqualified, as in the Aspen papers.
  using QueueElement = aspen::QueueElement;
  using Received = aspen::Received;
  using Payload = aspen::Payload;
  template <typename T> using ArrayPayload = aspen::ArrayPayload<T>;

  virtual ~ModuleBase() = default;
  virtual void run() = 0;

  /// Position of this instance in its vector (0 for a single instance).
  int instanceIndex() const;
  /// Length of this instance's vector (1 for a single instance).
  int instanceCount() const;
  /// `p[2]`, `s[1].w[0]`, or the plain name of a single instance.
  const char *instanceName() const;

  // `getPayload` as module code writes it; members, so the generated code
  // keeps the user's spelling (and Clang's columns) unchanged.
  static PayloadRef getPayload(const QueueElement &Q) {
    return aspen::getPayload(Q);
  }
  template <typename T> static T &getPayload(const QueueElement &Q) {
    return aspen::getPayload<T>(Q);
  }
  static PayloadRef getPayload(const Received &R) {
    return aspen::getPayload(R);
  }
  template <typename T> static T &getPayload(const Received &R) {
    return aspen::getPayload<T>(R);
  }

  /// The number of targets of the default output queue, and a send to one
  /// of them by position (in `--dump-graph` order) instead of round-robin.
  /// For modules that choose where each message goes, such as Distribute.
  unsigned outputTargets() const;
  void sendTo(unsigned Target, QueueElement &&E);
  void sendTo(unsigned Target, Payload *P) { sendTo(Target, QueueElement(P)); }

protected:
  /// The instance being made on this thread (the runtime makes every
  /// module object itself): a module's data members may use
  /// instanceIndex(), its parameters and even dequeue() in their
  /// initialisers.
  ModuleBase();

private:
  friend struct rt::ModuleAccess;
  rt::Instance *Self;
};

} // namespace aspen

#endif // ASPEN_RUNTIME_H
