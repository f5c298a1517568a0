/* version.c: oc_version() (version.h); OC_VERSION comes from the build. */
#include "overlapcheck/version.h"

#ifndef OC_VERSION
#define OC_VERSION OVERLAPCHECK_VERSION
#endif

const char *oc_version(void)
{
	return OC_VERSION;
}
