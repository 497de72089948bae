#!/usr/bin/env bash
# Builds hipFFT's own test suite (hipfft-test) and, when rift's rocFFT front is there, rocFFT's (rocfft-test)
# against rift's fronts, for NVIDIA GPUs, with nvcc and without upstream CMake, ROCm or HIP: the HIP runtime calls
# of the clients go through hip_on_cuda/ (a small HIP-on-CUDA shim), FFTW and GoogleTest are linked statically,
# and the binaries find rift's libraries next to them ($ORIGIN) or through LD_LIBRARY_PATH.
#
#   tests/peers/build_suites.sh [RIFT_BUILD_DIR [WORK_DIR]] [options]
#     RIFT_BUILD_DIR   rift's build directory with library/librift.so.0 and library/fronts/  (default ../../build)
#     WORK_DIR         sources, objects and the staged binaries                                 (default /tmp/rift-peers)
#   options (or the environment variables in brackets):
#     --sources DIR    take hipfft-*/ and rocfft-*/ (unpacked) or their .orig.tar.gz from DIR   [RIFT_PEERS_SOURCES]
#     --arch SM        nvcc's -arch, e.g. sm_90 (default) or sm_80                              [RIFT_PEERS_ARCH]
#     --jobs N         parallel compilations (default 2)                                          [RIFT_PEERS_JOBS]
#     --optimize FLAG  nvcc's optimization, e.g. -O0 where the suites are only built (default -O2) [RIFT_PEERS_OPTIMIZE]
#     --no-rocfft      build hipfft-test only
#     --fetch-only     only get the sources (and Boost) into WORK_DIR/src, then stop
#   Versions default to what `apt-cache showsrc` finds, else 6.4.3 [HIPFFT_VERSION, ROCFFT_VERSION];
#   mirror [DEBIAN_MIRROR] (default http://deb.debian.org/debian).
#
# Result: WORK_DIR/stage/ holds hipfft-test (and rocfft-test), librift*.so.0 and any library the binaries need
# that a stock Debian + CUDA machine lacks (also packed as WORK_DIR/rift-peers-stage.tar.gz); copy it to the GPU
# machine and run stage/run_suites.sh there.
# When the sources cannot be fetched the script says "skipped: sources not available" and exits 0.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_dir=$(cd "$script_dir/../.." && pwd)

rift_build=""
work=""
sources=${RIFT_PEERS_SOURCES:-}
arch=${RIFT_PEERS_ARCH:-sm_90}
jobs=${RIFT_PEERS_JOBS:-2}
optimize=${RIFT_PEERS_OPTIMIZE:--O2}
want_rocfft=1
fetch_only=0
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

while [ $# -gt 0 ]; do
    case "$1" in
    --sources) sources=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --optimize) optimize=$2; shift 2 ;;
    --no-rocfft) want_rocfft=0; shift ;;
    --fetch-only) fetch_only=1; shift ;;
    -h | --help) sed -n '2,23p' "$0"; exit 0 ;;
    -*) echo "build_suites.sh: unknown option $1" >&2; exit 2 ;;
    *)
        if [ -z "$rift_build" ]; then rift_build=$1
        elif [ -z "$work" ]; then work=$1
        else echo "build_suites.sh: too many arguments" >&2; exit 2
        fi
        shift ;;
    esac
done
rift_build=$(cd "${rift_build:-$script_dir/../../build}" && pwd)
work=${work:-/tmp/rift-peers}
mkdir -p "$work"
work=$(cd "$work" && pwd)

export PATH=$PATH:/usr/local/cuda/bin
log() { echo "[build_suites] $*"; }
die() { echo "[build_suites] error: $*" >&2; exit 1; }

command -v nvcc > /dev/null || die "nvcc not found (looked in PATH and /usr/local/cuda/bin)"
for lib in "$rift_build/library/librift.so.0" "$rift_build/library/fronts/librift_hipfft.so.0"; do
    [ -e "$lib" ] || die "$lib not found: build rift with -DRIFT_BUILD_FRONTS=ON first"
done
case "$work/" in "$repo_dir"/*) die "the work directory must be outside the repository (upstream sources go there)" ;; esac

# Static archives, so that the GPU machine needs neither FFTW nor GoogleTest.
libdir=/usr/lib/x86_64-linux-gnu
for a in libgtest.a libfftw3.a libfftw3f.a libfftw3_threads.a libfftw3f_threads.a; do
    [ -e "$libdir/$a" ] || die "$libdir/$a missing (apt-get install libgtest-dev libfftw3-dev)"
done

# ---------------------------------------------------------------------------------------------------------------
# Sources: an unpacked tree or an orig tarball in --sources; else apt-get source (Debian unstable, through a deb-src
# line); else the orig tarball from the Debian mirror's pool. Prints the unpacked directory, or nothing.
debian_version() { # newest source version apt knows for $1, without the Debian revision
    apt-cache showsrc "$1" 2> /dev/null | sed -n 's/^Version: \(.*\)-[^-]*$/\1/p' | sort -V | tail -1
}

unpack_orig() { # tarball destination
    mkdir -p "$2"
    tar -xzf "$1" -C "$2" --strip-components=1
}

fetch_source() { # package (hipfft|rocfft); prints the source directory on stdout, logs on stderr
    local pkg=$1 upper ver dir
    upper=$(echo "$pkg" | tr '[:lower:]' '[:upper:]')
    ver=$(eval echo "\${${upper}_VERSION:-}")
    # 1. a directory given by --sources / RIFT_PEERS_SOURCES
    if [ -n "$sources" ]; then
        for dir in "$sources/$pkg-${ver:-}"* "$sources/$pkg"; do
            if [ -f "$dir/clients/tests/gtest_main.cpp" ]; then
                (cd "$dir" && pwd); return 0
            fi
        done
        for tarball in "$sources/${pkg}_${ver:-}"*.orig.tar.gz; do
            if [ -f "$tarball" ]; then
                dir=$work/src/$(basename "$tarball" .orig.tar.gz | tr _ -)
                [ -f "$dir/clients/tests/gtest_main.cpp" ] || unpack_orig "$tarball" "$dir" >&2
                echo "$dir"; return 0
            fi
        done
        echo "[build_suites] $pkg: nothing usable in $sources, trying Debian" >&2
    fi
    [ -n "$ver" ] || ver=$(debian_version "$pkg")
    [ -n "$ver" ] || ver=6.4.3
    dir=$work/src/$pkg-$ver
    if [ -f "$dir/clients/tests/gtest_main.cpp" ]; then echo "$dir"; return 0; fi
    mkdir -p "$work/src/download"
    local orig="$work/src/download/${pkg}_$ver.orig.tar.gz"
    # 2. apt-get source (works where a deb-src line for unstable is configured; Debian's patches then apply)
    if apt-cache showsrc "$pkg" > /dev/null 2>&1 && [ -n "$(debian_version "$pkg")" ]; then
        echo "[build_suites] $pkg: apt-get source --download-only $pkg" >&2
        (cd "$work/src/download" && apt-get source --download-only "$pkg" >&2) ||
            echo "[build_suites] $pkg: apt-get source failed (hipfft's .dsc is known to 404); using what came" >&2
        local dsc
        dsc=$(ls "$work/src/download/${pkg}_$ver"-*.dsc 2> /dev/null | tail -1 || true)
        if [ -n "$dsc" ] && command -v dpkg-source > /dev/null &&
            (cd "$work/src" && dpkg-source --no-check -x "$dsc" "$dir" >&2); then
            echo "$dir"; return 0
        fi
    fi
    # 3. the orig tarball from the mirror's pool
    if [ ! -s "$orig" ]; then
        local url="$mirror/pool/main/${pkg:0:1}/$pkg/${pkg}_$ver.orig.tar.gz"
        echo "[build_suites] $pkg: downloading $url" >&2
        if command -v curl > /dev/null; then curl -fsSL -o "$orig.part" "$url" || rm -f "$orig.part"
        elif command -v wget > /dev/null; then wget -q -O "$orig.part" "$url" || rm -f "$orig.part"
        fi
        [ -s "$orig.part" ] && mv "$orig.part" "$orig"
    fi
    if [ -s "$orig" ]; then
        unpack_orig "$orig" "$dir" >&2
        [ -f "$dir/clients/tests/gtest_main.cpp" ] && { echo "$dir"; return 0; }
    fi
    return 0
}

# Boost: only header-only parts (tokenizer for --mp_launch, BOOST_SCOPE_EXIT_ALL in rocFFT's unit tests). The
# system's headers if installed, else Debian's libboost*-dev unpacked into WORK_DIR (nothing installed), else the
# stand-ins in boost_standins/.
find_boost() {
    if [ -f /usr/include/boost/tokenizer.hpp ] && [ -f /usr/include/boost/scope_exit.hpp ]; then return 0; fi
    local root=$work/boost/root
    if [ ! -f "$root/usr/include/boost/tokenizer.hpp" ]; then
        local dev
        dev=$(apt-cache depends libboost-dev 2> /dev/null | sed -n 's/^ *Depends: \(libboost[0-9.]*-dev\)$/\1/p' | head -1)
        mkdir -p "$work/boost" "$root"
        if [ -n "$dev" ] && (cd "$work/boost" && apt-get download "$dev" > /dev/null 2>&1); then
            dpkg -x "$(ls "$work/boost/${dev}"_*.deb | tail -1)" "$root"
        fi
    fi
    if [ -f "$root/usr/include/boost/tokenizer.hpp" ]; then
        echo "-I$root/usr/include"
    else
        echo "[build_suites] Boost headers not available: using boost_standins/" >&2
        echo "-I$script_dir/boost_standins"
    fi
}

# ---------------------------------------------------------------------------------------------------------------
# Compilation: one nvcc per translation unit, JOBS at a time; an object is rebuilt when older than its source, the
# shim or the rift headers (other headers are not tracked: delete WORK_DIR/build to force a rebuild).
compile_all() { # objdir flags-file sources...
    local objdir=$1 flags=$2; shift 2
    mkdir -p "$objdir"
    local newest_dep
    newest_dep=$(find "$script_dir/hip_on_cuda" "$repo_dir/include" "$flags" -type f -printf '%T@\n' | sort -n | tail -1)
    local todo=()
    for src in "$@"; do
        local obj="$objdir/$(basename "$src" .cpp).o"
        if [ -f "$obj" ] && [ "$(stat -c %Y "$obj")" -ge "$(stat -c %Y "$src")" ] &&
            [ "$(stat -c %Y "$obj")" -ge "${newest_dep%.*}" ]; then continue; fi
        todo+=("$src=$obj")
    done
    [ ${#todo[@]} -eq 0 ] && return 0
    log "compiling ${#todo[@]} translation units ($jobs at a time) into $objdir"
    printf '%s\n' "${todo[@]}" | xargs -P "$jobs" -I{} bash -c '
        src=${1%%=*}; obj=${1#*=}; start=$(date +%s)
        if nvcc $(cat "$2") -c "$src" -o "$obj" > "$obj.log" 2>&1; then
            echo "  ok   $(basename "$src") ($(( $(date +%s) - start )) s)"
        else
            rm -f "$obj"; echo "  FAIL $(basename "$src"): see $obj.log"; tail -20 "$obj.log"; exit 1
        fi' _ {} "$flags" || die "compilation failed"
}

# The libraries a binary needs beyond a stock Debian + CUDA driver machine go into the stage directory.
stage_binary() { # binary
    local bin=$1 stage=$work/stage
    mkdir -p "$stage"
    cp -f "$bin" "$stage/"
    local base='^(linux-vdso|ld-linux|libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|libcuda|libnvidia-)[.-]'
    LD_LIBRARY_PATH="$rift_build/library:$rift_build/library/fronts${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$bin" |
        awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | while read -r name path; do
        if ! [[ $name =~ $base ]]; then cp -fL "$path" "$stage/$name"; fi
    done
}

common_flags() { # extra flags; writes the flags to stdout
    echo "-x cu -std=c++17 $optimize -arch=$arch --expt-relaxed-constexpr -w -Xptxas=-w"
    echo "-D__HIP_PLATFORM_NVIDIA__ -DFFTW_MULTITHREAD -DBUILD_CLIENTS_TESTS_OPENMP -Xcompiler -fopenmp"
    # hipDataType comes from the fronts' own HIP-type header (library/fronts/hip_types_on_cuda), after the shim.
    echo "-I$script_dir/hip_on_cuda -I$repo_dir/library/fronts/hip_types_on_cuda -I$repo_dir/include $boost_flags $*"
}

link_flags() { # front library name (rift_hipfft|rift_rocfft)
    # -lrift as well (not only the front's own dependency), so that librift.so.0 is found through this binary's
    # $ORIGIN runpath and not through the front's build-tree runpath.
    echo "-arch=$arch -Xcompiler -fopenmp -L$rift_build/library/fronts -L$rift_build/library"
    echo "-Xlinker --no-as-needed -l$1 -lrift -Xlinker -rpath -Xlinker \$ORIGIN"
    echo "$libdir/libgtest.a $libdir/libfftw3_threads.a $libdir/libfftw3f_threads.a $libdir/libfftw3.a $libdir/libfftw3f.a"
    echo "-lpthread -ldl -lm"
}

check_symbols() { # binary front-library: every undefined hipfft*/rocfft_* symbol must be defined by the front
    local missing
    missing=$(comm -23 <(nm -D --undefined-only "$1" | awk '{print $2}' | grep -E '^(hipfft|rocfft_)' | sort -u) \
        <(nm -D --defined-only "$2" | awk '{print $3}' | sed 's/@.*//' | sort -u))
    if [ -n "$missing" ]; then
        echo "[build_suites] symbols $(basename "$1") needs that $(basename "$2") lacks:" $missing >&2
        return 1
    fi
    log "$(basename "$1"): all $(nm -D --undefined-only "$1" | grep -cE ' (hipfft|rocfft_)') front symbols resolve in $(basename "$2")"
}

boost_flags=$(find_boost)
log "rift build: $rift_build; work: $work; arch: $arch"

# ---------------------------------------------------------------------------------------------------------------
# hipfft-test: hipFFT's 9 test translation units, unmodified. USE_HIPRAND off (data made on the host), and no
# _CUFFT_BACKEND: that macro would drop the scaling tests, and rift's front has hipfftExtPlanScaleFactor.
hipfft_src=$(fetch_source hipfft) || hipfft_src=""
if [ -z "$hipfft_src" ]; then
    echo "skipped: sources not available (hipfft: no --sources, apt-get source and $mirror failed)"
    exit 0
fi
log "hipfft sources: $hipfft_src"
if [ "$fetch_only" = 1 ]; then
    rocfft_src=$(fetch_source rocfft) || rocfft_src=""
    log "rocfft sources: ${rocfft_src:-not available}"
    exit 0
fi
build=$work/build/hipfft-test
mkdir -p "$build"
# rift's hipfft.h includes no generated hipfft-export.h/hipfft-version.h, so no generated headers are needed.
common_flags > "$build/flags.new"
cmp -s "$build/flags.new" "$build/flags" 2> /dev/null && rm "$build/flags.new" || mv "$build/flags.new" "$build/flags"
hipfft_tus=(gtest_main.cpp hipfft_accuracy_test.cpp simple_test.cpp accuracy_test_1D.cpp accuracy_test_2D.cpp
    accuracy_test_3D.cpp accuracy_test_callback.cpp multi_device_test.cpp ../../shared/array_validator.cpp)
(
    cd "$hipfft_src/clients/tests"
    compile_all "$build/obj" "$build/flags" "${hipfft_tus[@]}"
)
log "linking hipfft-test"
# shellcheck disable=SC2046
nvcc "$build"/obj/*.o $(link_flags rift_hipfft) -o "$build/hipfft-test"
check_symbols "$build/hipfft-test" "$rift_build/library/fronts/librift_hipfft.so.0"
stage_binary "$build/hipfft-test"
log "hipfft-test: $work/stage/hipfft-test ($(du -h "$work/stage/hipfft-test" | cut -f1))"

# ---------------------------------------------------------------------------------------------------------------
# rocfft-test: only where rift's rocFFT front (include/rocfft/rocfft.h, librift_rocfft.so.0) has been built.
rocfft_lib=$rift_build/library/fronts/librift_rocfft.so.0
if [ "$want_rocfft" = 0 ]; then
    log "rocfft-test: skipped (--no-rocfft)"
elif [ ! -f "$repo_dir/include/rocfft/rocfft.h" ] || [ ! -e "$rocfft_lib" ]; then
    log "rocfft-test: skipped: rift's rocFFT front not built (need $repo_dir/include/rocfft/rocfft.h and $rocfft_lib)"
else
    rocfft_src=$(fetch_source rocfft) || rocfft_src=""
    if [ -z "$rocfft_src" ]; then
        log "rocfft-test: skipped: sources not available"
    else
        log "rocfft sources: $rocfft_src"
        build=$work/build/rocfft-test
        mkdir -p "$build/inc/a/b/c" "$build/inc/library/include/rocfft"
        # shared/fft_hash.h includes "../../../library/include/rocfft/rocfft.h" (upstream's header) and
        # "../../../shared/arithmetic.h", which upstream resolves through -I library/src/include. Here an include
        # directory three levels down (inc/a/b/c) makes them resolve in inc/: a header forwarding to rift's
        # rocfft.h, and a link to the sources' shared/. The sources stay untouched.
        printf '#pragma once\n#include "%s"\n' "$repo_dir/include/rocfft/rocfft.h" > "$build/inc/library/include/rocfft/rocfft.h"
        ln -sfn "$rocfft_src/shared" "$build/inc/shared"
        tests=$rocfft_src/clients/tests
        # -I$tests: the patched gtest_main.cpp below lives in the build directory and finds its relative
        # includes ("../../shared/...", "bitwise_repro/...") through it.
        common_flags "-I$build/inc/a/b/c -I$build/inc -I$tests" > "$build/flags.new"
        cmp -s "$build/flags.new" "$build/flags" 2> /dev/null && rm "$build/flags.new" || mv "$build/flags.new" "$build/flags"
        # Patch (nvcc only): gtest_main.cpp has a constexpr lambda capturing a std::array, which hip-clang accepts
        # and nvcc's front end rejects; `const` means the same there. The patched copy goes into the build
        # directory; the sources stay untouched.
        mkdir -p "$build/patched"
        sed 's/constexpr auto nidx = \[emulation_types\]/const auto nidx = [emulation_types]/' \
            "$tests/gtest_main.cpp" > "$build/patched/gtest_main.cpp.new"
        grep -q 'const auto nidx = \[emulation_types\]' "$build/patched/gtest_main.cpp.new" ||
            log "rocfft-test: the gtest_main.cpp patch no longer applies (other upstream version?)"
        cmp -s "$build/patched/gtest_main.cpp.new" "$build/patched/gtest_main.cpp" 2> /dev/null &&
            rm "$build/patched/gtest_main.cpp.new" || mv "$build/patched/gtest_main.cpp.new" "$build/patched/gtest_main.cpp"
        # Left out: default_callbacks_test.cpp (explicit specializations at class scope, which nvcc/g++ reject; it
        # tests rocFFT's own default callbacks) and multi_device_test.cpp (a brace-init overload ambiguous under
        # g++; multi-GPU only). rtc_helper_crash is not built: the unit tests using it are rocFFT internals.
        rocfft_tus=("$build/patched/gtest_main.cpp" rocfft_accuracy_test.cpp bitwise_repro/bitwise_repro_test.cpp
            accuracy_test.cpp accuracy_test_1D.cpp accuracy_test_2D.cpp accuracy_test_3D.cpp accuracy_test_adhoc.cpp
            accuracy_test_emulation.cpp accuracy_test_callback.cpp accuracy_test_checkstride.cpp
            multithread_test.cpp hermitian_test.cpp hipGraph_test.cpp callback_change_type.cpp unit_test.cpp
            buffer_hash_test.cpp validate_length_stride.cpp random.cpp ../../shared/array_validator.cpp)
        (
            cd "$tests"
            compile_all "$build/obj" "$build/flags" "${rocfft_tus[@]}"
        )
        [ -e "$libdir/libsqlite3.a" ] || die "$libdir/libsqlite3.a missing (apt-get install libsqlite3-dev)"
        log "linking rocfft-test"
        # shellcheck disable=SC2046
        nvcc "$build"/obj/*.o $(link_flags rift_rocfft) "$libdir/libsqlite3.a" -o "$build/rocfft-test"
        check_symbols "$build/rocfft-test" "$rocfft_lib"
        stage_binary "$build/rocfft-test"
        log "rocfft-test: $work/stage/rocfft-test ($(du -h "$work/stage/rocfft-test" | cut -f1))"
    fi
fi

install -m 0755 "$script_dir/run_suites.sh" "$work/stage/run_suites.sh"
# One compressed file to move to the GPU machine (librift.so's device code compresses to less than half).
tar -czf "$work/rift-peers-stage.tar.gz" -C "$work" stage
log "stage: $work/stage, packed as $work/rift-peers-stage.tar.gz ($(du -h "$work/rift-peers-stage.tar.gz" | cut -f1))"
ls -la "$work/stage"
