// Constants that need dynamic initialisation before main().
#ifndef RUN_INPUTS_GLOBALS_H
#define RUN_INPUTS_GLOBALS_H
#include <cstdlib>
#include <string>
#include <vector>

inline int startupValue() { return std::atoi("42"); }
const int dynamicValue = startupValue();
const std::string greeting = "hello from a global";
inline const std::vector<int> primes = {2, 3, 5, 7, 11};

#endif
