/* The one translation unit of the test programs that holds jaxc's implementation. */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
