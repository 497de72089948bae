/* What rift's hipFFT and cuFFT fronts add to those APIs: the reason for a failure. hipFFT's and cuFFT's calls
 * return a status only; these give the text that says what was wrong, per thread, as rift_get_last_error_message
 * does for rift's own calls: the most recent failing call's reason, "" after a call that succeeded. Each is
 * exported by its front's library (librift_hipfft, librift_cufft). */
#ifndef RIFT_RIFT_FRONTS_H
#define RIFT_RIFT_FRONTS_H

#include "rift/rift.h"

#ifdef __cplusplus
extern "C" {
#endif

RIFT_EXPORT const char* rift_hipfft_get_last_error_message(void);
RIFT_EXPORT const char* rift_cufft_get_last_error_message(void);

#ifdef __cplusplus
}
#endif

#endif /* RIFT_RIFT_FRONTS_H */
