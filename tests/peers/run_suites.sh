#!/usr/bin/env bash
# Runs hipFFT's own test suite (hipfft-test) and, when staged, rocFFT's (rocfft-test) against rift's fronts on the
# GPU machine, with filters that leave out what rift's fronts do not implement (docs/fronts.md): half precision,
# callbacks, multiple GPUs/processes, and planar data (not in hipFFT's API). Writes gtest XML and logs and prints,
# per suite, how many tests passed, failed and were skipped, with the skip and failure reasons counted.
#
#   run_suites.sh [STAGE_DIR] OUT_DIR [options] [-- extra arguments for the test binaries]
#     STAGE_DIR        the staged binaries and rift libraries (default: this script's directory)
#     OUT_DIR          logs, XML and summary.txt go here
#   options (or environment variables in brackets):
#     --test_prob P    run each generated case with probability P instead of --smoketest (P=0.002) [TEST_PROB]
#     --seed S         selection seed (default 0, upstream's default)                                [SEED]
#     --timeout SEC    limit per suite; default 450 with one suite, 220 each with two             [SUITE_TIMEOUT]
#     --only SUITE     hipfft or rocfft
#     --list           only count the tests the filters select (no GPU work)
#   Filters can be replaced with HIPFFT_TEST_FILTER / ROCFFT_TEST_FILTER (gtest --gtest_filter syntax).
set -uo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
stage="" out=""
test_prob=${TEST_PROB:-}
seed=${SEED:-0}
timeout_s=${SUITE_TIMEOUT:-}
only=""
list_only=0
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
    --test_prob) test_prob=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --list) list_only=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "run_suites.sh: unknown option $1" >&2; exit 2 ;;
    *)
        if [ -z "$out" ]; then out=$1
        elif [ -z "$stage" ]; then stage=$out; out=$1
        else echo "run_suites.sh: too many arguments" >&2; exit 2
        fi
        shift ;;
    esac
done
[ -n "$out" ] || { echo "usage: run_suites.sh [STAGE_DIR] OUT_DIR [options]" >&2; exit 2; }
stage=$(cd "${stage:-$script_dir}" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The staged rift libraries first; the binaries' $ORIGIN runpath finds them too.
export LD_LIBRARY_PATH="$stage${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# What rift's fronts do not implement (docs/fronts.md), by test-name pattern:
#   *_half*     half precision (suites pow2_*_half, tokens _half_): NOT_IMPLEMENTED
#   *_CB*       callbacks (tokens ending _CB): NOT_IMPLEMENTED; hipfft-test also gets --callback_prob 0, which
#               generates none (rocfft-test refuses 0 there)
#   *multi_gpu* multi-GPU and multi-process suites (none are generated with one GPU anyway)
#   *_CP_*, *_HP_*  planar complex/hermitian data (rocFFT only; hipFFT's API has no planar layouts)
#   DISABLED_*  upstream's disabled suites (offset tests), left out by gtest anyway
common_exclude='*_half*:*_CB*:*multi_gpu*:*_CP_*:*_HP_*'
hipfft_filter=${HIPFFT_TEST_FILTER:-"*-$common_exclude"}
# rocfft-test: its accuracy suites (accuracy_test_1D/2D/3D/adhoc/checkstride/... instantiate accuracy_test),
# not its unit tests of rocFFT's internals (work-buffer sizes of its own plans, runtime-compilation cache,
# logging), bitwise-reproducibility database or default callbacks.
rocfft_filter=${ROCFFT_TEST_FILTER:-"*accuracy_test*-$common_exclude:*callback*"}

suites=()
for s in hipfft rocfft; do
    [ -n "$only" ] && [ "$only" != "$s" ] && continue
    [ -x "$stage/$s-test" ] && suites+=("$s")
done
[ ${#suites[@]} -gt 0 ] || { echo "run_suites.sh: no hipfft-test or rocfft-test in $stage" >&2; exit 2; }
if [ -z "$timeout_s" ]; then
    if [ ${#suites[@]} -eq 1 ]; then timeout_s=450; else timeout_s=220; fi
fi
if [ -n "$test_prob" ]; then selection=(--test_prob "$test_prob"); else selection=(--smoketest); fi
selection+=(--seed "$seed")

summary=$out/summary.txt
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }

say "rift peer suites: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
if command -v nvidia-smi > /dev/null; then
    say "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
fi
say "stage: $stage; selection: ${selection[*]}; limit per suite: ${timeout_s} s"
for lib in librift.so.0 librift_hipfft.so.0 librift_rocfft.so.0; do
    [ -e "$stage/$lib" ] && say "  $lib: $(stat -c '%s bytes, %y' "$stage/$lib")"
done

# Counts from the log rather than the XML, so that a suite cut off by the time limit (no XML) still counts.
summarize() { # suite log rc
    local suite=$1 log=$2 rc=$3
    local passed failed skipped
    passed=$(sed -n 's/^\[       OK \] \([^ ]*\) .*/\1/p' "$log" | sort -u | wc -l)
    failed=$(sed -n 's/^\[  FAILED  \] \([^ ,]*\).*/\1/p' "$log" | grep '\.' | sort -u | wc -l)
    skipped=$(sed -n 's/^\[  SKIPPED \] \([^ ,]*\).*/\1/p' "$log" | grep '\.' | sort -u | wc -l)
    say "$suite: passed $passed, failed $failed, skipped $skipped (exit status $rc)"
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        say "  cut off after $timeout_s s; still running: $(grep '^\[ RUN      \]' "$log" | tail -1 | cut -c14-)"
    elif [ "$rc" -ge 128 ] 2> /dev/null; then
        say "  killed by signal $((rc - 128)) in: $(grep '^\[ RUN      \]' "$log" | tail -1 | cut -c14-)"
    fi
    # Skips by the first line of their message, failures by the first two lines (an EXPECT_EQ's first line alone
    # says nothing), numbers replaced by N, counted.
    if [ "$skipped" -gt 0 ]; then
        say "  skipped, by reason:"
        awk '/: Skipped$/ {getline m; print m}' "$log" | sed 's/[0-9][0-9.e+-]*/N/g' | sort | uniq -c | sort -rn |
            head -15 | sed 's/^/    /' | tee -a "$summary"
    fi
    if [ "$failed" -gt 0 ]; then
        say "  failed, by first message line:"
        awk '/: Failure$/ {
                m = ""; n = 0
                while((getline l) > 0) {
                    if(l == "" || l ~ /^\[/) break
                    if(l == "Failed") continue
                    sub(/^ +/, "", l); m = m (n ? " | " : "") l
                    if(++n == 2) break
                }
                print m
            }' "$log" | sed 's/[0-9][0-9.e+-]*/N/g' | sort | uniq -c | sort -rn |
            head -15 | sed 's/^/    /' | tee -a "$summary"
        say "  failed, by suite prefix:"
        sed -n 's/^\[  FAILED  \] \([^ ,]*\).*/\1/p' "$log" | grep '\.' | sort -u | sed 's/[./].*//' | sort | uniq -c |
            sort -rn | sed 's/^/    /' | tee -a "$summary"
    fi
}

status=0
for s in "${suites[@]}"; do
    bin=$stage/$s-test
    filter_var=${s}_filter
    filter=${!filter_var}
    args=("${selection[@]}")
    [ "$s" = hipfft ] && args+=(--callback_prob 0)
    say ""
    say "== $s-test, --gtest_filter='$filter'"
    if [ "$list_only" = 1 ]; then
        "$bin" "${args[@]}" --gtest_filter="$filter" --gtest_list_tests "${extra[@]}" > "$out/$s-test.list" 2>&1
        # gtest lists suites unindented and their tests indented; DISABLED_ ones are listed but never run.
        n=$(awk '/^[^ ]/ {suite = $1} /^  / && suite !~ /^DISABLED_/ && $1 !~ /^DISABLED_/' "$out/$s-test.list" | wc -l)
        say "$s-test: $n tests selected, not counting DISABLED_ ones (list in $out/$s-test.list)"
        continue
    fi
    ldd "$bin" | grep -E 'librift|not found' | sed 's/^\s*/  /' | tee -a "$summary"
    start=$(date +%s)
    timeout -k 15 "$timeout_s" "$bin" "${args[@]}" --gtest_filter="$filter" \
        --gtest_output="xml:$out/$s-test.xml" "${extra[@]}" > "$out/$s-test.log" 2>&1
    rc=$?
    say "$s-test ran $(($(date +%s) - start)) s; log $out/$s-test.log"
    summarize "$s-test" "$out/$s-test.log" "$rc"
    [ "$rc" = 0 ] || status=1
done
say ""
say "summary written to $summary"
exit $status
