//===- WireGen.cpp - Serializers for payload classes, from Clang's AST ----===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// For a program placed on several nodes, every payload class the program
// defines (a complete, concrete class derived from aspen::Payload, outside
// the runtime's own headers) gets a serialize/deserialize pair registered
// with aspen::wire before main(). The pair is written from the record
// layout Clang computed: each field is read and written at its byte offset,
// so private fields and base classes need no access from generated code
// (and a private type is named through an alias, see name()).
//
// Supported fields: arithmetic and enum types, nested classes of such
// fields, and, nested to any depth, C arrays and the std templates listed
// once, with how each is written, in StdTemplates below: strings,
// sequences, maps and sets, pairs and tuples, optional and variant, and
// unique_ptr and shared_ptr<const T> (of a plain class; a tree may hold
// itself; each pointer arrives with an object of its own). Containers of
// built-in types go through wire.h's overloads; the others are written
// element by element here, a class in a container through a pair of
// helper functions of its own, except that a vector of a plain class
// without padding goes as one block of bytes. A base class aspen::ArrayPayload<T> is written as a count
// and the elements' bytes, through its public interface. A class that
// defines `serialize(aspen::wire::Writer &) const` and a static
// `deserialize(aspen::wire::Reader &)` uses them instead. Anything else
// (pointers, references, unions, virtual bases, no default constructor)
// leaves the class without a wire format, with the reason kept for the
// error aspenc reports when such a class is sent on an edge between nodes.
//
//===----------------------------------------------------------------------===//

#include "WireGen.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <optional>
#include <sstream>
#include <utility>

using namespace aspen;
using namespace aspen::codegen;

namespace {

bool inStd(const clang::Decl *D) {
  return D->getDeclContext()->isStdNamespace() ||
         (D->getDeclContext()->isInlineNamespace() &&
          D->getDeclContext()->getParent()->isStdNamespace());
}

/// `std::NAME<...>` specializations.
const clang::ClassTemplateSpecializationDecl *
stdTemplate(clang::QualType T, llvm::StringRef Name) {
  const auto *RD = T->getAsCXXRecordDecl();
  const auto *S =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(RD);
  if (!S || S->getName() != Name || !inStd(S))
    return nullptr;
  return S;
}

/// How a std class template is written, by what it holds.
enum class StdFamily {
  String,    // wire.h's own format, for char strings
  Array,     // a fixed number of elements, no count
  Vector,    // a count and the elements; contiguous
  Sequence,  // a count and the elements
  Pair,      // the two members
  Tuple,     // the elements
  Optional,  // whether there is a value, then it
  UniquePtr, // whether there is an object, then it
  SharedPtr, // the same, of a const object
  Variant,   // the alternative's index, then it
  Map,       // a count and the key and mapped value of each element
  Set,       // a count and the keys
};

/// The std templates a payload class may use in its fields, nested to any
/// depth: the one list of them.
const std::pair<llvm::StringLiteral, StdFamily> StdTemplates[] = {
    {"basic_string", StdFamily::String},
    {"array", StdFamily::Array},
    {"vector", StdFamily::Vector},
    {"deque", StdFamily::Sequence},
    {"list", StdFamily::Sequence},
    {"pair", StdFamily::Pair},
    {"tuple", StdFamily::Tuple},
    {"optional", StdFamily::Optional},
    {"unique_ptr", StdFamily::UniquePtr},
    {"shared_ptr", StdFamily::SharedPtr},
    {"variant", StdFamily::Variant},
    {"map", StdFamily::Map},
    {"multimap", StdFamily::Map},
    {"unordered_map", StdFamily::Map},
    {"unordered_multimap", StdFamily::Map},
    {"set", StdFamily::Set},
    {"multiset", StdFamily::Set},
    {"unordered_set", StdFamily::Set},
    {"unordered_multiset", StdFamily::Set},
};

/// The family of T, if it is a specialization of one of StdTemplates
/// (which is then Spec).
std::optional<StdFamily>
stdFamily(clang::QualType T,
          const clang::ClassTemplateSpecializationDecl *&Spec) {
  const auto *S =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          T->getAsCXXRecordDecl());
  if (!S || !inStd(S))
    return std::nullopt;
  for (const auto &[Name, F] : StdTemplates)
    if (S->getName() == Name) {
      Spec = S;
      return F;
    }
  return std::nullopt;
}

/// `aspen::ArrayPayload<T>`: its T, or a null type.
clang::QualType arrayPayloadElement(const clang::CXXRecordDecl *RD) {
  const auto *S =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(RD);
  if (!S || S->getQualifiedNameAsString() != "aspen::ArrayPayload")
    return clang::QualType();
  return S->getTemplateArgs()[0].getAsType();
}

/// The element types whose ArrayPayload the runtime registers itself
/// (aspen/abi/wire_elements.def): every other gets a registration from
/// aspenc.
bool runtimeArrayElement(clang::QualType T) {
  T = T.getCanonicalType();
  if (T.hasQualifiers())
    return false;
  const auto *B = T->getAs<clang::BuiltinType>();
  if (!B)
    return false;
  switch (B->getKind()) {
#define ASPEN_WIRE_ELEMENT(Type, ClangKind) case clang::BuiltinType::ClangKind:
#define ASPEN_WIRE_ELEMENT_ALSO(ClangKind) case clang::BuiltinType::ClangKind:
#include "aspen/abi/wire_elements.def"
    return true;
  default:
    return false;
  }
}

class Generator {
public:
  Generator(clang::ASTContext &Ctx)
      : Ctx(Ctx), PP(Ctx.getLangOpts()), Written(Ctx.getLangOpts()) {
    Written.SuppressTagKeyword = true;
    PP.SuppressTagKeyword = true;
    PP.FullyQualifiedName = true;
    PP.SuppressScope = false;
    PP.PrintCanonicalTypes = true;
  }

  std::string spell(clang::QualType T) {
    return T.getCanonicalType().getUnqualifiedType().getAsString(PP);
  }

  /// How generated code names type T (canonical). Spelled out, unless it
  /// names a class that is private or protected where it is declared (a
  /// nested helper class of the payload, say): code outside that class
  /// may not name it. Such a type gets an alias, made through an explicit
  /// instantiation, where names are not access-checked ([temp.spec] "the
  /// usual access checking rules do not apply"): the instantiation defines
  /// a friend that returns a T *, and the alias is its return type.
  std::string name(clang::QualType T) {
    if (!hidden(T))
      return spell(T);
    auto It = Aliases.find(T.getAsOpaquePtr());
    if (It != Aliases.end())
      return It->second;
    if (Aliases.empty())
      Code += "template <typename T, typename Tag> struct aspen_wire_name {\n"
              "  friend constexpr auto aspen_wire_type(Tag) {\n"
              "    return static_cast<T *>(nullptr);\n  }\n};\n";
    std::string N = std::to_string(Aliases.size());
    std::string Tag = "aspen_wire_t" + N, Alias = "aspen_wire_T" + N;
    Code += "struct " + Tag + " {\n  friend constexpr auto aspen_wire_type(" +
            Tag + ");\n};\ntemplate struct aspen_wire_name<" + spell(T) + ", " +
            Tag + ">;\nusing " + Alias +
            " = std::remove_pointer_t<decltype(aspen_wire_type(" + Tag +
            "{}))>;\n";
    Aliases[T.getAsOpaquePtr()] = Alias;
    return Alias;
  }

  /// Whether T names a class or enum declared private or protected (or
  /// inside one), in itself, its template arguments or its element type.
  bool hidden(clang::QualType T) {
    T = T.getCanonicalType();
    if (const auto *A = Ctx.getAsArrayType(T))
      return hidden(A->getElementType());
    const clang::TagDecl *TD = T->getAsTagDecl(); // a class or an enum
    if (!TD)
      return false;
    for (const clang::Decl *D = TD; D;) {
      clang::AccessSpecifier A = D->getAccess();
      if (A == clang::AS_private || A == clang::AS_protected)
        return true;
      const clang::DeclContext *DC = D->getDeclContext();
      D = DC && DC->isRecord() ? llvm::cast<clang::Decl>(DC) : nullptr;
    }
    const auto *RD = llvm::dyn_cast<clang::CXXRecordDecl>(TD);
    if (const auto *S =
            llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(RD))
      for (const clang::TemplateArgument &A : S->getTemplateArgs().asArray())
        if (hiddenArg(A))
          return true;
    return false;
  }
  bool hiddenArg(const clang::TemplateArgument &A) {
    if (A.getKind() == clang::TemplateArgument::Type)
      return hidden(A.getAsType());
    if (A.getKind() == clang::TemplateArgument::Pack)
      for (const clang::TemplateArgument &E : A.pack_elements())
        if (hiddenArg(E))
          return true;
    return false;
  }

  /// Reads a count into N<Id> and checks it against the bytes left, each
  /// element taking at least Min of them, before anything is made: a
  /// corrupt count cannot make the reader allocate more than the frame
  /// could hold.
  static std::string readCount(const std::string &Id, uint64_t Min) {
    return "  uint64_t N" + Id + "; R.get(N" + Id + "); if (N" + Id +
           " > R.remaining() / " + std::to_string(std::max<uint64_t>(Min, 1)) +
           ") throw aspen::wire::WireError(\"a count of \" + std::to_string(N" +
           Id + ") + \" exceeds the bytes that follow\");\n";
  }

  /// Elements whose bytes are their values, as one block after their
  /// count: a vector of flat elements, or an ArrayPayload's. In and Out
  /// name the container (const and not): size(), data(), resize() and [].
  void block(const std::string &In, const std::string &Out, uint64_t Min,
             std::string &Put, std::string &Get) {
    const std::string Id = std::to_string(Vars++), C = "C" + Id;
    const std::string Size = "sizeof(" + C + "[0])";
    Put += "  { const auto &" + C + " = " + In + "; W.put(uint64_t(" + C +
           ".size())); W.bytes(" + C + ".data(), " + C + ".size() * " + Size +
           "); }\n";
    Get += "  { auto &" + C + " = " + Out + ";\n" + readCount(Id, Min) + "  " +
           C + ".resize(size_t(N" + Id + ")); R.bytes(" + C +
           ".data(), size_t(N" + Id + ") * " + Size + "); }\n";
  }

  /// The fewest bytes a value of type T takes on the wire.
  uint64_t minBytes(clang::QualType T) {
    T = T.getCanonicalType();
    if (T->isArithmeticType() || T->isEnumeralType())
      return uint64_t(Ctx.getTypeSizeInChars(T).getQuantity());
    if (const auto *A = Ctx.getAsConstantArrayType(T))
      return A->getSize().getZExtValue() * minBytes(A->getElementType());
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition())
      return 0;
    const auto *S = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(RD);
    if (S && inStd(S)) {
      const clang::ClassTemplateSpecializationDecl *Spec = nullptr;
      std::optional<StdFamily> F = stdFamily(T, Spec);
      if (F == StdFamily::Array)
        return Spec->getTemplateArgs()[1].getAsIntegral().getZExtValue() *
               minBytes(arg(Spec, 0));
      if (F == StdFamily::Pair)
        return minBytes(arg(Spec, 0)) + minBytes(arg(Spec, 1));
      if (F == StdFamily::Tuple) {
        uint64_t Sum = 0;
        for (const clang::TemplateArgument &A :
             Spec->getTemplateArgs()[0].pack_elements())
          Sum += minBytes(A.getAsType());
        return Sum;
      }
      if (F == StdFamily::Optional || F == StdFamily::UniquePtr ||
          F == StdFamily::SharedPtr)
        return 1; // the marker
      if (F == StdFamily::Variant)
        return 4; // the alternative's index
      return 8;   // a string's or a container's count
    }
    if (S && S->getQualifiedNameAsString() == "aspen::ArrayPayload")
      return 8; // its count (record() writes it so)
    uint64_t Sum = 0;
    for (const clang::CXXBaseSpecifier &B : RD->bases())
      Sum += minBytes(B.getType());
    for (const clang::FieldDecl *F : RD->fields())
      Sum += minBytes(F->getType());
    return Sum;
  }

  /// A cast of a byte address to a pointer to Ty (which may be an array).
  static std::string ptr(const std::string &Ty) {
    return "reinterpret_cast<std::add_pointer_t<" + Ty + ">>";
  }

  /// True if W.put / R.get handle T directly (wire.h's overloads).
  bool direct(clang::QualType T) {
    T = T.getCanonicalType();
    if (T.isConstQualified())
      return false; // the reader assigns every part
    if (T->isArithmeticType() || T->isEnumeralType()) {
      // Not __int128: wire.h has no format for it.
      const auto *B = T->getAs<clang::BuiltinType>();
      return !B || (B->getKind() != clang::BuiltinType::Int128 &&
                    B->getKind() != clang::BuiltinType::UInt128);
    }
    const clang::ClassTemplateSpecializationDecl *S = nullptr;
    std::optional<StdFamily> F = stdFamily(T, S);
    if (F == StdFamily::String)
      return S->getTemplateArgs()[0].getAsType()->isSpecificBuiltinType(
                 clang::BuiltinType::Char_S) ||
             S->getTemplateArgs()[0].getAsType()->isSpecificBuiltinType(
                 clang::BuiltinType::Char_U);
    // Containers wire.h writes as their elements (after a count, but for an
    // array): the element (for maps, the key and the mapped type) must be
    // direct itself.
    if (F == StdFamily::Array || F == StdFamily::Vector ||
        F == StdFamily::Sequence || F == StdFamily::Optional ||
        F == StdFamily::Set)
      return direct(arg(S, 0));
    if (F == StdFamily::Pair || F == StdFamily::Map)
      return direct(arg(S, 0)) && direct(arg(S, 1));
    if (const auto *A = Ctx.getAsConstantArrayType(T))
      return A->getSize() != 0 && direct(A->getElementType());
    return false;
  }

  /// Statements that write (Put) and read (Get) the fields of record RD
  /// found at `Base` (an expression of type const char * / char *).
  bool record(const clang::CXXRecordDecl *RD, const std::string &Base,
              std::string &Put, std::string &Get, std::string &Why) {
    if (RD->isUnion()) {
      Why = "'" + RD->getNameAsString() + "' is a union";
      return false;
    }
    if (RD->getNumVBases()) {
      Why = "'" + RD->getNameAsString() + "' has a virtual base class";
      return false;
    }
    const clang::ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
    for (const clang::CXXBaseSpecifier &B : RD->bases()) {
      const auto *BD = B.getType()->getAsCXXRecordDecl();
      if (!BD)
        continue;
      if (BD->getQualifiedNameAsString() == "aspen::Payload")
        continue; // only its vtable pointer
      int64_t Off = L.getBaseClassOffset(BD).getQuantity();
      if (const auto *S =
              llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(BD);
          S && S->getQualifiedNameAsString() == "aspen::ArrayPayload") {
        // The elements, through the class's own interface (its storage is
        // the runtime's business): a count, then their bytes.
        clang::QualType Elem = S->getTemplateArgs()[0].getAsType();
        if (!flat(Elem)) {
          Why = "its base class '" +
                B.getType().getAsString(Ctx.getPrintingPolicy()) + "' holds " +
                arrayElementWhy(Elem);
          return false;
        }
        std::string At = Base + " + " + std::to_string(Off) + ")";
        block(
            "*reinterpret_cast<const " + spell(B.getType()) + " *>(" + At,
            "*reinterpret_cast<" + spell(B.getType()) + " *>(" + At,
            uint64_t(Ctx.getTypeSizeInChars(S->getTemplateArgs()[0].getAsType())
                         .getQuantity()),
            Put, Get);
        continue;
      }
      if (!record(BD, Base + " + " + std::to_string(Off), Put, Get, Why))
        return false;
    }
    unsigned Index = 0;
    for (const clang::FieldDecl *F : RD->fields()) {
      int64_t Off = int64_t(L.getFieldOffset(Index++) / 8);
      std::string At = "(" + Base + " + " + std::to_string(Off) + ")";
      if (F->isBitField()) {
        Why = "field '" + F->getNameAsString() + "' is a bit-field";
        return false;
      }
      if (!field(F->getType(), At, F->getNameAsString(), Put, Get, Why))
        return false;
    }
    return true;
  }

  /// A field at byte address At: a class inline (its fields at their
  /// offsets), anything else as a value.
  bool field(clang::QualType T, const std::string &At, const std::string &Name,
             std::string &Put, std::string &Get, std::string &Why) {
    clang::QualType C = T.getCanonicalType();
    if (const auto *RD = C->getAsCXXRecordDecl())
      if (!inStd(RD) && !RD->isPolymorphic() && RD->hasDefinition())
        return record(RD, At.substr(1, At.size() - 2), Put, Get, Why);
    std::string Ty = name(C);
    // A class in a container writes its own fields through value() too:
    // the message names the innermost field that failed.
    std::string OuterName = std::move(FieldName),
                OuterType = std::move(FieldType);
    FieldName = Name;
    FieldType = T.getAsString(Written);
    bool Ok = value(C, "(*" + ptr("const " + Ty) + At + ")",
                    "(*" + ptr(Ty) + At + ")", Put, Get, Why);
    FieldName = std::move(OuterName);
    FieldType = std::move(OuterType);
    return Ok;
  }

  /// Statements that write the value the expression In names (const) and
  /// read the one Out names, for a type of FieldName's field: wire.h's
  /// overloads where they cover the type, else its parts one by one, so a
  /// class may be an element of any container. The count of a container
  /// read is checked against the bytes left before anything is allocated.
  bool value(clang::QualType T, const std::string &In, const std::string &Out,
             std::string &Put, std::string &Get, std::string &Why) {
    T = T.getCanonicalType();
    if (direct(T)) {
      Put += "  W.put(" + In + ");\n";
      Get += "  R.get(" + Out + ");\n";
      return true;
    }
    if (T.isConstQualified()) // std::pair<const int, int>, say
      return unsendable(T, " (a const part cannot be read into)", Why);
    if (T->isArithmeticType())
      return unsendable(T, " (it has no wire format)", Why);
    if (const auto *A = Ctx.getAsConstantArrayType(T))
      if (A->getSize() == 0)
        return unsendable(T, " (an array of no elements)", Why);
    Site S{In, Out, Put, Get, Why, std::to_string(Vars++)};
    if (const auto *A = Ctx.getAsConstantArrayType(T))
      return fixedValue(A->getElementType(), S);
    if (const clang::ClassTemplateSpecializationDecl *Spec = nullptr;
        std::optional<StdFamily> F = stdFamily(T, Spec)) {
      switch (*F) {
      case StdFamily::String: // of other than char: no wire format
        return unsendable(T, "", Why);
      case StdFamily::Array:
        return fixedValue(arg(Spec, 0), S);
      case StdFamily::Vector:
      case StdFamily::Sequence:
        return sequenceValue(arg(Spec, 0), *F == StdFamily::Vector, S);
      case StdFamily::Pair:
        return value(arg(Spec, 0), In + ".first", Out + ".first", Put, Get,
                     Why) &&
               value(arg(Spec, 1), In + ".second", Out + ".second", Put, Get,
                     Why);
      case StdFamily::Tuple:
        return tupleValue(Spec, S);
      case StdFamily::Optional:
        return optionalValue(arg(Spec, 0), S);
      case StdFamily::UniquePtr:
      case StdFamily::SharedPtr:
        return pointerValue(T, Spec, *F == StdFamily::SharedPtr, S);
      case StdFamily::Variant:
        return variantValue(Spec, S);
      case StdFamily::Map:
      case StdFamily::Set:
        return keyedValue(Spec, *F == StdFamily::Map, S);
      }
    }
    const auto *RD = T->getAsCXXRecordDecl();
    if (RD && inStd(RD) && RD->getName() == "monostate")
      return true; // a variant's empty alternative: nothing to write
    if (RD && !inStd(RD) && !RD->isPolymorphic() && RD->hasDefinition())
      return classValue(RD, S);
    return unsendable(T, "", Why);
  }

  /// What value() writes one value into: the expressions naming it (In
  /// const, Out not), the statements so far, and the number N of its
  /// locals (C<N> the container, E<N> an element, K<N> and V<N> a key and a
  /// mapped value read, N<N> a count read).
  struct Site {
    const std::string &In, &Out;
    std::string &Put, &Get, &Why;
    std::string N;
    std::string c() const { return "C" + N; }
    std::string e() const { return "E" + N; }
  };

  static clang::QualType arg(const clang::ClassTemplateSpecializationDecl *S,
                             unsigned I) {
    return S->getTemplateArgs()[I].getAsType().getCanonicalType();
  }

  /// Elements the reader creates (by resizing, emplacing or as locals)
  /// need a default constructor.
  bool creatable(clang::QualType ET, std::string &Why) {
    const auto *RD = ET->getAsCXXRecordDecl();
    if (!RD || inStd(RD) || defaultConstructible(RD))
      return true;
    Why = "field '" + FieldName + "' has type '" + FieldType + "', and '" +
          RD->getNameAsString() + "' in it has no default constructor";
    return false;
  }

  /// A counted container: the writer's count and loop over the elements as
  /// E<N>; the reader's checked count N<N>, the container as C<N>.
  void openCounted(Site &S, uint64_t Min) {
    S.Put += "  { const auto &" + S.c() + " = " + S.In + "; W.put(uint64_t(" +
             S.c() + ".size())); for (const auto &" + S.e() + " : " + S.c() +
             ") {\n";
    S.Get += "  { auto &" + S.c() + " = " + S.Out + ";\n";
    S.Get += readCount(S.N, Min);
  }

  /// Whether an optional or a pointer holds a value (a byte, 0 or 1); the
  /// reader empties Out and opens a block for when it does.
  void marker(Site &S, const char *What) {
    S.Get += "  { uint8_t H" + S.N + "; R.get(H" + S.N + "); if (H" + S.N +
             " > 1) throw aspen::wire::WireError(\"a bad " + What +
             " marker\"); " + S.Out + ".reset(); if (H" + S.N + ") { ";
  }

  /// C arrays and std::array: the elements, no count.
  bool fixedValue(clang::QualType ET, Site &S) {
    S.Put += "  for (const auto &" + S.e() + " : " + S.In + ") {\n";
    S.Get += "  for (auto &" + S.e() + " : " + S.Out + ") {\n";
    if (!value(ET, S.e(), S.e(), S.Put, S.Get, S.Why))
      return false;
    S.Put += "  }\n";
    S.Get += "  }\n";
    return true;
  }

  /// std::vector, std::deque, std::list: a count, then the elements.
  bool sequenceValue(clang::QualType ET, bool Contiguous, Site &S) {
    if (!creatable(ET, S.Why))
      return false;
    if (Contiguous && flat(ET)) {
      // Plain classes without padding, in one piece (numbers, already
      // direct, go so through wire.h).
      block(S.In, S.Out, minBytes(ET), S.Put, S.Get);
      return true;
    }
    openCounted(S, minBytes(ET));
    S.Get += "  " + S.c() + ".clear(); " + S.c() + ".resize(size_t(N" + S.N +
             ")); for (auto &" + S.e() + " : " + S.c() + ") {\n";
    if (!value(ET, S.e(), S.e(), S.Put, S.Get, S.Why))
      return false;
    S.Put += "  } }\n";
    S.Get += "  } }\n";
    return true;
  }

  /// std::tuple: the elements in order.
  bool tupleValue(const clang::ClassTemplateSpecializationDecl *Spec, Site &S) {
    unsigned I = 0;
    for (const clang::TemplateArgument &A :
         Spec->getTemplateArgs()[0].pack_elements()) {
      std::string Pick = "std::get<" + std::to_string(I++) + ">(";
      if (!value(A.getAsType(), Pick + S.In + ")", Pick + S.Out + ")", S.Put,
                 S.Get, S.Why))
        return false;
    }
    return true;
  }

  /// std::optional: whether there is a value, then it.
  bool optionalValue(clang::QualType ET, Site &S) {
    if (!creatable(ET, S.Why))
      return false;
    S.Put += "  W.put(uint8_t(" + S.In + ".has_value())); if (" + S.In +
             ") { const auto &" + S.e() + " = *" + S.In + ";\n";
    marker(S, "optional");
    S.Get += "auto &" + S.e() + " = " + S.Out + ".emplace();\n";
    if (!value(ET, S.e(), S.e(), S.Put, S.Get, S.Why))
      return false;
    S.Put += "  }\n";
    S.Get += "  } }\n";
    return true;
  }

  /// std::unique_ptr and std::shared_ptr: like an optional, whether there
  /// is an object, then it. The reader makes a new object for each pointer
  /// (objects two pointers share arrive as two), which only a plain class
  /// with the default deleter fits.
  bool pointerValue(clang::QualType T,
                    const clang::ClassTemplateSpecializationDecl *Spec,
                    bool Shared, Site &S) {
    clang::QualType ET = arg(Spec, 0);
    const auto *ERD = ET->getAsCXXRecordDecl();
    if (ET->isArrayType() || (ERD && ERD->isPolymorphic()) ||
        (!Shared && !stdTemplate(arg(Spec, 1), "default_delete")))
      return unsendable(T,
                        " (a pointer to an array or to a polymorphic "
                        "class, or a deleter of its own)",
                        S.Why);
    // An object shared through shared_ptr<T> may be changed by any of its
    // sharers and the others see it; across nodes each would hold a copy,
    // so the program would mean something else. Shared immutable objects
    // (shared_ptr<const T>) copy safely.
    if (Shared && !ET.isConstQualified())
      return unsendable(T,
                        " (a std::shared_ptr to an object that is not "
                        "const: its sharers on two nodes would not see "
                        "each other's changes; use std::shared_ptr<const "
                        "T>, std::unique_ptr or a value)",
                        S.Why);
    ET = ET.getUnqualifiedType(); // made, and filled, before it is const
    if (!creatable(ET, S.Why))
      return false;
    S.Put += "  W.put(uint8_t(bool(" + S.In + "))); if (" + S.In +
             ") { const auto &" + S.e() + " = *" + S.In + ";\n";
    marker(S, "pointer");
    S.Get += "auto P" + S.N + " = std::make_" + (Shared ? "shared" : "unique") +
             "<std::remove_const_t<std::decay_t<decltype(" + S.Out +
             ")>::element_type>>(); auto &" + S.e() + " = *P" + S.N + ";\n";
    if (!value(ET, S.e(), S.e(), S.Put, S.Get, S.Why))
      return false;
    S.Put += "  }\n";
    S.Get += "  " + S.Out + " = std::move(P" + S.N + "); } }\n";
    return true;
  }

  /// std::variant: the index of the alternative held, then it.
  bool variantValue(const clang::ClassTemplateSpecializationDecl *Spec,
                    Site &S) {
    S.Put += "  switch (" + S.In + ".index()) {\n";
    S.Get += "  { uint32_t X" + S.N + "; R.get(X" + S.N + "); switch (X" + S.N +
             ") {\n";
    unsigned I = 0;
    for (const clang::TemplateArgument &A :
         Spec->getTemplateArgs()[0].pack_elements()) {
      clang::QualType AT = A.getAsType().getCanonicalType();
      if (!creatable(AT, S.Why))
        return false;
      std::string Ix = std::to_string(I++);
      S.Put += "  case " + Ix + ": { W.put(uint32_t(" + Ix +
               ")); const auto &" + S.e() + " = std::get<" + Ix + ">(" + S.In +
               ");\n";
      S.Get += "  case " + Ix + ": { auto &" + S.e() + " = " + S.Out +
               ".emplace<" + Ix + ">();\n";
      if (!value(AT, S.e(), S.e(), S.Put, S.Get, S.Why))
        return false;
      S.Put += "  break; }\n";
      S.Get += "  break; }\n";
    }
    S.Put += "  default: throw aspen::wire::WireError(\"a variant that holds "
             "nothing (valueless by exception)\");\n  }\n";
    S.Get += "  default: throw aspen::wire::WireError(\"a bad variant "
             "alternative \" + std::to_string(X" +
             S.N + "));\n  } }\n";
    return true;
  }

  /// Maps and sets, read in the order written with the end as the hint: an
  /// ordered container appends in constant time, and a multimap's equal
  /// keys keep their order.
  bool keyedValue(const clang::ClassTemplateSpecializationDecl *Spec, bool Map,
                  Site &S) {
    const std::string K = "K" + S.N, V = "V" + S.N, C = S.c(), E = S.e();
    clang::QualType KT = arg(Spec, 0), VT;
    if (!creatable(KT, S.Why))
      return false;
    if (Map) {
      VT = arg(Spec, 1);
      if (!creatable(VT, S.Why))
        return false;
    }
    openCounted(S, minBytes(KT) + (Map ? minBytes(VT) : 0));
    S.Get += "  " + C + ".clear(); for (uint64_t I" + S.N + " = 0; I" + S.N +
             " < N" + S.N + "; ++I" + S.N + ") {\n  std::decay_t<decltype(" +
             C + ")>::key_type " + K + "{};\n";
    if (Map) {
      S.Get +=
          "  std::decay_t<decltype(" + C + ")>::mapped_type " + V + "{};\n";
      if (!value(KT, E + ".first", K, S.Put, S.Get, S.Why) ||
          !value(VT, E + ".second", V, S.Put, S.Get, S.Why))
        return false;
      S.Get += "  " + C + ".emplace_hint(" + C + ".end(), std::move(" + K +
               "), std::move(" + V + "));\n";
    } else {
      if (!value(KT, E, K, S.Put, S.Get, S.Why))
        return false;
      S.Get +=
          "  " + C + ".emplace_hint(" + C + ".end(), std::move(" + K + "));\n";
    }
    S.Put += "  } }\n";
    S.Get += "  } }\n";
    return true;
  }

  /// A class of the program in a container: through a pair of helper
  /// functions of its own.
  bool classValue(const clang::CXXRecordDecl *RD, Site &S) {
    std::string Fn;
    if (!helper(RD, Fn, S.Why))
      return false;
    S.Put +=
        "  " + Fn + "_put(reinterpret_cast<const char *>(&" + S.In + "), W);\n";
    S.Get += "  " + Fn + "_get(reinterpret_cast<char *>(&" + S.Out + "), R);\n";
    return true;
  }

  /// Why FieldName's field cannot be sent: its type, and the part of it
  /// that is the reason (T) if that is not the whole.
  bool unsendable(clang::QualType T, const std::string &Reason,
                  std::string &Why) {
    Why = "field '" + FieldName + "' has type '" + FieldType + "'";
    std::string Part = T.getAsString(Written);
    if (Part != FieldType)
      Why += ", and '" + Part + "' in it cannot be sent";
    Why += Reason;
    return false;
  }

  /// A pair of functions for a nested class used as a container element.
  bool helper(const clang::CXXRecordDecl *RD, std::string &Fn,
              std::string &Why) {
    auto It = Helpers.find(RD);
    if (It != Helpers.end()) {
      Fn = It->second;
      return true;
    }
    Fn = "aspen_wire_h" + std::to_string(Helpers.size());
    Helpers[RD] = Fn;
    // Declared first: a class may hold itself (a tree through unique_ptr)
    // or two classes each other.
    Code += "static void " + Fn +
            "_put(const char *, aspen::wire::Writer &);\n"
            "static void " +
            Fn + "_get(char *, aspen::wire::Reader &);\n";
    std::string Put, Get;
    if (!record(RD, "B", Put, Get, Why))
      return false;
    Code += "static void " + Fn +
            "_put(const char *B, aspen::wire::Writer &W) {\n" + Put + "}\n";
    Code += "static void " + Fn + "_get(char *B, aspen::wire::Reader &R) {\n" +
            Get + "}\n";
    return true;
  }

  /// Whether a T's bytes are its value, so a vector of them may be copied
  /// whole: numbers and enums (not bool, which is checked on arrival),
  /// arrays of such, and plain classes of such fields with no padding (no
  /// bytes of no value) and no base classes.
  bool flat(clang::QualType T) {
    T = T.getCanonicalType();
    if (T->isBooleanType())
      return false;
    if (T->isArithmeticType() || T->isEnumeralType())
      return true;
    if (const auto *A = Ctx.getAsConstantArrayType(T))
      return flat(A->getElementType());
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->isUnion() || RD->isPolymorphic() ||
        RD->getNumBases() || !RD->isTriviallyCopyable())
      return false;
    if (const clang::ClassTemplateSpecializationDecl *S = nullptr;
        stdFamily(T, S) == StdFamily::Array)
      return flat(S->getTemplateArgs()[0].getAsType());
    if (inStd(RD))
      return false;
    int64_t Sum = 0;
    for (const clang::FieldDecl *F : RD->fields()) {
      if (F->isBitField() || !flat(F->getType()))
        return false;
      Sum += Ctx.getTypeSizeInChars(F->getType()).getQuantity();
    }
    return Sum == Ctx.getTypeSizeInChars(T).getQuantity();
  }

  /// Why ArrayPayload elements of type T (not flat) cannot cross.
  std::string arrayElementWhy(clang::QualType T) {
    return "'" + T.getAsString(Ctx.getPrintingPolicy()) + "' elements, and an array payload crosses nodes as the bytes "
                "of its elements: numbers, enums, or plain classes of such "
                "without padding (use a payload class with a std::vector "
                "field for others)";
  }

  static bool defaultConstructible(const clang::CXXRecordDecl *RD) {
    if (!RD->hasUserDeclaredConstructor())
      return true;
    for (const clang::CXXConstructorDecl *C : RD->ctors())
      if (C->getMinRequiredArguments() == 0 && !C->isDeleted() &&
          C->getAccess() == clang::AS_public)
        return true;
    return false;
  }

  static bool hasOwnWire(const clang::CXXRecordDecl *RD) {
    bool Ser = false, De = false;
    for (const clang::CXXMethodDecl *M : RD->methods()) {
      if (M->getNameAsString() == "serialize" && M->getNumParams() == 1)
        Ser = true;
      if (M->getNameAsString() == "deserialize" && M->isStatic() &&
          M->getNumParams() == 1)
        De = true;
    }
    return Ser && De;
  }

  void payload(const clang::CXXRecordDecl *RD, PayloadWire &Out) {
    std::string Name = spell(Ctx.getRecordType(RD));
    std::string N = std::to_string(Index++);
    if (RD->getQualifiedNameAsString() == "aspen::snet::Record") {
      Out.Why = "S-Net records do not cross nodes (their fields hold any C++ "
                "value); a network and the instances it exchanges records "
                "with run on one node";
      return;
    }
    if (clang::QualType Elem = arrayPayloadElement(RD); !Elem.isNull()) {
      // The runtime writes and reads array payloads itself, as their
      // elements' bytes; it knows the common element types, and learns
      // the others' sizes here.
      if (runtimeArrayElement(Elem))
        return;
      if (!flat(Elem)) {
        Out.Why = "it holds " + arrayElementWhy(Elem);
        return;
      }
      Code += "static const bool aspen_wire_reg" + N +
              " = (aspen::wire::registerArray<" + name(Elem) + ">(), true);\n";
      return;
    }
    if (hasOwnWire(RD)) {
      Code += "static const bool aspen_wire_reg" + N +
              " = (aspen::wire::registerType(typeid(" + Name +
              "), &aspen::wire::ownSerialize<" + Name +
              ">, &aspen::wire::ownDeserialize<" + Name + ">), true);\n";
      return;
    }
    if (!defaultConstructible(RD)) {
      Out.Why = "it has no public default constructor (add one, or define "
                "serialize/deserialize)";
      return;
    }
    std::string Put, Get, Why;
    // Helpers written for a class that then fails are dropped, code and
    // name: a later class with the same element type writes its own.
    size_t Mark = Code.size();
    std::map<const clang::CXXRecordDecl *, std::string> HelpersBefore = Helpers;
    std::map<void *, std::string> AliasesBefore = Aliases;
    if (!record(RD, "B", Put, Get, Why)) {
      Out.Why = Why;
      Code.resize(Mark);
      Helpers = std::move(HelpersBefore);
      Aliases = std::move(AliasesBefore);
      return;
    }
    Code += "static void aspen_wire_put" + N +
            "(const aspen::Payload &P, aspen::wire::Writer &W) {\n"
            "  [[maybe_unused]] const char *B = reinterpret_cast<const char "
            "*>(&static_cast<"
            "const " +
            Name + " &>(P));\n" + Put + "}\n";
    Code +=
        "static aspen::Payload *aspen_wire_get" + N +
        "(aspen::wire::Reader &R) {\n  auto *O = new " + Name +
        "();\n  [[maybe_unused]] char *B = reinterpret_cast<char *>(O);\n"
        "  try {\n" +
        Get +
        "  } catch (...) {\n    delete O;\n    throw;\n  }\n  return O;\n}\n";
    Code += "static const bool aspen_wire_reg" + N +
            " = (aspen::wire::registerType(typeid(" + Name +
            "), aspen_wire_put" + N + ", aspen_wire_get" + N + "), true);\n";
  }

  clang::ASTContext &Ctx;
  clang::PrintingPolicy PP, Written;
  std::map<const clang::CXXRecordDecl *, std::string> Helpers;
  /// Aliases of types name() could not spell, by canonical type.
  std::map<void *, std::string> Aliases;
  /// The field value() is writing, for its messages.
  std::string FieldName, FieldType;
  unsigned Vars = 0; // names of the generated code's locals
  std::string Code;
  unsigned Index = 0;
};

/// Finds the payload classes and which module classes create them.
class Finder : public clang::RecursiveASTVisitor<Finder> {
public:
  Finder(clang::ASTContext &Ctx, WireResult &Out) : Ctx(Ctx), Out(Out) {}

  bool VisitCXXRecordDecl(clang::CXXRecordDecl *RD) {
    if (!RD->isThisDeclarationADefinition() || RD->isDependentContext() ||
        RD->getDescribedClassTemplate() ||
        llvm::isa<clang::ClassTemplateSpecializationDecl>(RD) ||
        Ctx.getSourceManager().isInSystemHeader(RD->getLocation()))
      return true;
    if (RD->getQualifiedNameAsString().rfind("aspen::", 0) == 0)
      return true;
    if (!isPayload(RD) || RD->isAbstract())
      return true;
    add(RD);
    return true;
  }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr *E) {
    note(E->getType(), E->getBeginLoc());
    return true;
  }
  bool VisitCXXNewExpr(clang::CXXNewExpr *E) {
    note(E->getAllocatedType(), E->getBeginLoc());
    return true;
  }

  void add(const clang::CXXRecordDecl *RD) {
    if (Seen.insert(RD).second)
      Classes.push_back(RD);
  }

  /// A payload class made from a class template (`Boxed<int>`): the
  /// traversal does not visit instantiations, so it is taken where
  /// something creates one.
  void noteSpecialization(clang::QualType T, clang::SourceLocation Where) {
    const auto *S =
        llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
            T->getAsCXXRecordDecl());
    if (!S || !S->hasDefinition() || inStd(S))
      return;
    S = llvm::cast<clang::ClassTemplateSpecializationDecl>(S->getDefinition());
    if (!arrayPayloadElement(S).isNull()) {
      // Declared in the runtime's header: errors point where a module
      // makes it (or, failing that, where anything does).
      auto [It, New] = FirstMade.emplace(S, std::make_pair(Where, false));
      if (CurrentModule && !It->second.second)
        It->second = {Where, true};
      add(S);
      return;
    }
    if (Ctx.getSourceManager().isInSystemHeader(S->getLocation()) ||
        S->getQualifiedNameAsString().rfind("aspen::", 0) == 0 ||
        !isPayload(S) || S->isAbstract())
      return;
    add(S);
  }

  bool isPayload(const clang::CXXRecordDecl *RD) {
    if (!RD->hasDefinition())
      return false;
    for (const clang::CXXBaseSpecifier &B : RD->bases())
      if (const auto *BD = B.getType()->getAsCXXRecordDecl())
        if (BD->getQualifiedNameAsString() == "aspen::Payload" || isPayload(BD))
          return true;
    return false;
  }

  /// Which module's code creates this type (a method of AspenModule_X).
  void note(clang::QualType T, clang::SourceLocation Where) {
    noteSpecialization(T, Where);
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !CurrentModule)
      return;
    // An S-Net record made by a module: declared by the runtime, so it is
    // noted here, where a module makes it.
    if (RD->getQualifiedNameAsString() == "aspen::snet::Record" &&
        RD->hasDefinition()) {
      RD = RD->getDefinition();
      FirstMade.emplace(RD, std::make_pair(Where, true));
      add(RD);
    }
    Created[RD].insert(*CurrentModule);
  }

  bool TraverseCXXRecordDecl(clang::CXXRecordDecl *RD) {
    llvm::StringRef N = RD->getName();
    bool IsModule = N.startswith(ModuleClassPrefix) &&
                    RD->getDeclContext()->isTranslationUnit();
    std::optional<std::string> Saved = CurrentModule;
    if (IsModule)
      CurrentModule =
          N.drop_front(llvm::StringRef(ModuleClassPrefix).size()).str();
    bool R = RecursiveASTVisitor::TraverseCXXRecordDecl(RD);
    CurrentModule = Saved;
    return R;
  }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *M) {
    // Out-of-line definitions of module methods.
    std::optional<std::string> Saved = CurrentModule;
    llvm::StringRef N = M->getParent()->getName();
    if (N.startswith(ModuleClassPrefix))
      CurrentModule =
          N.drop_front(llvm::StringRef(ModuleClassPrefix).size()).str();
    bool R = RecursiveASTVisitor::TraverseCXXMethodDecl(M);
    CurrentModule = Saved;
    return R;
  }

  clang::ASTContext &Ctx;
  WireResult &Out;
  std::vector<const clang::CXXRecordDecl *> Classes;
  std::set<const clang::CXXRecordDecl *> Seen;
  std::map<const clang::CXXRecordDecl *, std::set<std::string>> Created;
  /// Where an array payload type is first made (its declaration is the
  /// runtime's).
  std::map<const clang::CXXRecordDecl *,
           std::pair<clang::SourceLocation, bool /*in a module*/>>
      FirstMade;
  std::optional<std::string> CurrentModule;
};

class WireConsumer : public clang::ASTConsumer {
public:
  WireConsumer(WireResult &Out,
               const std::function<SourceLoc(const clang::SourceManager &,
                                             clang::SourceLocation)> &Map)
      : Out(Out), Map(Map) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Finder F(Ctx, Out);
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    Generator G(Ctx);
    for (const clang::CXXRecordDecl *RD : F.Classes) {
      PayloadWire W;
      llvm::raw_string_ostream Name(W.Name); // with template arguments
      RD->getNameForDiagnostic(Name, Ctx.getPrintingPolicy(),
                               /*Qualified=*/true);
      Name.flush();
      auto Made = F.FirstMade.find(RD);
      W.MadeAt = Made != F.FirstMade.end();
      W.Loc = Map(Ctx.getSourceManager(),
                  W.MadeAt ? Made->second.first : RD->getLocation());
      auto It = F.Created.find(RD);
      if (It != F.Created.end())
        W.CreatedBy.assign(It->second.begin(), It->second.end());
      G.payload(RD, W);
      Out.Payloads.push_back(std::move(W));
    }
    Out.Code = G.Code;
  }

private:
  WireResult &Out;
  std::function<SourceLoc(const clang::SourceManager &, clang::SourceLocation)>
      Map;
};

} // namespace

std::unique_ptr<clang::ASTConsumer> aspen::codegen::makeWireConsumer(
    WireResult &Out, std::function<SourceLoc(const clang::SourceManager &,
                                             clang::SourceLocation)>
                         Map) {
  return std::make_unique<WireConsumer>(Out, std::move(Map));
}
