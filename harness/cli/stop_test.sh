#!/usr/bin/env bash
# End to end (issue 38): a stop finishes its work, in both doors.
#   stop_test.sh ARBITER MOCK_ENGINE
# 1. For SIGINT, SIGTERM and SIGHUP, in `arbiter tournament` and in the cutechess and fastchess
#    dialects, with games in progress at 10+0.1: the exit status is 128 + the signal; the .sqlite
#    copied alone holds every game the console showed, each with its moves; the PGN holds them
#    too; the page and (dialect) -config outname= are written; the console's closing lines come.
# 2. A second SIGINT during the closing ends the run at once with 130 and a whole database, also
#    when standard output is blocked (`--pgn -` into a reader that stalls).
# 3. kill -9 of arbiter: nothing lives on (an engine's child in its group and a grandchild in a
#    new session, `ps` before and after), and the next run resumes.
set -euo pipefail
arbiter=$1 mock=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-stop-e2e.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cp "$mock" "$work/mock-engine"  # a path of this test's own, for pgrep
mock=$work/mock-engine
printf 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n' >"$work/book.epd"

# Starts `PROGRAM ARGS` in the background with its output in $out; waits for the first finished
# game (the next ones are then in progress: 200 ms a move, 16 plies).
start_run() {
  out=$1 program=$2
  shift 2
  "$program" "$@" >"$out" 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    grep -q "^Finished game" "$out" && return 0
    kill -0 "$pid" 2>/dev/null || fail "arbiter ended early: $(cat "$out")"
    sleep 0.1
  done
  fail "no game finished in 60 s: $(cat "$out")"
}

# The games a database copied alone holds, read by arbiter itself, with their moves (the copy
# goes to a folder beside the database: the runs below go on side by side).
games_in_copy() {
  local copy
  copy=$(dirname "$1")/copy
  mkdir -p "$copy"
  rm -f "$copy/"*
  cp "$1" "$copy/alone.sqlite"
  "$arbiter" export --db "$copy/alone.sqlite" --pgn "$copy/alone.pgn" >/dev/null 2>&1
  local moveless
  moveless=$(sqlite3 "$copy/alone.sqlite" \
    "SELECT count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)")
  [ "$moveless" = 0 ] || fail "$moveless games without their moves in the copy of $1"
  grep -c '^\[Event ' "$copy/alone.pgn" || true
}

# Step 1. Each signal in each door: the nine runs go side by side (engines that sleep 200 ms
# a move cost little CPU), each in its own folder, its own log printed after it.
stop_one() {
  local signal=$1 door=$2 code run slow tool sent status took shown held saved
  case $signal in INT) code=130 ;; TERM) code=143 ;; HUP) code=129 ;; esac
  run="$work/$door-$signal"
  mkdir -p "$run"
  slow="arg=--think arg=200"
  if [ "$door" = native ]; then
    start_run "$run/out" "$arbiter" tournament --engine "name=a,cmd=$mock,arg=--think,arg=200" \
      --engine "name=b,cmd=$mock,arg=--think,arg=200" --tc 10+0.1 --maxplies 16 \
      --openings "$work/book.epd" --rounds 20 --concurrency 2 --db "$run/t.sqlite" \
      --pgn "$run/t.pgn" --html "$run/t.html"
  else
    tool=cutechess-cli
    [ "$door" = fastchess ] && tool=fastchess
    start_run "$run/out" "$work/$tool" -engine name=a "cmd=$mock" $slow -engine name=b \
      "cmd=$mock" $slow -each tc=10+0.1 -maxmoves 8 -openings "file=$work/book.epd" -repeat \
      -rounds 20 -concurrency 2 -db "$run/t.sqlite" -pgnout "$run/t.pgn" -html "$run/t.html" \
      -config "outname=$run/saved.json"
  fi
  sent=$(date +%s.%N)
  kill -s "$signal" "$pid"
  status=0
  wait "$pid" || status=$?
  took=$(echo "$(date +%s.%N) - $sent" | bc)
  [ "$status" = "$code" ] || fail "$door SIG$signal: exit $status, not $code: $(cat "$run/out")"
  shown=$(grep -c "^Finished game" "$run/out" || true)
  [ ! -s "$run/t.sqlite-wal" ] || fail "$door SIG$signal: the -wal still holds games"
  held=$(games_in_copy "$run/t.sqlite")
  [ "$held" = "$shown" ] || fail "$door SIG$signal: $shown games shown, $held in the copied .sqlite"
  [ "$(grep -c '^\[Event ' "$run/t.pgn")" = "$shown" ] || fail "$door SIG$signal: PGN"
  grep -q "Report: $run/t.html ($shown games)" "$run/out" && [ -s "$run/t.html" ] ||
    fail "$door SIG$signal: no page"
  grep -q "arbiter: interrupted; finished games are saved" "$run/out" ||
    fail "$door SIG$signal: no closing words"
  if [ "$door" = native ]; then
    grep -q "^Results: $run/t.sqlite" "$run/out" || fail "native SIG$signal: no Results line"
  else
    grep -q "^Finished match" "$run/out" || fail "$door SIG$signal: no Finished match"
    saved=$(python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['stats']['a vs b'];
print(s['wins'] + s['losses'] + s['draws'])" "$run/saved.json") ||
      fail "$door SIG$signal: -config outname= not written"
    [ "$saved" = "$shown" ] || fail "$door SIG$signal: $saved games in the saved config's stats"
  fi
  echo "ok: $door SIG$signal: exit $status in ${took} s, $shown games in the .sqlite alone"
}

# The dialects are started through a link of the tool's name, as the tuners start them.
ln -sf "$arbiter" "$work/cutechess-cli"
ln -sf "$arbiter" "$work/fastchess"
runs=()
declare -A pid_of
for signal in INT TERM HUP; do
  for door in native cutechess fastchess; do
    stop_one "$signal" "$door" >"$work/$door-$signal.log" 2>&1 &
    pid_of[$door-$signal]=$!
    runs+=("$door-$signal")
  done
done

# Step 2. A second SIGINT during the closing: the process ends at once, the database whole.
twice() {
  local run status shown
  run="$work/twice"
  mkdir -p "$run"
  start_run "$run/out" "$arbiter" tournament --engine "name=a,cmd=$mock,arg=--think,arg=200" \
    --engine "name=b,cmd=$mock,arg=--think,arg=200" --tc 10+0.1 --maxplies 16 \
    --openings "$work/book.epd" --rounds 20 --concurrency 2 --db "$run/t.sqlite"
  kill -INT "$pid"
  sleep 0.1
  kill -INT "$pid" 2>/dev/null || true
  status=0
  wait "$pid" || status=$?
  [ "$status" = 130 ] || fail "second SIGINT: exit $status, not 130: $(cat "$run/out")"
  grep -q "stopped again" "$run/out" || fail "second SIGINT: no word of it: $(cat "$run/out")"
  [ "$(sqlite3 "$run/t.sqlite" "PRAGMA integrity_check")" = ok ] || fail "second SIGINT: damaged"
  shown=$(grep -c "^Finished game" "$run/out" || true)
  [ "$(sqlite3 "$run/t.sqlite" "SELECT count(*) FROM games")" -ge "$shown" ] ||
    fail "second SIGINT: a shown game is missing"
  echo "ok: a second SIGINT ends the closing at once (exit 130), the database whole"
}
twice >"$work/twice.log" 2>&1 &
pid_of[twice]=$!
runs+=(twice)

# Step 2b. Standard output blocked (`--pgn -` into a reader that stalls): the run stops writing,
# and a second SIGINT still ends it at once with 130 and a whole database.
blocked() {
  local run status recorded before
  run="$work/blocked"
  mkdir -p "$run"
  mkfifo "$run/fifo"
  sleep 600 <"$run/fifo" &  # opens the pipe and never reads it: 64 KiB fill it
  local reader=$!
  "$arbiter" tournament --engine "name=a,cmd=$mock" --engine "name=b,cmd=$mock" --depth 1 \
    --maxplies 40 --openings "$work/book.epd" --rounds 2000 --concurrency 2 --pgn - \
    --db "$run/t.sqlite" >"$run/fifo" 2>"$run/err" &
  pid=$!
  before=-1 recorded=0
  for _ in $(seq 300); do  # until no game is recorded for a second: the writer is blocked
    sleep 1
    recorded=$(sqlite3 "$run/t.sqlite" "SELECT count(*) FROM games" 2>/dev/null || echo 0)
    [ "$recorded" -gt 0 ] && [ "$recorded" = "$before" ] && break
    before=$recorded
  done
  [ "$recorded" -gt 0 ] && [ "$recorded" = "$before" ] || fail "blocked: the pipe never filled"
  kill -INT "$pid"
  sleep 0.5
  kill -INT "$pid"
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -9 "$pid"
    fail "blocked: a second SIGINT did not end a run whose standard output is blocked"
  fi
  status=0
  wait "$pid" || status=$?
  kill "$reader" 2>/dev/null || true
  [ "$status" = 130 ] || fail "blocked: exit $status, not 130: $(cat "$run/err")"
  grep -q "stopped again" "$run/err" || fail "blocked: no word of it: $(cat "$run/err")"
  [ "$(sqlite3 "$run/t.sqlite" "PRAGMA integrity_check")" = ok ] || fail "blocked: damaged"
  echo "ok: with standard output blocked after $recorded games, a second SIGINT ends the run (130)"
}
blocked >"$work/blocked.log" 2>&1 &
pid_of[blocked]=$!
runs+=(blocked)

# Step 3. kill -9: an engine with a child in its group and a grandchild in a new session (each a
# sleep of its own length, and a copy of the mock engine of its own for pgrep); after the kill
# none lives on, and the next run resumes. It runs while the others play.
child=$((700000 + RANDOM)) grandchild=$((800000 + RANDOM))
run="$work/kill9"
mkdir -p "$run"
cp "$mock" "$run/mock-engine"
mock=$run/mock-engine
cat >"$work/forking-engine" <<ENGINE
#!/bin/sh
sleep $child &
sh -c 'setsid sleep $grandchild & wait' &
exec "$mock" "\$@"
ENGINE
chmod +x "$work/forking-engine"
native=(tournament --engine "name=a,cmd=$work/forking-engine,arg=--think,arg=200"
  --engine "name=b,cmd=$mock,arg=--think,arg=200" --tc 10+0.1 --maxplies 16
  --openings "$work/book.epd" --rounds 2 --concurrency 2 --db "$run/t.sqlite")
start_run "$run/out" "$arbiter" "${native[@]}"
echo "ps before kill -9:"
ps -eo pid,ppid,pgid,sid,args | grep -E "sleep ($child|$grandchild)|PID" | grep -v grep
[ "$(pgrep -fc "sleep $child")" -ge 1 ] && [ "$(pgrep -fc "sleep $grandchild")" -ge 1 ] ||
  fail "the engine's helpers did not start"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
for _ in $(seq 100); do
  pgrep -f "sleep ($child|$grandchild)" >/dev/null || break
  sleep 0.1
done
echo "ps after kill -9:"
ps -eo pid,ppid,pgid,sid,args | grep -E "sleep ($child|$grandchild)|PID" | grep -v grep || true
! pgrep -f "sleep ($child|$grandchild)" >/dev/null || fail "an engine's helper outlived arbiter"
! pgrep -f "$mock" >/dev/null || fail "an engine outlived arbiter"
recorded=$(sqlite3 "$run/t.sqlite" "SELECT count(*) FROM games")
"$arbiter" "${native[@]}" >"$run/again" 2>&1 || fail "the run after kill -9 failed: $(cat "$run/again")"
grep -q "($recorded were already in the database)" "$run/again" ||
  fail "the next run did not resume the $recorded games: $(cat "$run/again")"
echo "ok: kill -9 leaves no engine nor helper, and the next run resumes $recorded games"

# The runs of steps 1 and 2: each one's log, and a failure if any failed.
failed=0
for name in "${runs[@]}"; do
  status=0
  wait "${pid_of[$name]}" || status=$?
  cat "$work/$name.log"
  ((status == 0)) || failed=1
done
((failed == 0)) || fail "a run of steps 1 or 2 failed (its FAIL line above)"
