/* What rift's rocFFT front adds to rocFFT's API: the reason for a failure. rocFFT's calls return a status only;
 * this gives the text that says what was wrong, per thread, as rift_get_last_error_message does for rift's own
 * calls: the most recent failing rocfft_* call's reason, "" after a call that succeeded. Exported by
 * librift_rocfft. */
#ifndef RIFT_ROCFFT_H
#define RIFT_ROCFFT_H

#include "rocfft-export.h"

#ifdef __cplusplus
extern "C" {
#endif

ROCFFT_EXPORT const char* rift_rocfft_get_last_error_message(void);

#ifdef __cplusplus
}
#endif

#endif /* RIFT_ROCFFT_H */
