#!/usr/bin/env bash
# End to end (issue 24): one SPRT pooled over shard processes on this machine.
#   pool_cli_test.sh ARBITER BIN_DIR
# 1. --sprt with --shard and no --pool is refused before any game.
# 2. Three shards side by side, pruning against alphabeta-mvvlva at 2000 nodes, elo0=0,elo1=60:
#    all stop on one H1 verdict far below the cap; the merged database carries it; a fourth run
#    plays nothing.
# 3. A shard killed (SIGKILL) mid-batch: its last published counts stand, its re-run resumes and
#    publishes again, the verdict is the first one written, nothing is counted twice.
set -euo pipefail
arbiter=$1 bin=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-pool-e2e.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
engines=(--engine "name=pruning,cmd=$bin/pruning" --engine "name=alphabeta-mvvlva,cmd=$bin/alphabeta-mvvlva"
  --nodes 2000 --openings openings/arbiter-8ply.epd --rounds 20 --concurrency 1)
cap_per_shard=1640  # 123 openings x 20 rounds x 2 games / 3 shards

# Step 1. Refused, with the reason and the way out.
if "$arbiter" tournament "${engines[@]}" --sprt "elo0=0,elo1=60" --shard 1/3 \
  --db "$work/refused.sqlite" >"$work/refused.log" 2>&1; then
  fail "--sprt with --shard and no --pool was accepted"
fi
grep -q -- "--pool DIR" "$work/refused.log" || fail "the refusal does not name --pool: $(cat "$work/refused.log")"
grep -q "separate tests" "$work/refused.log" || fail "the refusal does not say why"
if [ -f "$work/refused.sqlite" ]; then
  [ "$(sqlite3 "$work/refused.sqlite" "SELECT count(*) FROM games")" = 0 ] || fail "games were played"
fi
echo "ok: --sprt with --shard and no --pool is refused"

# Step 2. Three shards side by side, one pool.
pool=$work/pool
sprt=(--sprt "elo0=0,elo1=60" --pool "$pool")
for k in 1 2 3; do
  "$arbiter" tournament "${engines[@]}" "${sprt[@]}" --shard "$k/3" --db "$work/s$k.sqlite" \
    >"$work/s$k.log" 2>&1 &
done
wait
[ -f "$pool/verdict.json" ] || fail "no verdict"
[ "$(json "$pool/verdict.json" 'd["verdict"]')" = "H1 accepted" ] || fail "the verdict is not H1"
decided=$(json "$pool/verdict.json" 'd["decided_ms"]')
total=0
for k in 1 2 3; do
  grep -q "Pool: this shard stopped on the pool's verdict" "$work/s$k.log" || fail "shard $k did not stop on the verdict: $(tail -5 "$work/s$k.log")"
  [ "$(sqlite3 "$work/s$k.sqlite" "SELECT json_extract(verdict, '\$.decided_ms') FROM pool_stops")" = "$decided" ] ||
    fail "shard $k recorded another verdict"
  games=$(sqlite3 "$work/s$k.sqlite" "SELECT count(*) FROM games")
  total=$((total + games))
  ((games * 10 < cap_per_shard)) || fail "shard $k played $games games, not far below the cap of $cap_per_shard"
done
echo "ok: three shards stopped on one H1 verdict after $total of $((3 * cap_per_shard)) games"
"$arbiter" status --pool "$pool" >"$work/status.log"
grep -q "SPRT: llr .* - H1 was accepted" "$work/status.log" || fail "status shows no SPRT line: $(cat "$work/status.log")"
grep -q "^Verdict: H1 accepted by shard" "$work/status.log" || fail "status shows no verdict"
"$arbiter" merge --into "$work/all.sqlite" "$work"/s{1,2,3}.sqlite >"$work/merge.log"
grep -q "H1 was accepted" "$work/merge.log" || fail "merge does not keep the verdict: $(cat "$work/merge.log")"
"$arbiter" ratings --db "$work/all.sqlite" >"$work/ratings.log"
grep -q "^Pooled SPRT (.*): SPRT: llr .* - H1 was accepted" "$work/ratings.log" || fail "ratings shows no pooled verdict: $(cat "$work/ratings.log")"
pairs=$(json "$pool/verdict.json" 'd["pairs"]')
grep -q "^At the decision: $pairs pairs" "$work/ratings.log" || fail "ratings does not show the counts at the decision"
grep -q "^Final: *$((total / 2)) pairs" "$work/ratings.log" || fail "ratings does not show the final counts"
"$arbiter" report --db "$work/all.sqlite" --out "$work/report.html" >/dev/null
grep -q "At the decision: $pairs pairs" "$work/report.html" || fail "the report does not show the pooled verdict"
echo "ok: the merged database carries the verdict ($pairs pairs at the decision, $((total / 2)) in all)"
cp "$pool/verdict.json" "$work/verdict.first"
"$arbiter" tournament "${engines[@]}" "${sprt[@]}" --shard 2/3 --db "$work/s4.sqlite" >"$work/s4.log" 2>&1
grep -q "^Played 0 games" "$work/s4.log" || fail "a run after the verdict played: $(grep Played "$work/s4.log")"
cmp -s "$pool/verdict.json" "$work/verdict.first" || fail "the verdict changed"
echo "ok: a fourth run after the verdict plays nothing"
grep -q "^1/3 .* stopped$" "$work/status.log" || fail "status does not say an exited shard stopped: $(cat "$work/status.log")"
# Files in counts/ that are not this pool's: another name for shard 1, a shard beyond the three.
cp "$pool/counts/shard-1.json" "$pool/counts/shard-01.json"
python3 - "$pool/counts/shard-9.json" <<'PY'
import json, sys
json.dump({"shard": 9, "pentanomial": [0, 0, 0, 0, 500], "pairs": 500, "batches": 1,
           "published_ms": 0, "batch_seconds": 0, "finished": False}, open(sys.argv[1], "w"))
PY
"$arbiter" status --pool "$pool" >"$work/status-stray.log"
grep -qx "Not counted: $pool/counts/shard-01.json (not a shard's counts (shard K publishes counts/shard-K.json))" "$work/status-stray.log" ||
  fail "status does not name shard-01.json: $(cat "$work/status-stray.log")"
grep -qx "Not counted: $pool/counts/shard-9.json (shard 9 is not one of the pool's 3 shards)" "$work/status-stray.log" ||
  fail "status does not name shard-9.json"
[ "$(grep "^Pooled:" "$work/status-stray.log")" = "$(grep "^Pooled:" "$work/status.log")" ] ||
  fail "the stray files changed the pooled counts"
rm "$pool/counts/shard-01.json" "$pool/counts/shard-9.json"
echo "ok: files of counts/ that are not this pool's shards are named and not counted"

# Step 3. Kill one shard mid-batch. Stricter bounds (alpha = beta = 0.001) and batches of 8
# pairs leave time to kill shard 1 (slowed by --wait) inside its second batch.
pool=$work/pool2
# (--wait is part of what the shards share, so every run of step 3 has it.)
sprt=(--sprt "elo0=0,elo1=60,alpha=0.001,beta=0.001" --pool "$pool" --batch-pairs 8 --wait 150)
"$arbiter" tournament "${engines[@]}" "${sprt[@]}" --shard 1/3 --db "$work/k1.sqlite" \
  >"$work/k1-first.log" 2>&1 &
victim=$!
counts=$pool/counts/shard-1.json
for _ in $(seq 600); do
  if [ -f "$counts" ] && [ "$(json "$counts" 'd["batches"]')" -ge 1 ]; then
    played=$(grep -c "^Finished game" "$work/k1-first.log" || true)
    ((played > 16 + 2)) && break
  fi
  sleep 0.1
done
# A second process for the running shard 1 (another --db) is refused and writes no game.
if "$arbiter" tournament "${engines[@]}" "${sprt[@]}" --shard 1/3 --db "$work/twin.sqlite" \
  >"$work/twin.log" 2>&1; then
  fail "a second process for the running shard 1 was accepted"
fi
grep -q "shard 1 is already being played by pid $victim on " "$work/twin.log" || fail "the twin's refusal: $(cat "$work/twin.log")"
if [ -f "$work/twin.sqlite" ]; then
  [ "$(sqlite3 "$work/twin.sqlite" "SELECT count(*) FROM games")" = 0 ] || fail "the twin played"
fi
kill -KILL "$victim"
wait "$victim" 2>/dev/null || true
"$arbiter" status --pool "$pool" >"$work/status-killed.log"
grep -q "^1/3 .* not running (exited before its last slot)$" "$work/status-killed.log" ||
  fail "status does not say the killed shard is not running: $(cat "$work/status-killed.log")"
played=$(sqlite3 "$work/k1.sqlite" "SELECT count(*) FROM games")
[ "$(json "$counts" 'd["batches"]')" = 1 ] || fail "shard 1 was not killed in its second batch"
((played > 16 && played < 32)) || fail "shard 1 was killed with $played games, not mid-batch"
[ "$(json "$counts" 'd["pairs"]')" = 8 ] || fail "the killed shard's counts are not its first batch"
cp "$counts" "$work/killed-counts.json"
[ ! -f "$pool/verdict.json" ] || fail "a verdict before the others started"
echo "ok: a second process for shard 1 refused; shard 1 killed after $played games; its counts of batch 1 (8 pairs) stand"
for k in 1 2 3; do
  "$arbiter" tournament "${engines[@]}" "${sprt[@]}" --shard "$k/3" --db "$work/k$k.sqlite" \
    >"$work/k$k.log" 2>&1 &
done
wait
[ -f "$pool/verdict.json" ] || fail "no verdict after the re-run"
[ "$(json "$counts" 'd["pid"]')" != "$(json "$work/killed-counts.json" 'd["pid"]')" ] || fail "the re-run did not publish"
[ "$(json "$counts" 'd["batches"]')" -ge 2 ] || fail "the re-run did not finish the batch it was killed in"
grep -q "were already in the database" "$work/k1.log" || fail "the re-run did not resume"
cp "$pool/verdict.json" "$work/verdict2.first"
"$arbiter" tournament "${engines[@]}" "${sprt[@]}" --shard 1/3 --db "$work/k1.sqlite" >"$work/k1-again.log" 2>&1
cmp -s "$pool/verdict.json" "$work/verdict2.first" || fail "the verdict was replaced"
# Nothing counted twice: each shard published exactly the pairs of its complete batches, the
# verdict sums what the shards had published, and no slot is in a database twice.
python3 - "$pool" "$work" <<'PY' || fail "counts do not add up"
import json, sqlite3, sys
pool, work = sys.argv[1], sys.argv[2]
verdict = json.load(open(f"{pool}/verdict.json"))
assert sum(s["pairs"] for s in verdict["shards"]) == verdict["pairs"], "verdict sum"
assert [sum(c) for c in zip(*(s["pentanomial"] for s in verdict["shards"]))] == verdict["pentanomial"]
for k in (1, 2, 3):
    c = json.load(open(f"{pool}/counts/shard-{k}.json"))
    db = sqlite3.connect(f"{work}/k{k}.sqlite")
    games, slots = db.execute("SELECT count(*), count(DISTINCT slot) FROM games").fetchone()
    assert games == slots, f"shard {k}: a slot twice"
    assert c["pairs"] == 8 * c["batches"], f"shard {k}: {c['pairs']} pairs in {c['batches']} batches"
    assert c["pairs"] * 2 <= games, f"shard {k}: published more pairs than played"
    for s in verdict["shards"]:
        if s["shard"] == k:
            assert s["pairs"] <= c["pairs"], f"shard {k}: the verdict counted pairs it never published"
PY
echo "ok: after the kill the verdict is the first one and nothing is counted twice"
