#!/usr/bin/env bash
# Standard chess's perft costs no more instructions than the ceilings of
# testdata/perft-instructions.txt (the core before Chess960). Callgrind counts instructions, so
# the check is exact on a loaded machine. Exits 77 (skipped) without valgrind (1 under CI=true:
# scripts/setup installs it) or with another compiler than the one the ceilings were counted with.
#   perft_instructions_test.sh PERFT_BINARY CEILINGS_FILE COMPILER
set -euo pipefail
perft=$1 ceilings=$2 compiler=$3
if ! command -v valgrind >/dev/null; then
  if [ "${CI:-}" = "true" ]; then  # scripts/setup installs it: under CI a missing one is a failure
    echo "perft_instructions_test: valgrind is not installed (scripts/setup installs it)"
    exit 1
  fi
  echo "perft_instructions_test: valgrind is not installed: skipped"
  exit 77
fi
expected=$(sed -n 's/^compiler //p' "$ceilings")
if [ "$compiler" != "$expected" ]; then
  echo "perft_instructions_test: $ceilings holds counts of $expected, this build is $compiler: skipped"
  exit 77
fi

instructions() {
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$perft" "$@" 2>&1 >/dev/null)
  sed -n 's/.*Collected : //p' <<<"$out"
}

failed=0
while read -r name depth ceiling fen; do
  case "$name" in "" | "#"* | compiler) continue ;; esac
  full=$(instructions "$depth" --fen "$fen")
  start=$(instructions 0 --fen "$fen")
  if [ -z "$full" ] || [ -z "$start" ]; then
    echo "perft_instructions_test: no callgrind count for $name (perft $depth --fen $fen)"
    exit 1
  fi
  count=$((full - start))
  change=$(awk -v c="$count" -v m="$ceiling" 'BEGIN { printf "%+.2f%%", 100 * (c - m) / m }')
  echo "$name perft $depth: $count instructions, ceiling $ceiling ($change)"
  if [ "$count" -gt "$ceiling" ]; then
    echo "perft_instructions_test: $name costs more than its ceiling in $ceilings"
    failed=1
  fi
done <"$ceilings"
exit "$failed"
