// C++20 only: a constrained template.
#include <concepts>
template <std::integral T> T twice(T X) { return 2 * X; }
