// The header that test/CodeGen/include_next_to_asp.asp means.
inline const char *greeting() { return "from the header next to the .asp"; }
