#!/usr/bin/env python3
"""Measures the CPU time arbiter-python adds to an entrant's own, per move, for both interfaces.

    python3 engines/python/measure_overhead.py [RUNS]   (default 5)

A random legal game of 200 plies (seeded) is played through the host by entrants that only look
its moves up (a `choose_move` one and a `main` one). The host's CPU time (user + system, from
wait4) for the game, less that of a run with no moves (start-up and import), divided by the
plies, is its cost a move. CPU time rather than wall time, so that a busy machine does not
inflate it. Prints the median of RUNS runs.
"""
import importlib.machinery
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

HOST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "arbiter-python")
ENTRANTS = {
    "choose_move": "def choose_move(fen):\n"
    "    fields = fen.split()\n"
    "    return PLAN['moves'][(int(fields[5]) - 1) * 2 + (fields[1] == 'b')]\n",
    "main": "def main(history, white_time, black_time):\n"
    "    return PLAN['boards'][len(history) - 1]\n",
}


def random_game(plies):
    loader = importlib.machinery.SourceFileLoader("arbiter_python", HOST)
    host = importlib.util.module_from_spec(importlib.util.spec_from_loader("arbiter_python", loader))
    loader.exec_module(host)
    generator, position = random.Random(1), host.Position.from_fen(host.START_FEN)
    moves, boards = [], []
    while len(moves) < plies and position.legal_moves():
        move, position = generator.choice(position.legal_moves())
        moves.append(host.uci_text(move))
        boards.append(position.board)
    return {"moves": moves, "boards": boards}


def host_cpu_seconds(entrant, moves):
    process = subprocess.Popen(
        [sys.executable, HOST, entrant], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    process.stdin.write("uci\nisready\n")
    process.stdin.flush()
    while process.stdout.readline().strip() != "readyok":
        pass
    for ply in range(len(moves)):
        process.stdin.write(f"position startpos moves {' '.join(moves[:ply])}\n")
        process.stdin.write("go wtime 100000 btime 100000\n")
        process.stdin.flush()
        while not process.stdout.readline().startswith("bestmove"):
            pass
    process.stdin.write("quit\n")
    process.stdin.close()
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main(runs):
    with tempfile.TemporaryDirectory() as folder:
        plan = os.path.join(folder, "plan.json")
        with open(plan, "w", encoding="utf-8") as file:
            json.dump(random_game(200), file)
        with open(plan, encoding="utf-8") as file:
            moves = json.load(file)["moves"]
        for interface, body in ENTRANTS.items():
            entrant = os.path.join(folder, interface + ".py")
            with open(entrant, "w", encoding="utf-8") as file:
                file.write(f"import json\nPLAN = json.load(open({plan!r}))\n" + body)
            costs = [
                (host_cpu_seconds(entrant, moves) - host_cpu_seconds(entrant, [])) / len(moves)
                for _ in range(runs)
            ]
            cost = statistics.median(costs)
            print(f"{interface}: {cost * 1000:.2f} ms of host CPU a move "
                  f"({1 / cost:,.0f} moves a second), median of {runs} runs over {len(moves)} plies")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
