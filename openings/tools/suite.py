#!/usr/bin/python3
"""Builds and checks arbiter's opening suites with Debian's pgn-extract and Stockfish.

  suite.py epd   SUITE.pgn SUITE.epd   write the final position of every game as EPD
  suite.py check SUITE.pgn SUITE.epd   verify the PGN, the EPD and the balance of the suite

The check fails (exit 1) unless: pgn-extract matches every game with no diagnostics, every
game is exactly --plies plies long, the EPD holds the same final positions in the same order
with id/c0 opcodes equal to the PGN's Event tag and moves, all final positions are distinct,
Stockfish playing the same moves (pgn-extract's UCI output) reaches the same positions,
every ECO tag is what pgn-extract's classifier (Debian's eco.pgn) assigns, and Stockfish
scores every final position within --limit centipawns (White's view) at --depth.
"""
import argparse
import re
import subprocess
import sys

PGN_EXTRACT = "/usr/games/pgn-extract"
STOCKFISH = "/usr/games/stockfish"
ECO_FILE = "/usr/share/pgn-extract/eco.pgn"


def read_games(pgn_path):
    """Returns [(tags, san_moves)] from a PGN file of simple games (no comments/variations)."""
    games, tags, movetext = [], {}, []
    for line in open(pgn_path, encoding="utf-8").read().splitlines() + ["[End"]:
        if line.startswith("["):
            if movetext:
                tokens = " ".join(movetext).split()
                moves = [t for t in tokens if not re.fullmatch(r"\d+\.+|\*|1-0|0-1|1/2-1/2", t)]
                games.append((tags, moves))
                tags, movetext = {}, []
            match = re.fullmatch(r'\[(\w+) "(.*)"\]', line)
            if match:
                tags[match.group(1)] = match.group(2)
        elif line.strip():
            movetext.append(line)
    return games


def numbered(moves):
    """Returns SAN moves as PGN movetext with move numbers: '1. e4 e5 2. Nf3 ...'."""
    parts = []
    for i, move in enumerate(moves):
        parts.append(f"{i // 2 + 1}. {move}" if i % 2 == 0 else move)
    return " ".join(parts)


def run_pgn_extract(pgn_path, extra, silent=True):
    """Runs pgn-extract; returns (stdout, stderr). With silent=True (-s) stderr holds only
    diagnostics; without it, stderr also lists every game and ends with the match count."""
    flags = ["-s"] if silent else []
    proc = subprocess.run([PGN_EXTRACT, *flags, "-w1000", *extra, pgn_path],
                          capture_output=True, text=True)
    return proc.stdout, proc.stderr


def matched_count(pgn_path, extra):
    """Returns (matched, total) from pgn-extract's 'N games matched out of M.' line."""
    _, err = run_pgn_extract(pgn_path, [*extra, "-o", "/dev/null"], silent=False)
    match = re.search(r"(\d+) games? matched out of (\d+)\.", err)
    return (int(match.group(1)), int(match.group(2))) if match else (None, None)


def final_positions(pgn_path):
    """Returns the FEN after the last move of every game, as computed by pgn-extract."""
    out, _ = run_pgn_extract(pgn_path, ["-F", "--nofauxep"])
    return re.findall(r'\{ "([^"]+)" \}', out)


def epd_key(fen):
    """Returns the four EPD fields (placement, side, castling, en passant) of a FEN or EPD."""
    return " ".join(fen.split()[:4])


def write_epd(pgn_path, epd_path):
    """Writes one EPD line (4 fields, id, c0) per game of the PGN: its final position."""
    games = read_games(pgn_path)
    fens = final_positions(pgn_path)
    if len(fens) != len(games):
        sys.exit(f"pgn-extract gave {len(fens)} positions for {len(games)} games")
    with open(epd_path, "w", encoding="utf-8") as out:
        for (tags, moves), fen in zip(games, fens):
            out.write(f'{epd_key(fen)} id "{tags["Event"]}"; c0 "{numbered(moves)}";\n')


class Stockfish:
    """One Stockfish process, asked for a fixed-depth score of one position at a time."""

    def __init__(self, threads, hash_mb):
        self.proc = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mb}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("stockfish exited")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def fen_after(self, uci_moves):
        """Returns Stockfish's FEN of the position after the given UCI moves from the start."""
        self.send(f"position startpos moves {' '.join(uci_moves)}")
        self.send("d")
        for line in self.wait_for("Checkers"):
            if line.startswith("Fen: "):
                return line[len("Fen: "):]
        sys.exit("stockfish printed no Fen")

    def white_score(self, fen, depth):
        """Returns (centipawns from White's view, best move) at the given depth."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        lines = self.wait_for("bestmove")
        score = None
        for line in lines:
            match = re.search(r" score (cp|mate) (-?\d+)", line)
            if match and " upperbound" not in line and " lowerbound" not in line:
                kind, value = match.group(1), int(match.group(2))
                score = value if kind == "cp" else (100000 if value > 0 else -100000)
        side = fen.split()[1]
        return (score if side == "w" else -score), lines[-1].split()[1]

    def quit(self):
        self.send("quit")
        self.proc.wait()


def check(args):
    failures = []
    games = read_games(args.pgn)

    # Step 1. pgn-extract accepts every game, with no diagnostics.
    _, diagnostics = run_pgn_extract(args.pgn, ["-o", "/dev/null"])
    diagnostics = [line for line in diagnostics.splitlines() if line.strip()]
    matched, total = matched_count(args.pgn, [])
    print(f"pgn-extract: {matched} games matched out of {total}; {len(diagnostics)} diagnostic lines")
    if matched is None or matched != total or total != len(games) or diagnostics:
        failures.append("pgn-extract did not accept every game cleanly")
        failures.extend("  " + line for line in diagnostics[:20])
    exact, _ = matched_count(args.pgn, [f"-pe{args.plies}"])
    print(f"pgn-extract: {exact} games are exactly {args.plies} plies")
    if exact != len(games):
        failures.append(f"not every game is exactly {args.plies} plies")

    # Step 2. The EPD holds the PGN's final positions, names and moves, in order.
    fens = final_positions(args.pgn)
    epd_lines = [l for l in open(args.epd, encoding="utf-8").read().splitlines() if l.strip()]
    if len(epd_lines) != len(games) or len(fens) != len(games):
        failures.append(f"{len(games)} games, {len(fens)} final positions, {len(epd_lines)} EPD lines")
    for number, ((tags, moves), fen, epd) in enumerate(zip(games, fens, epd_lines), 1):
        expected = f'{epd_key(fen)} id "{tags.get("Event")}"; c0 "{numbered(moves)}";'
        if epd != expected:
            failures.append(f"{args.epd}:{number}: expected {expected}")
        for tag in ("Event", "Site", "Date", "Round", "White", "Black", "Result"):
            if tag not in tags:
                failures.append(f"game {number}: missing {tag} tag")
        if tags.get("Result") != "*":
            failures.append(f"game {number}: Result is not *")

    # Step 3. Stockfish, playing the same moves, reaches the same final positions.
    engine = Stockfish(args.threads, args.hash)
    uci_games, _ = run_pgn_extract(args.pgn, ["-Wuci", "--notags"])
    uci_lines = [line.split()[:-1] for line in uci_games.splitlines() if line.strip()]
    agree = 0
    for number, (moves, fen) in enumerate(zip(uci_lines, fens), 1):
        stockfish_fen = engine.fen_after(moves)
        if epd_key(stockfish_fen) == epd_key(fen):
            agree += 1
        else:
            failures.append(f"game {number}: pgn-extract {epd_key(fen)}, stockfish {epd_key(stockfish_fen)}")
    print(f"final positions equal to Stockfish's after the same UCI moves: {agree} of {len(fens)}")
    if len(uci_lines) != len(games):
        failures.append(f"pgn-extract gave {len(uci_lines)} UCI move lists for {len(games)} games")

    # Step 4. All final positions are distinct.
    seen = {}
    for number, fen in enumerate(fens, 1):
        key = epd_key(fen)
        if key in seen:
            failures.append(f"game {number} reaches the same position as game {seen[key]}")
        seen.setdefault(key, number)
    print(f"distinct final positions: {len(seen)} of {len(fens)}")

    # Step 5. Every ECO tag is the code pgn-extract's classifier gives the game.
    classified, _ = run_pgn_extract(args.pgn, [f"-e{ECO_FILE}"])
    codes = re.findall(r'^\[ECO "([^"]*)"\]', classified, re.MULTILINE)
    wrong = [n for n, ((tags, _), code) in enumerate(zip(games, codes), 1) if tags.get("ECO") != code]
    print(f"ECO tags equal to pgn-extract's classification: {len(codes) - len(wrong)} of {len(games)}")
    if len(codes) != len(games) or wrong:
        failures.extend(f"game {n}: ECO {games[n - 1][0].get('ECO')}, classified {codes[n - 1]}" for n in wrong)

    # Step 6. Stockfish finds every final position roughly balanced.
    if args.depth > 0:
        scores = []
        for number, ((tags, _), fen) in enumerate(zip(games, fens), 1):
            score, best = engine.white_score(fen, args.depth)
            scores.append(score)
            flag = " OUT OF RANGE" if abs(score) > args.limit else ""
            if args.verbose or flag:
                print(f"{number:4d} {score:+5d} {best:6s} {tags['Event']}{flag}")
            if flag:
                failures.append(f"game {number} ({tags['Event']}): {score:+d} cp")
        inside = sum(abs(s) <= args.limit for s in scores)
        mean = sum(scores) / len(scores)
        print(f"stockfish depth {args.depth}: White's view from {min(scores):+d} to {max(scores):+d} cp,"
              f" mean {mean:+.1f}, {inside} of {len(scores)} within +/-{args.limit}")

    engine.quit()
    for failure in failures:
        print("FAIL:", failure)
    print("OK" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["epd", "check"])
    parser.add_argument("pgn")
    parser.add_argument("epd")
    parser.add_argument("--plies", type=int, default=8, help="plies every game must have (default 8)")
    parser.add_argument("--depth", type=int, default=14, help="Stockfish depth; 0 skips the eval (default 14)")
    parser.add_argument("--limit", type=int, default=80, help="largest |score| in cp (default 80)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--verbose", action="store_true", help="print every position's score")
    args = parser.parse_args()
    if args.command == "epd":
        write_epd(args.pgn, args.epd)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
