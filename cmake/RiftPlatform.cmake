# Chooses the GPU platform and provides rift_add_gpu_sources(), which compiles HIP sources for it, and
# rift_add_gpu_objects(), an object library of them:
#  - nvidia: nvcc compiles the .hip files as CUDA; library/platform/hip_api.h maps HIP calls onto the CUDA runtime;
#  - amd: the C++ compiler must be hipcc, which compiles every C++ source as HIP; only the .hip files carry device
#    code, so the others are compiled for the host alone.
include(CheckLanguage)

set(RIFT_GPU_PLATFORM "auto" CACHE STRING "GPU platform: nvidia, amd or auto")
set_property(CACHE RIFT_GPU_PLATFORM PROPERTY STRINGS auto nvidia amd)

if(RIFT_GPU_PLATFORM STREQUAL "auto")
  if(CMAKE_CXX_COMPILER MATCHES "hipcc")
    set(RIFT_GPU_PLATFORM "amd")
  else()
    check_language(CUDA)
    if(CMAKE_CUDA_COMPILER)
      set(RIFT_GPU_PLATFORM "nvidia")
    else()
      message(FATAL_ERROR "rift: no CUDA compiler found and the C++ compiler is not hipcc; "
                          "install the CUDA toolkit, or configure with CXX=hipcc -DRIFT_GPU_PLATFORM=amd")
    endif()
  endif()
endif()

add_library(rift_platform INTERFACE)

if(RIFT_GPU_PLATFORM STREQUAL "nvidia")
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  find_package(CUDAToolkit REQUIRED)
  target_compile_definitions(rift_platform INTERFACE RIFT_PLATFORM_NVIDIA)
  target_link_libraries(rift_platform INTERFACE CUDA::cudart_static)
  function(rift_add_gpu_sources target)
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CUDA)
    target_sources(${target} PRIVATE ${ARGN})
  endfunction()
elseif(RIFT_GPU_PLATFORM STREQUAL "amd")
  set(RIFT_AMD_ARCHITECTURES "gfx90a" CACHE STRING "AMD GPU targets (semicolon-separated)")
  find_package(hip REQUIRED CONFIG PATHS /opt/rocm /usr/lib/x86_64-linux-gnu/cmake/hip)
  target_compile_definitions(rift_platform INTERFACE RIFT_PLATFORM_AMD)
  target_link_libraries(rift_platform INTERFACE hip::host)
  set(_rift_hip_flags -x hip)
  foreach(arch IN LISTS RIFT_AMD_ARCHITECTURES)
    list(APPEND _rift_hip_flags --offload-arch=${arch})
  endforeach()
  # Every source gets the target list (not hipcc's default arch, which it would look for on this machine) and a
  # host-only compilation; the GPU sources turn the device pass back on (the later option wins).
  target_compile_options(rift_platform INTERFACE $<$<COMPILE_LANGUAGE:CXX>:${_rift_hip_flags} --offload-host-only>)
  function(rift_add_gpu_sources target)
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CXX COMPILE_OPTIONS --offload-host-device)
    target_sources(${target} PRIVATE ${ARGN})
  endfunction()
else()
  message(FATAL_ERROR "rift: RIFT_GPU_PLATFORM must be nvidia, amd or auto (got '${RIFT_GPU_PLATFORM}')")
endif()
message(STATUS "rift: GPU platform ${RIFT_GPU_PLATFORM}")

# rift_add_gpu_objects(target sources...): an object library of GPU sources, whose objects it lists in
# <build tree>/<target>.objects. Configured with RIFT_GPU_OBJECTS_FROM=<another build tree of the same sources and
# platform>, it imports that tree's objects instead of compiling them: CI's sanitizer build does, since the host
# sanitizers do not reach nvcc's translation units, and compiling them again would check nothing more.
set(RIFT_GPU_OBJECTS_FROM "" CACHE PATH "A built tree of the same sources whose GPU objects this build links")
function(rift_add_gpu_objects target)
  if(RIFT_GPU_OBJECTS_FROM)
    set(object_list "${RIFT_GPU_OBJECTS_FROM}/${target}.objects")
    if(NOT EXISTS "${object_list}")
      message(FATAL_ERROR "rift: RIFT_GPU_OBJECTS_FROM: ${object_list} does not exist (build that tree first)")
    endif()
    file(STRINGS "${object_list}" objects)
    list(LENGTH objects object_count)
    list(LENGTH ARGN source_count)
    if(NOT object_count EQUAL source_count)
      message(FATAL_ERROR "rift: ${object_list} lists ${object_count} objects for ${source_count} sources")
    endif()
    add_library(${target} OBJECT IMPORTED GLOBAL)
    set_target_properties(${target} PROPERTIES IMPORTED_OBJECTS "${objects}")
  else()
    add_library(${target} OBJECT)
    rift_add_gpu_sources(${target} ${ARGN})
    file(GENERATE OUTPUT "${PROJECT_BINARY_DIR}/${target}.objects"
         CONTENT "$<JOIN:$<TARGET_OBJECTS:${target}>,\n>\n")
  endif()
endfunction()
