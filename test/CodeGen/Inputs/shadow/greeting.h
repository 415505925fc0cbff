// Copied by test/CodeGen/include_next_to_asp.asp to where aspenc runs, as
// Inputs/greeting.h: a quoted #include must not find it there.
#error "a quoted #include found the header in aspenc's working directory"
