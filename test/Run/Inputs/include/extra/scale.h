// Found only through -I (see define_include.asp).
#ifndef RUN_INPUTS_EXTRA_SCALE_H
#define RUN_INPUTS_EXTRA_SCALE_H

#ifndef SCALE
#error "SCALE is not defined"
#endif

inline long scaled(long v) { return v * SCALE; }

#endif
