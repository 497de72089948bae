# Runs the cuFFT sample application (clients/samples/cufft_app.cpp, built against cuFFT) on rift, and checks that
# it passed and that rift, not cuFFT, ran its transforms (RIFT_LOG=plan logs each plan rift makes). Run by CTest as
#   cmake -DAPP=<the application> [-DPRELOAD=<librift_cufft.so>] -P cufft_app_check.cmake
# With PRELOAD the application is the one linked against libcufft, with librift_cufft.so in LD_PRELOAD;
# without, the one relinked against librift_cufft. Without a CUDA device the application says so and the test
# is reported as skipped.
set(environment RIFT_LOG=plan)
if(PRELOAD)
  list(APPEND environment LD_PRELOAD=${PRELOAD})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env ${environment} ${APP}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
message(STATUS "${out}")
if(code STREQUAL "77")
  message(STATUS "no CUDA device: test skipped")
  return()
endif()
if(NOT code STREQUAL "0" OR NOT out MATCHES "cufft_app: PASS")
  message(FATAL_ERROR "${APP} failed (exit status '${code}'):\n${out}${err}")
endif()
if(NOT err MATCHES "rift plan created")
  message(FATAL_ERROR "${APP} passed, but rift made no plan: its transforms ran elsewhere (cuFFT?)\n${err}")
endif()
message(STATUS "passed on rift")
