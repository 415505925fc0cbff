// A function for a module to call from a library or an object given on
// aspenc's command line.
extern "C" int tinyTwice(int X) { return 2 * X; }
