# Writes OUTPUT, a C++ source holding the text of every kernel header (ROOT/kernels/*.h) as
# rift::kEmbeddedKernelSources, for the kernels the library compiles at run time (library/exec/runtime_kernels.h),
# and their SHA-256 (rift::kEmbeddedKernelSourcesDigest, which the kernel cache's keys name), so that no process
# hashes them again.
# Run as: cmake -DROOT=<repository> -DOUTPUT=<file> -P EmbedKernelSources.cmake
file(GLOB headers RELATIVE "${ROOT}" "${ROOT}/kernels/*.h")
list(SORT headers)
set(text "// Made by cmake/EmbedKernelSources.cmake from kernels/*.h; do not edit.\n#include <cstddef>\n\nnamespace rift {\n\n")
string(APPEND text "struct EmbeddedSource {\n    const char* path;\n    const char* text;\n};\n\n")
string(APPEND text "extern const EmbeddedSource kEmbeddedKernelSources[] = {\n")
set(count 0)
set(hashed "")
foreach(header IN LISTS headers)
  file(READ "${ROOT}/${header}" content)
  string(APPEND hashed "${header}\n${content}\n")
  string(FIND "${content}" ")rift_source\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${header} contains the raw-string delimiter )rift_source\"")
  endif()
  string(APPEND text "    {\"${header}\", R\"rift_source(${content})rift_source\"},\n")
  math(EXPR count "${count} + 1")
endforeach()
string(SHA256 digest "${hashed}")
string(APPEND text "};\nextern const size_t kEmbeddedKernelSourceCount = ${count};\n")
string(APPEND text "extern const char kEmbeddedKernelSourcesDigest[] = \"${digest}\";\n\n} // namespace rift\n")
file(WRITE "${OUTPUT}.tmp" "${text}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
