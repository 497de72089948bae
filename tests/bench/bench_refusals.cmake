# rift-bench refuses bad arguments and impossible layouts with exit status 1 and a message that says what is
# wrong: never a crash, an abort, a silent default or a huge allocation. Run by CTest as
#   cmake -DRIFT_BENCH=<path to rift-bench> -DSCRATCH=<a directory> -P bench_refusals.cmake
# on the host executor, so it needs no GPU.
set(failures 0)

function(expect_refusal pattern)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env RIFT_EXECUTOR=host ${RIFT_BENCH} ${ARGN}
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  string(REPLACE ";" " " command "${ARGN}")
  if(NOT code STREQUAL "1")
    message(SEND_ERROR "rift-bench ${command}: exit status '${code}', expected 1\n${out}${err}")
  elseif(NOT err MATCHES "${pattern}")
    message(SEND_ERROR "rift-bench ${command}: message does not match '${pattern}':\n${err}")
  else()
    string(STRIP "${err}" err)
    message(STATUS "refused: rift-bench ${command}\n    ${err}")
  endif()
endfunction()

# Offsets whose byte addresses wrap around 2^64: rift refuses the plan before any buffer is sized.
expect_refusal("rift_plan_create failed: invalid offset: output offset"
               --length 64 --ooffset 2305843009213693944 -o -N 1)
expect_refusal("rift_plan_create failed: invalid offset: input offset" --length 64 --ioffset 2305843009213693952 -o)
expect_refusal("rift_plan_create failed: invalid offset: input offset" --length 64 --ioffset 4611686018427387000 -o)
expect_refusal("rift_plan_create failed: invalid stride: output stride 0"
               --length 8 --double --ostride 288230376151711744 -o)
expect_refusal("rift_plan_create failed: invalid distance: input distance"
               --length 8 -b 3 --idist 2305843009213693952 -o)
# Sizes the bench itself computes, overflow-checked.
expect_refusal("does not fit in 64 bits" --length 4294967296 4294967296 2)
expect_refusal("does not fit in 64 bits" --length 1024 --istride 18446744073709551615 -o -b 2)
# Arguments that once fell back to a default or printed nothing.
expect_refusal("--batch-for-bytes 0 is less than one transform's input" --length 64 --batch-for-bytes 0)
expect_refusal("--batch-for-bytes 7 is less than one transform's input" --length 64 --batch-for-bytes 7)
expect_refusal("transform type must be 0, 1, 2, 3 or dct1..dct4, dst1..dst4" --length 64 -t 4)
expect_refusal("is not a readable file" --suite "${SCRATCH}")
file(WRITE "${SCRATCH}/empty_suite.txt" "# only a comment\n")
expect_refusal("has no cases" --suite "${SCRATCH}/empty_suite.txt")
# Nodes rift cannot take are refused by rift, before the bench allocates them.
expect_refusal("rift_nfft_create failed: not implemented" --nfft 99999999999 --length 64)
