#!/usr/bin/env bash
# Renders docs/performance.png from the CSV that `rift-bench --suite FILE --compare-vendor` prints (the suite
# is benchmarks/performance_suite.txt), and prints a short table of the same numbers.
#
#   benchmarks/plot_performance.sh results.csv docs/performance.png ["NVIDIA H200, 2026-11-23"]
#
# x: transform length (log2 scale); y: GB/s = (input + output bytes) / time, as rift-bench computes it. rift
# (blue, filled points) and the vendor FFT (cuFFT: orange, open points) are two series; powers of two are
# circles joined by lines, other lengths triangles and primes diamonds, with their length written by them;
# the dashed line is the copy ceiling, the median of copy_gbps.
# Only 1D cases are plotted, and only those of the first 1D case's transform, precision and placement; the
# others are skipped with a note. A CSV whose executor column is not `gpu` (rift-bench fell back to the host
# executor and timed the CPU) is refused. Needs awk, sort and gnuplot (pngcairo terminal, else png).
set -euo pipefail

program=$(basename "$0")

usage() {
    echo "usage: $program results.csv output.png [title]" >&2
    echo "  results.csv: output of 'rift-bench --suite benchmarks/performance_suite.txt --compare-vendor'" >&2
    exit 2
}

fail() {
    echo "$program: $*" >&2
    exit 1
}

[[ $# -ge 2 && $# -le 3 ]] || usage
csv=$1
output=$2
user_title=${3:-}

[[ -r $csv ]] || fail "cannot read '$csv'"
output_dir=$(dirname -- "$output")
[[ -d $output_dir ]] || fail "directory '$output_dir' (of the output '$output') does not exist"
command -v gnuplot > /dev/null || fail "gnuplot not found (Debian/Ubuntu: apt-get install gnuplot-nox)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/plot_performance.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT
: > "$tmp/copy.dat"

# One pass over the CSV. Columns are found by the header's names (repeated headers, as from concatenated suite
# runs, are skipped; rows before any header take rift-bench's column order). Writes
#   $tmp/{pow2,other,prime}.dat   length rift_gbps vendor_gbps ratio fraction_of_copy   (vendor "NaN" if absent)
#   $tmp/copy.dat                 copy_gbps of every plotted row
#   $tmp/meta                     one value a line: the plotted case, counts, input size (read below)
# and exits 3 on a row whose executor is not gpu (its message on stderr).
awk -F, -v tmp="$tmp" -v csv="$csv" '
function set_columns(line,   names, n, i) {
    n = split(line, names, ",")
    for (i in column) delete column[i]
    for (i = 1; i <= n; ++i) column[names[i]] = i
    for (i = 1; i <= n_needed; ++i) {
        if (!(needed[i] in column)) {
            printf "%s: header without column %s: %s\n", csv, needed[i], line > "/dev/stderr"
            bad_header = 1
            exit 4
        }
    }
    fields = n
}
function field(name) { return $(column[name]) }
function is_number(text) { return text ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
function is_power_of_two(n) {
    if (n < 1) return 0
    while (n % 2 == 0) n /= 2
    return n == 1
}
function is_prime(n,   d) {
    if (n < 2) return 0
    if (n % 2 == 0) return n == 2
    for (d = 3; d * d <= n; d += 2) if (n % d == 0) return 0
    return 1
}
BEGIN {
    n_needed = split("case executor precision placement lengths batch rift_gbps copy_gbps vendor_gbps ratio", needed, " ")
    set_columns("case,executor,precision,placement,lengths,batch,rift_ms,rift_gbps,copy_gbps,fraction_of_copy,vendor_ms,vendor_gbps,ratio,rel_error")
    plotted = 0; skipped_dims = 0; skipped_other = 0; malformed = 0; with_vendor = 0; max_input_bytes = 0
}
{ sub(/\r$/, "") }
/^[ \t]*$/ { next }
$1 == "case" { set_columns($0); next }
NF != fields {
    ++malformed
    if (malformed <= 3) printf "%s:%d: not a rift-bench CSV row, skipped: %s\n", csv, NR, $0 > "/dev/stderr"
    next
}
{
    if (field("executor") != "gpu") {
        printf "%s:%d: executor is \"%s\", not \"gpu\": rift-bench ran on the host executor (no usable GPU, --host or RIFT_EXECUTOR=host) and timed the CPU; refusing to plot that as GPU performance\n", csv, NR, field("executor") > "/dev/stderr"
        exit 3
    }
    lengths = field("lengths")
    if (lengths !~ /^[0-9]+$/) { ++skipped_dims; next }
    if (kind == "") {
        kind = field("case"); precision = field("precision"); placement = field("placement")
    } else if (field("case") != kind || field("precision") != precision || field("placement") != placement) {
        ++skipped_other
        next
    }
    n = lengths + 0
    rift = field("rift_gbps"); copy = field("copy_gbps"); vendor = field("vendor_gbps"); ratio = field("ratio")
    if (!is_number(rift)) { ++malformed; next }
    if (is_number(vendor)) ++with_vendor; else { vendor = "NaN"; ratio = "NaN" }
    if (!is_number(ratio)) ratio = "NaN"
    fraction = (is_number(copy) && copy > 0) ? sprintf("%.3f", rift / copy) : "NaN"
    series = is_power_of_two(n) ? "pow2" : (is_prime(n) ? "prime" : "other")
    print n, rift, vendor, ratio, fraction > (tmp "/" series ".dat")
    if (is_number(copy) && copy > 0) print copy > (tmp "/copy.dat")
    complex_bytes = (precision == "double" ? 16 : 8) * n * field("batch")
    if (complex_bytes > max_input_bytes) max_input_bytes = complex_bytes
    ++plotted
}
END {
    if (bad_header) exit 4
    printf "%s\n%s\n%s\n", kind, precision, placement > (tmp "/meta")
    printf "%d\n%d\n%d\n%d\n%d\n", plotted, skipped_dims, skipped_other, malformed, with_vendor > (tmp "/meta")
    printf "%.0f\n", max_input_bytes > (tmp "/meta")
}
' "$csv" || {
    status=$?
    [[ $status -eq 3 ]] && fail "refusing '$csv': it holds host-executor (CPU) timings, not GPU ones"
    fail "could not read '$csv' as rift-bench CSV"
}

{
    read -r kind && read -r precision && read -r placement
    read -r plotted && read -r skipped_dims && read -r skipped_other && read -r malformed && read -r with_vendor
    read -r max_input_bytes
} < "$tmp/meta"
[[ $plotted -gt 0 ]] || fail "'$csv' has no 1D case to plot"
[[ $skipped_dims -eq 0 ]] || echo "$program: skipped $skipped_dims multi-dimensional case(s)" >&2
[[ $skipped_other -eq 0 ]] ||
    echo "$program: skipped $skipped_other case(s) not $kind, $precision precision, $placement" >&2
[[ $malformed -eq 0 ]] || echo "$program: skipped $malformed malformed line(s)" >&2

for series in pow2 other prime; do
    if [[ -s $tmp/$series.dat ]]; then
        sort -g -k1,1 "$tmp/$series.dat" > "$tmp/$series.sorted"
        mv "$tmp/$series.sorted" "$tmp/$series.dat"
    fi
done

# The copy ceiling: median of copy_gbps over the plotted cases.
copy_ceiling=$(sort -g "$tmp/copy.dat" 2> /dev/null |
    awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
all_series() { cat "$tmp"/pow2.dat "$tmp"/other.dat "$tmp"/prime.dat 2> /dev/null || true; }
y_max=$(all_series | awk -v c="$copy_ceiling" '
    BEGIN { m = c } { if ($2 + 0 > m) m = $2 + 0; if ($3 != "NaN" && $3 + 0 > m) m = $3 + 0 }
    END { print (m > 0 ? m * 1.12 : 1) }')
x_range=$(all_series |
    awk 'NR == 1 { lo = hi = $1 } { if ($1 < lo) lo = $1; if ($1 > hi) hi = $1 } END { printf "%g:%g", lo / 1.6, hi * 1.6 }')

# The summary.
vendor_name="cuFFT"
case_text=${kind//_/ }
placement_text=$placement
[[ $placement == notinplace ]] && placement_text="out of place"
[[ $placement == inplace ]] && placement_text="in place"
input_text=$(awk -v b="$max_input_bytes" 'BEGIN { if (b >= 2^30) printf "%.3g GiB", b / 2^30; else printf "%.3g MiB", b / 2^20 }')
{
    echo "1D $case_text, $precision precision, $placement_text (input up to $input_text a case)"
    printf '%-13s %10s %10s %11s %7s %10s\n' series length "rift GB/s" "$vendor_name GB/s" ratio "rift/copy"
    for series in pow2 other prime; do
        [[ -s $tmp/$series.dat ]] || continue
        case $series in
            pow2) name="power of two" ;;
            other) name="other" ;;
            prime) name="prime" ;;
        esac
        awk -v name="$name" '{
            printf "%-13s %10d %10.1f %11s %7s %10s\n", name, $1, $2,
                ($3 == "NaN" ? "-" : sprintf("%.1f", $3)), ($4 == "NaN" ? "-" : sprintf("%.3f", $4)),
                ($5 == "NaN" ? "-" : $5)
        }' "$tmp/$series.dat"
    done
    printf 'copy ceiling (median of copy_gbps): %.1f GB/s; ratio = %s time / rift time (> 1: rift faster)\n' \
        "$copy_ceiling" "$vendor_name"
}

# The plot.
terminals=$(gnuplot -e 'set terminal' 2>&1 || true)
if [[ $terminals == *pngcairo* ]]; then
    terminal="set terminal pngcairo size 1200,700 enhanced font 'Sans,11' linewidth 1.2"
else
    terminal="set terminal png size 1200,700 enhanced"
fi
quote() { printf "'%s'" "${1//\'/\'\'}"; } # a gnuplot single-quoted string (no escapes but '')
compared="rift vs $vendor_name"
[[ $with_vendor -gt 0 ]] || compared="rift (no $vendor_name timings in the CSV)"
title_expression=$(quote "$compared: 1D $case_text FFT, $precision precision, $placement_text, input up to $input_text a case")
[[ -n $user_title ]] && title_expression+=".\"\\n\".$(quote "$user_title")"

# Data plotted back to front (copy ceiling, vendor, rift on top) without titles; the key is made of keyentry
# lines after them, in reading order: rift's three series, the vendor's three, the ceiling.
plots=()
keys=()
have_ceiling=$(awk -v c="$copy_ceiling" 'BEGIN { print (c > 0) ? 1 : 0 }')
copy_style="dt 2 lw 2 lc rgb 'gray40'"
[[ $have_ceiling -eq 0 ]] || plots+=("$copy_ceiling with lines $copy_style notitle")
add_series() { # file column point-type colour title with
    local file=$tmp/$1.dat style
    [[ -s $file ]] || return 0
    [[ $2 -eq 3 && $with_vendor -eq 0 ]] && return 0
    style="with $6 pt $3 ps 1.5 lw 2 lc rgb '$4'"
    plots+=("$(quote "$file") using 1:$2 $style notitle")
    keys+=("keyentry $style title $(quote "$5")")
}
rift_colour='#1f5fbf'
vendor_colour='#e0601a'
add_series prime 3 12 "$vendor_colour" "$vendor_name, primes" points
add_series other 3 8 "$vendor_colour" "$vendor_name, other lengths" points
add_series pow2 3 6 "$vendor_colour" "$vendor_name, powers of two" linespoints
add_series prime 2 13 "$rift_colour" "rift, primes" points
add_series other 2 9 "$rift_colour" "rift, other lengths" points
add_series pow2 2 7 "$rift_colour" "rift, powers of two" linespoints
# keys[] is in plotting order; the key reads it backwards.
for ((i = ${#keys[@]} - 1; i >= 0; --i)); do plots+=("${keys[i]}"); done
[[ $have_ceiling -eq 0 ]] ||
    plots+=("keyentry with lines $copy_style title $(quote "$(printf 'copy ceiling (median): %.0f GB/s' "$copy_ceiling")")")
# Lengths that are not powers of two, written below the lower of their two points (the powers of two, which
# these lie among, tend to be above), or above the higher one where below would run into the x axis.
for series in other prime; do
    [[ -s $tmp/$series.dat ]] || continue
    file=$(quote "$tmp/$series.dat")
    style="font ',9' tc rgb 'gray30' notitle"
    plots+=("$file using 1:(low(\$2, \$3) >= low_limit ? low(\$2, \$3) : NaN):(sprintf('%d', \$1)) with labels offset 0,-1.1 $style")
    plots+=("$file using 1:(low(\$2, \$3) < low_limit ? high(\$2, \$3) : NaN):(sprintf('%d', \$1)) with labels offset 0,1.1 $style")
done

plot_list=""
for p in "${plots[@]}"; do plot_list+="${plot_list:+, \\
     }$p"; done

cat > "$tmp/plot.gp" << EOF
$terminal
set output $(quote "$tmp/plot.png")
set title $title_expression noenhanced
set xlabel 'transform length (points)'
set ylabel 'GB/s (input + output bytes / time)'
set logscale x 2
set format x '2^{%L}'
set xtics 4
set mxtics 2
set xrange [$x_range]
set yrange [0:$y_max]
set grid xtics ytics mxtics lc rgb 'gray85' lw 1 dt 1
set key outside below center horizontal maxcols 3 width 2 samplen 4 spacing 1.1 noenhanced
set bmargin 8
$([[ $have_ceiling -eq 0 ]] || echo "set label 1 'copy ceiling' at graph 0.99, first $copy_ceiling right offset 0,0.7 tc rgb 'gray30' font ',10'")
set border lw 1.2
set samples 2
low(rift, vendor) = (vendor == vendor && vendor < rift) ? vendor : rift
high(rift, vendor) = (vendor == vendor && vendor > rift) ? vendor : rift
low_limit = 0.08 * $y_max
plot $plot_list
EOF
if ! gnuplot "$tmp/plot.gp"; then
    echo "$program: the gnuplot script was:" >&2
    cat "$tmp/plot.gp" >&2
    fail "gnuplot failed"
fi
mv -f -- "$tmp/plot.png" "$output"
echo "wrote $output" >&2
