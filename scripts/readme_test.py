#!/usr/bin/env python3
"""Runs README.md as a reader would (issue 29): every command of its ```sh blocks, and every
script of its scripts table with its smallest arguments. Each run happens in a scratch copy of the
checkout (its tracked files as they stand, staged in a fresh git repository, with build/ a link to
the checkout's build), so nothing is written into the checkout's results/.

A command runs word for word. The only changes are the budgets below, printed with each command:
  * `build/bin/arbiter tournament ...` gets `--max-games 2`, and so do the tournament arguments
    of `scripts/slurm-tournament ... -- ...`;
  * a cutechess/fastchess command line (`arbiter -engine ...`) is stopped by SIGINT after its
    second finished game, and must then print `Finished match` and exit with 130, as documented;
  * a time control (`--tc TC`, `tc=TC`) runs as 1+0.01: the games show the command plays, and
    the clocks are the clock tests' to prove;
  * `scripts/tournament` runs with OPENINGS=1 (72 games instead of 1,728);
  * `scripts/test` is not run: it is the test command, which runs this test; `scripts/test --quick`
    runs with `-- -R ^floors_tree$` (one unit test: the suite that runs this test runs the rest);
  * a block may declare `# substitute: OLD => NEW; OLD => NEW` for what a reader must replace
    (a shared folder, a cluster's size); SCRATCH in NEW is the scratch copy, and a folder
    SCRATCH/... named there is created first (the reader has it). Only declared substitutions
    are made, and each must occur in the block;
  * HOME is a folder of the scratch copy (a block may write ~/bin).
Blocks marked `# needs: slurm` run only in `slurm` mode, on a private single-node cluster
(scripts/slurm/local-cluster, as root), waiting for the queue to empty after each submission.

Standings that README quotes under `<!-- printed by: COMMAND -->` are compared line for line with
what COMMAND prints: `OPENINGS=1 scripts/tournament` in every run of `scripts tournament`, and
`scripts/tournament` (the 1,728 games) in `standings` mode (the ctest label `full`).

Usage (from the repository root, after the build):
  readme_test.py blocks            every command of the sh blocks not marked `needs: slurm`
  readme_test.py slurm             the blocks marked `needs: slurm`
  readme_test.py scripts [NAME...] the scripts of the table (all, or the NAMEs)
  readme_test.py standings         the default tournament in full, against README's table
  readme_test.py list              what would run, and how
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 900  # seconds per command: a hung command fails, never the budget of a slow machine
TEST_REASON = "scripts/test is the test command: it runs this test, so running it here would recurse"


def readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        return file.read()


def sh_blocks(text):
    """Returns each ```sh block as (first line number, its lines); a block of commands marked as
    another shell's (bash, console, ...) is refused, since this test would not run it."""
    blocks, lines, inside, start = [], text.split("\n"), False, 0
    for number, line in enumerate(lines, 1):
        fence = re.match(r"```\s*(bash|shell|console|zsh|shell-session)\s*$", line.strip())
        if not inside and fence:
            sys.exit(f"README.md:{number}: a ```{fence.group(1)} block: write commands in a ```sh "
                     "block (scripts/readme_test.py runs those) and output in a plain ``` block")
        if not inside and line.strip() == "```sh":
            inside, start, body = True, number, []
        elif inside and line.strip() == "```":
            inside = False
            blocks.append((start, body))
        elif inside:
            body.append(line)
    return blocks


def block_commands(start, body):
    """A block's commands (continuation lines joined), its substitutions and its needs."""
    substitutions, needs, commands, pending = [], set(), [], ""
    for line in body:
        stripped = line.strip()
        declared = re.match(r"#\s*substitute:\s*(.+)$", stripped)
        if declared:
            for pair in declared.group(1).split(";"):
                old, _, new = pair.partition("=>")
                substitutions.append((old.strip(), new.strip()))
            continue
        need = re.match(r"#\s*needs:\s*(.+)$", stripped)
        if need:
            needs.add(need.group(1).split()[0])  # `# needs: slurm (why)`
            continue
        if stripped.startswith("#") and not pending:
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        command = (pending + stripped).strip()
        pending = ""
        if command:
            commands.append(command)
    for old, _ in substitutions:
        if not any(old in command for command in commands):
            sys.exit(f"README.md:{start}: the block declares a substitution of '{old}' that "
                     "none of its commands contains")
    return commands, substitutions, needs


def without_comment(command):
    """The command without a trailing `# ...` comment (outside quotes)."""
    quote = None
    for index, char in enumerate(command):
        if char in "'\"" and quote in (None, char):
            quote = None if quote == char else char
        elif char == "#" and quote is None and (index == 0 or command[index - 1] == " "):
            return command[:index].rstrip()
    return command


SHORT_TC = "1+0.01"  # the time control every README command with a clock runs at


def budget(command):
    """How the test runs a README command: (command, environment, mode, note)."""
    ran, env, mode, note = budget_of_games(without_comment(command))
    if ran and re.search(r"(--tc |\btc=)\S+", ran):
        ran = re.sub(r"(--tc |\btc=)\S+", r"\g<1>" + SHORT_TC, ran)
        note = ", ".join(filter(None, [note, "time control " + SHORT_TC]))
    return ran, env, mode, note


def budget_of_games(bare):
    """budget() before the time control: how many games, or which tests, a command runs."""
    words = bare.split()
    if bare == "scripts/test":
        return None, {}, "skip", TEST_REASON
    if bare == "scripts/test --quick":
        return bare + " -- -R '^floors_tree$'", {}, "run", "one unit test (the suite runs the rest)"
    if words[:1] == ["scripts/tournament"]:
        return bare, {"OPENINGS": "1"}, "run", "OPENINGS=1 (72 games)"
    if len(words) > 1 and words[0].endswith("arbiter") and words[1] == "tournament":
        return bare + " --max-games 2", {}, "run", "--max-games 2"
    if words[:1] == ["scripts/slurm-tournament"] and "--" in words:
        return bare + " --max-games 2", {}, "run", "--max-games 2 (after --: the tournament's)"
    if len(words) > 1 and words[1].startswith("-") and words[1] not in ("--version", "-version",
                                                                         "--help", "-help",
                                                                         "--compliance"):
        if words[0].endswith(("arbiter", "fastchess", "cutechess-cli")):
            return bare, {}, "two-games", "stopped by SIGINT after its second finished game"
    return bare, {}, "run", ""


class Scratch:
    """A scratch copy of the checkout: tracked files as they stand, staged in a new git
    repository (scripts/check-format lists files with git), build/ a link to the checkout's."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="arbiter-readme-")
        files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                               capture_output=True).stdout.decode().split("\0")
        for name in filter(None, files):
            source = os.path.join(ROOT, name)
            if not os.path.lexists(source) or name == "build" or name.startswith("build/"):
                continue
            target = os.path.join(self.path, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(source, target, follow_symlinks=False)
        os.symlink(os.path.join(ROOT, "build"), os.path.join(self.path, "build"))
        subprocess.run(["git", "init", "-q"], cwd=self.path, check=True)
        subprocess.run(["git", "add", "-A"], cwd=self.path, check=True)
        self.home = os.path.join(self.path, "home")
        os.makedirs(self.home)

    def environment(self, extra):
        env = dict(os.environ, HOME=self.home, **extra)
        return env

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


def run(scratch, command, extra_env, mode, timeout=None):
    """Runs one command in the scratch copy; returns (ok, output)."""
    timeout = timeout or TIMEOUT
    env = scratch.environment(extra_env)
    if mode == "two-games":
        process = subprocess.Popen(["bash", "-c", "exec " + command], cwd=scratch.path, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        output, finished, deadline = [], 0, time.monotonic() + TIMEOUT
        for line in process.stdout:
            output.append(line)
            if line.startswith("Finished game"):
                finished += 1
                if finished == 2:
                    process.send_signal(signal.SIGINT)
            if time.monotonic() > deadline:
                process.kill()
        code = process.wait()
        text = "".join(output)
        ok = finished >= 2 and code == 130 and "Finished match" in text
        return ok, text + f"\n[exit {code}, {finished} finished games]"
    try:
        done = subprocess.run(["bash", "-c", command], cwd=scratch.path, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        return False, f"{expired.output or ''}\n[no end after {timeout} s]"
    return done.returncode == 0, done.stdout + f"\n[exit {done.returncode}]"


def show(ok, label, output):
    print(("ok    " if ok else "FAIL  ") + label, flush=True)
    if not ok:
        print("      " + "\n      ".join(output.rstrip().split("\n")[-40:]), flush=True)


def wait_for_queue():
    """Waits until the private cluster's queue is empty (slurm mode)."""
    start = time.monotonic()
    while subprocess.run(["squeue", "-h"], capture_output=True, text=True).stdout.strip():
        if time.monotonic() - start > TIMEOUT:
            return False
        time.sleep(1)
    return True


def run_blocks(slurm, listing=False):
    """Every command of README.md's sh blocks (slurm: only those marked `needs: slurm`)."""
    plan = []
    for start, body in sh_blocks(readme()):
        commands, substitutions, needs = block_commands(start, body)
        if ("slurm" in needs) != slurm:
            continue
        for command in commands:
            plan.append((start, command, substitutions))
    if not plan and not listing:
        sys.exit("README.md: no sh block to run" + (" marked `needs: slurm`" if slurm else ""))
    if listing:
        for start, command, substitutions in plan:
            ran, env, mode, note = budget(command)
            print(f"README.md:{start}: {command}\n      {mode}" + (f": {note}" if note else ""))
        return 0
    scratch = Scratch()
    cluster = None
    failed = 0
    try:
        if slurm:
            cluster = os.path.join(scratch.path, "cluster")
            subprocess.run(["bash", "scripts/slurm/local-cluster", "start", cluster], cwd=ROOT,
                           check=True, stdout=subprocess.DEVNULL)
            os.environ["SLURM_CONF"] = os.path.join(cluster, "slurm.conf")
        for start, command, substitutions in plan:
            ran, env, mode, note = budget(command)
            label = f"README.md:{start}: {command}" + (f"  [{note}]" if note else "")
            if mode == "skip":
                print(f"skip  {label}", flush=True)
                continue
            for old, new in substitutions:
                if new.startswith("SCRATCH/"):
                    os.makedirs(new.replace("SCRATCH", scratch.path), exist_ok=True)
                ran = ran.replace(old, new.replace("SCRATCH", scratch.path))
            if ran != without_comment(command):
                label += f"\n      as: {ran}"
            ok, output = run(scratch, ran, env, mode)
            if ok and slurm and "slurm-tournament" in ran:
                ok = wait_for_queue()
                output += "\n[the queue did not empty]" if not ok else ""
            show(ok, label, output)
            failed += not ok
    finally:
        if cluster:
            subprocess.run(["bash", "scripts/slurm/local-cluster", "stop", cluster], cwd=ROOT)
        scratch.remove()
    print(f"{len(plan) - failed} of {len(plan)} commands ran" + (f", {failed} failed" if failed
                                                                   else ""))
    return 1 if failed else 0


# Each script of the README's table with its smallest arguments (a list of commands run in turn
# in one scratch copy, with an environment), or the reason it is not run here (no cluster, or
# another ctest test runs it), which the table's row must show by containing the word given.
SCRIPTS = {
    "setup": [("scripts/setup", {})],
    "build": [("scripts/build", {})],
    "test": [("scripts/test --help", {})],  # TEST_REASON: only its help
    "tournament": [("scripts/tournament", {"OPENINGS": "1"})],
    "class-tournament": [(
        "mkdir -p class && cp engines/python/testdata/entrants/{boardmoves,random_mover,"
        "greedy_material}.py class/ && scripts/class-tournament class --movetime 100 "
        "--maxplies 20 && test -f class/tournament.html", {})],
    "check-format": [("scripts/check-format", {})],
    "check-size": [("scripts/check-size", {})],
    "check_size_test.py": [("python3 scripts/check_size_test.py", {})],
    "fuzz": [("scripts/fuzz 1 fen", {})],
    # Run word for word by another test, which its row names: the README test would replay it.
    "node-table": "nodes_gate",  # scripts/node-table --check --concurrency 2
    "resume-benchmark": "resume_benchmark",  # scripts/resume-benchmark 2 build/bin/arbiter 1
    # node-page reads scripts/node-table's measurements; a tiny set of them is measured here the
    # way node-table measures (depth 2 instead of 6).
    "node-page": [(
        "set -e; w=build-readme-nodes; mkdir -p $w; e=(); "
        "for x in minimax alphabeta alphabeta-mvvlva alphabeta-mvvlva-tt; do "
        "e+=(--engine name=$x,cmd=build/bin/$x,option.Eval=material); done; "
        "build/bin/arbiter nodes \"${e[@]}\" --fen startpos --moves e2e4 --depth 2 "
        "--format csv --out $w/e4.csv; "
        "for v in material simplified; do f=(); "
        "for x in minimax alphabeta alphabeta-mvvlva alphabeta-mvvlva-tt; do "
        "f+=(--engine name=$x,cmd=build/bin/$x,option.Eval=$v); done; "
        "build/bin/arbiter nodes \"${f[@]}\" --positions harness/node_counts/testdata/gate.epd "
        "--depth 1..2 --format json --out $w/$v.json --write report:$w/$v.md; done; "
        "python3 scripts/node-page $w > $w/page.md; grep -q '^# Node counts' $w/page.md", {})],
    "strategy-nodes": [("scripts/strategy-nodes --depth 1", {})],
    "strategy-nodes-page": [("scripts/strategy-nodes --depth 1 && python3 scripts/strategy-nodes-page "
                             "build/strategy-nodes 1 results/node-counts.md", {})],
    "strategies": [("scripts/strategies", {"GAMES": "2", "NODES": "500"})],
    "strategies-tc": [("scripts/strategies-tc", {"GAMES": "2", "GAUNTLET_OPENINGS": "1",
                                                 "STRATEGIES": "Quiescence", "RUNGS": "lab",
                                                 "TC": SHORT_TC})],
    "pr-compare": [("scripts/pr-compare build/bin build/bin pr-summary.md && "
                    "grep -q 'same search' pr-summary.md", {})],
    "bench-speed": [("scripts/bench-speed 2", {})],  # depth 2: callgrind counts every rung
    "bench-harness": [("scripts/bench-harness", {"GAMES": "40"})],
    # Mock engines (seeded, so both runs play the same moves), 4 games, 20 viewers.
    "live-load": [("scripts/live-load --games 4 --tc 30+0.1 --concurrency 2 --sse 20 --pollers 4 "
                   "--engine name=a,cmd=build/bin/mock_engine,arg=--think,arg=5 --engine "
                   "name=b,cmd=build/bin/mock_engine,arg=--think,arg=5,arg=--seed,arg=4", {})],
    "go-roundtrips": [("scripts/build --target random >/dev/null && scripts/go-roundtrips "
                       "build/bin/random --count 20 --rounds 1", {})],
    # Ordo is never built here: the script's message when it is absent.
    "ordo-coverage": [("scripts/ordo-coverage /nonexistent/ordo . 2>&1 | grep -q 'no Ordo executable'",
                       {})],
    "perft-vs-stockfish": [("scripts/perft-vs-stockfish --repeats 1", {})],
    "debian-engines": [("scripts/debian-engines --smoke", {"TC": SHORT_TC})],
    "debian-engines-report": [(
        "scripts/tournament >/dev/null && python3 scripts/debian-engines-report "
        "results/tournament.sqlite /dev/null 20000n > report.md && "
        "grep -q \"^# A round-robin of Debian's chess engines\" report.md",
        {"OPENINGS": "1"})],
    "debian-engines-report_test.py": [("python3 scripts/debian-engines-report_test.py", {})],
    "family-report": [(
        "mkdir -p class && cp engines/python/testdata/entrants/{boardmoves,random_mover,"
        "greedy_material}.py class/ && scripts/class-tournament class --movetime 100 "
        "--maxplies 20 && "
        "scripts/family-report class/tournament.sqlite > report.md && "
        "grep -q '^| 1 | ' report.md && grep -q 'Spearman' report.md", {})],
    "family-report_test.py": [("python3 scripts/family-report_test.py", {})],
    "rank_stats.py": [("python3 scripts/rank_stats.py", {})],
    "scripts_table_test.py": [("python3 scripts/scripts_table_test.py", {})],
    "readme_test.py": [("python3 scripts/readme_test.py list", {})],
    "slurm-tournament": "slurm",  # run by `readme_test.py slurm` (the README's Slurm blocks)
    "slurm": "slurm",  # scripts/slurm/end-to-end-test and pooled-sprt-test are the slurm tests
    "k8s": "untested",  # no Kubernetes cluster here
}
def table_rows(text):
    start = text.index("What each script in `scripts/` is for")
    rows = re.findall(r"^\| `([^`]+)` \| (.*) \|$", text[start:].split("\n\n", 2)[1], re.M)
    return {name.rstrip("/"): what for name, what in rows}


def standings_lines(output):
    """The standings table a command printed: its `Rank Name` line and the rows after it."""
    lines = output.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("Rank Name"):
            table = [line.rstrip()]
            for row in lines[i + 1:]:
                if not re.match(r"^\d+ +\S", row):
                    break
                table.append(row.rstrip())
            return table
    return []


def quoted_standings(text, command):
    """The block README quotes as printed by `command` (`<!-- printed by: COMMAND -->`)."""
    marker = f"<!-- printed by: {command} -->\n```\n"
    at = text.find(marker)
    if at < 0:
        return None
    start = at + len(marker)
    return [line.rstrip() for line in text[start:text.index("```", start)].rstrip().split("\n")]


def compare_standings(command, output):
    """(ok, message): README's block for `command` against the standings in `output`."""
    quoted = quoted_standings(readme(), command)
    printed = standings_lines(output)
    if quoted is None:
        return False, f"README.md quotes no standings printed by: {command}"
    if quoted == printed:
        return True, ""
    diff = [f"README: {q}\nprints: {p}" for q, p in zip(quoted, printed) if q != p]
    if len(quoted) != len(printed):
        diff.append(f"README quotes {len(quoted)} lines, the command printed {len(printed)}")
    return False, f"README.md's standings of `{command}` differ from what it prints:\n" + \
        "\n".join(diff)


# The scripts whose printed standings README quotes, by the environment they run with.
QUOTED = {("tournament", "OPENINGS=1"): "OPENINGS=1 scripts/tournament"}


def run_standings():
    """The default tournament in full (1,728 games), against README's first table."""
    scratch = Scratch()
    try:
        ok, output = run(scratch, "scripts/tournament", {}, "run", timeout=3600)
        if ok:
            ok, output = compare_standings("scripts/tournament", output)
        show(ok, "scripts/tournament: README's standings", output)
        return 0 if ok else 1
    finally:
        scratch.remove()


def run_scripts(names, listing=False):
    rows = table_rows(readme())
    unknown = sorted(set(rows) - set(SCRIPTS)) + sorted(set(names) - set(SCRIPTS))
    if unknown:
        sys.exit(f"readme_test.py: no smallest run declared for scripts {', '.join(unknown)}")
    failed = 0
    for name in names or sorted(rows):
        plan = SCRIPTS[name]
        if isinstance(plan, str):
            ok = plan in rows.get(name, "")
            show(ok, f"scripts/{name}: not run here: its row says '{plan}'",
                 f"README.md: the scripts table's row for {name} does not say '{plan}'")
            failed += not ok
            continue
        if listing:
            for command, env in plan:
                print(f"scripts/{name}: " + " ".join(f"{k}={v}" for k, v in env.items()) +
                      f" {command}".rstrip())
            continue
        scratch = Scratch()
        try:
            for command, env in plan:
                shown = " ".join(f"{k}={v}" for k, v in env.items()) + " " + command
                ok, output = run(scratch, command, env, "run")
                environment = " ".join(f"{k}={v}" for k, v in env.items())
                if ok and (name, environment) in QUOTED:
                    ok, output = compare_standings(QUOTED[(name, environment)], output)
                show(ok, f"scripts/{name}: {shown.strip()}", output)
                failed += not ok
        finally:
            scratch.remove()
    return 1 if failed else 0


def main():
    os.chdir(ROOT)
    kind = sys.argv[1] if len(sys.argv) > 1 else ""
    if kind == "blocks":
        return run_blocks(False)
    if kind == "slurm":
        return run_blocks(True)
    if kind == "scripts":
        return run_scripts(sys.argv[2:])
    if kind == "standings":
        return run_standings()
    if kind == "list":
        run_blocks(False, listing=True)
        run_blocks(True, listing=True)
        return run_scripts([], listing=True)
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
