// Compiled by aspenc with the program's modules.
int helperBase() { return 20; }
