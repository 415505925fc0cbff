// Nothing: only included, for dump_cxx.asp.
#pragma once
