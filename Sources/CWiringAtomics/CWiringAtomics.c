// Every function is `static inline` in include/CWiringAtomics.h, inlined into its Swift callers;
// SwiftPM builds a C target only from a source file.
#include "CWiringAtomics.h"
