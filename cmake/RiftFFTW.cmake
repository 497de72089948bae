# FFTW3 is the reference the tests and rift-bench --verify check against. Linked statically, so the test and
# bench executables run on GPU machines that have no FFTW installed. Provides rift::fftw_reference.
find_path(RIFT_FFTW_INCLUDE_DIR fftw3.h REQUIRED)
find_library(RIFT_FFTW_DOUBLE NAMES libfftw3.a fftw3 REQUIRED)
find_library(RIFT_FFTW_LONG_DOUBLE NAMES libfftw3l.a fftw3l REQUIRED)
add_library(rift_fftw_reference INTERFACE)
target_include_directories(rift_fftw_reference INTERFACE ${RIFT_FFTW_INCLUDE_DIR})
target_link_libraries(rift_fftw_reference INTERFACE ${RIFT_FFTW_LONG_DOUBLE} ${RIFT_FFTW_DOUBLE} m)
add_library(rift::fftw_reference ALIAS rift_fftw_reference)
