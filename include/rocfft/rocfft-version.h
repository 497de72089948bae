/* The rocFFT API version rift's rocFFT front implements (rocFFT 6.4.3's interface). rocfft_get_version_string
 * reports this version followed by rift's own ("6.4.3-rift-<rift version>"). */
#ifndef RIFT_ROCFFT_VERSION_H
#define RIFT_ROCFFT_VERSION_H

#define rocfft_version_major 6
#define rocfft_version_minor 4
#define rocfft_version_patch 3
#define rocfft_version_tweak 0

#endif /* RIFT_ROCFFT_VERSION_H */
