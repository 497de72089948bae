/* ROCFFT_EXPORT for rift's rocFFT front (librift_rocfft): the rocFFT names are the library's public symbols. */
#ifndef RIFT_ROCFFT_EXPORT_H
#define RIFT_ROCFFT_EXPORT_H

#ifndef ROCFFT_EXPORT
#if defined(_WIN32)
#define ROCFFT_EXPORT __declspec(dllexport)
#else
#define ROCFFT_EXPORT __attribute__((visibility("default")))
#endif
#endif

#endif /* RIFT_ROCFFT_EXPORT_H */
