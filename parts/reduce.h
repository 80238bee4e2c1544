/* parts/reduce.h — spliced into jaxc.h: declarations, then (under JAXC__PART_IMPL) definitions. */
#ifndef JAXC__PART_IMPL

#else /* JAXC__PART_IMPL */

#endif
