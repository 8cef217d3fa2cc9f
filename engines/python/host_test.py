#!/usr/bin/env python3
"""Tests of engines/python/arbiter-python: its move generation against the perft suite of the
chess core, the round trip of every legal move through a returned board (castling, en passant and
promotion by either side), the family's history and the UCI exchange with small entrants."""
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HOST_PATH = os.path.join(HERE, "arbiter-python")
SUITE = os.path.join(HERE, "..", "core", "testdata", "perft-suite.epd")
ENTRANTS = os.path.join(HERE, "testdata", "entrants")


def load_host():
    loader = importlib.machinery.SourceFileLoader("arbiter_python", HOST_PATH)
    spec = importlib.util.spec_from_loader("arbiter_python", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


host = load_host()


def suite_entries():
    """(FEN, {depth: nodes}, id) of every line of the core's perft suite."""
    entries = []
    with open(SUITE, encoding="utf-8") as suite:
        for line in suite:
            fields = [field.strip() for field in line.split(";")]
            if not fields[0] or fields[0].startswith("#"):
                continue
            counts = {int(f[1]): int(f.split()[1]) for f in fields[1:] if f.startswith("D")}
            name = next((f[3:].strip('"') for f in fields[1:] if f.startswith("id ")), fields[0])
            entries.append((fields[0], counts, name))
    return entries


def perft(position, depth):
    if depth == 0:
        return 1
    return sum(perft(after, depth - 1) for _, after in position.legal_moves())


# Positions where each side can castle both ways, capture en passant and promote (by capture
# too), beside the perft suite's.
SPECIAL_POSITIONS = [
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
    "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1",
]


class MoveGenerationTest(unittest.TestCase):
    def test_perft_matches_the_suite_of_the_chess_core(self):
        checked = 0
        for fen, counts, name in suite_entries():
            position = host.Position.from_fen(fen)
            for depth in sorted(counts):
                if counts[depth] > 3000:
                    break
                with self.subTest(position=name, depth=depth):
                    self.assertEqual(perft(position, depth), counts[depth])
                    checked += 1
        self.assertGreaterEqual(checked, 10)

    def test_fen_reads_back_as_written(self):
        for fen, _, name in suite_entries():
            with self.subTest(position=name):
                self.assertEqual(host.Position.from_fen(fen).fen(), fen)


class BoardRoundTripTest(unittest.TestCase):
    def round_trip(self, fen):
        position = host.Position.from_fen(fen)
        texts = []
        for move, after in position.legal_moves():
            text = host.uci_text(move)
            returned = [row[:] for row in after.board]
            self.assertEqual(host.move_for_board(position, returned), (text, ""), fen)
            texts.append(text)
        self.assertEqual(len(texts), len(set(texts)), fen)
        return texts

    def test_every_legal_move_of_the_suite_round_trips(self):
        for fen, _, name in suite_entries():
            with self.subTest(position=name):
                self.round_trip(fen)

    def test_castling_en_passant_and_promotion_by_either_side_round_trip(self):
        white_castles = self.round_trip(SPECIAL_POSITIONS[0])
        self.assertIn("e1g1", white_castles)
        self.assertIn("e1c1", white_castles)
        black_castles = self.round_trip(SPECIAL_POSITIONS[1])
        self.assertIn("e8g8", black_castles)
        self.assertIn("e8c8", black_castles)
        self.assertIn("e5d6", self.round_trip(SPECIAL_POSITIONS[2]))
        self.assertIn("e4d3", self.round_trip(SPECIAL_POSITIONS[3]))
        white_promotes = self.round_trip(SPECIAL_POSITIONS[4])
        for text in ("a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8n"):
            self.assertIn(text, white_promotes)
        black_promotes = self.round_trip(SPECIAL_POSITIONS[5])
        for text in ("a2a1q", "a2a1r", "a2a1b", "a2a1n", "a2b1q", "a2b1n"):
            self.assertIn(text, black_promotes)

    def test_the_board_after_castling_and_en_passant_shows_both_pieces_moved(self):
        after = host.Position.from_fen(SPECIAL_POSITIONS[1]).play((7, 4, 7, 2, ""))
        self.assertEqual("".join(after.board[7]), "..kr...r")
        self.assertEqual(after.castling, "KQ")
        after = host.Position.from_fen(SPECIAL_POSITIONS[2]).play((4, 4, 5, 3, ""))
        self.assertEqual(after.board[4][3], ".")
        self.assertEqual(after.board[5][3], "P")

    def test_a_board_no_legal_move_gives_is_refused_with_the_changed_squares(self):
        position = host.Position.from_fen(host.START_FEN)
        board = [row[:] for row in position.board]
        board[3][3], board[0][3] = "Q", "."
        self.assertEqual(
            host.move_for_board(position, board),
            (None, "no legal move gives the returned board (changed squares: d1 d4)"),
        )
        unchanged = host.move_for_board(position, position.board)
        self.assertEqual(
            unchanged[1], "no legal move gives the returned board (changed squares: none)"
        )
        self.assertIsNone(host.move_for_board(position, None)[0])
        self.assertIsNone(host.move_for_board(position, board[:7])[0])
        board[4][4] = "X"
        self.assertIsNone(host.move_for_board(position, board)[0])

    def test_a_promotion_becomes_the_piece_the_board_shows(self):
        position = host.Position.from_fen(SPECIAL_POSITIONS[4])
        board = [row[:] for row in position.board]
        board[6][0], board[7][1] = ".", "N"
        self.assertEqual(host.move_for_board(position, board), ("a7b8n", ""))


class GameTest(unittest.TestCase):
    def test_history_follows_castling_en_passant_and_promotion_of_either_side(self):
        game = host.Game()
        moves = "e2e4 g8f6 e4e5 d7d5 e5d6 e7e6 g1f3 f8e7 f1e2 e8g8 e1g1 f6e4 d6c7 e4f2 c7b8n"
        game.set_from(["startpos", "moves"] + moves.split())
        history = game.history()
        self.assertEqual(len(history), 16)
        self.assertEqual(history[0][0], list("RNBQKBNR"))
        self.assertEqual(history[5][4][3], ".")  # d5 taken en passant
        self.assertEqual(history[5][5][3], "P")
        self.assertEqual("".join(history[10][7]), "rnbq.rk.")
        self.assertEqual("".join(history[11][0]), "RNBQ.RK.")
        self.assertEqual("".join(history[15][7]), "rNbq.rk.")
        self.assertEqual(game.current.fen().split()[1:], ["b", "-", "-", "0", "8"])

    def test_a_game_continued_or_replaced_gives_the_history_of_a_fresh_one(self):
        game = host.Game()
        for moves in ("e2e4", "e2e4 e7e5 g1f3", "d2d4", "d2d4 d7d5", "d2d4 d7d5"):
            game.set_from(["startpos", "moves"] + moves.split())
            fresh = host.Game()
            fresh.set_from(["startpos", "moves"] + moves.split())
            self.assertEqual(game.history(), fresh.history(), moves)
            self.assertEqual(game.current.fen(), fresh.current.fen(), moves)
        game.set_from(["fen"] + SPECIAL_POSITIONS[0].split() + ["moves", "e1g1"])
        self.assertEqual("".join(game.history()[-1][0]), "R....RK.")

    def test_a_first_position_with_black_to_move_keeps_the_parity_of_the_history(self):
        game = host.Game()
        game.set_from(["fen"] + SPECIAL_POSITIONS[1].split() + ["moves", "e8g8"])
        history = game.history()
        self.assertEqual(len(history), 3)  # odd: White to move
        self.assertEqual(history[0], history[1])

    def test_an_illegal_move_in_the_position_command_is_refused(self):
        with self.assertRaisesRegex(ValueError, "move e2e5 is not legal"):
            host.Game().set_from(["startpos", "moves", "e2e5"])

    def test_draw_claims_are_checked_against_the_rules(self):
        game = host.Game()
        shuffle = "g1f3 g8f6 f3g1 f6g8 " * 2
        game.set_from(["startpos", "moves"] + shuffle.split()[:-1])
        self.assertEqual(
            game.check_claim("ThreeFoldRepetition"), (False, "the position has occurred 2 times")
        )
        game.set_from(["startpos", "moves"] + shuffle.split())
        self.assertEqual(
            game.check_claim("ThreeFoldRepetition"), (True, "the position has occurred 3 times")
        )
        game.set_from(["fen", "4k3/8/8/8/8/8/8/4K2R", "w", "-", "-", "99", "80", "moves", "h1h2"])
        self.assertEqual(
            game.check_claim("FiftyMoveException"),
            (True, "100 half-moves without a capture or pawn move (100 needed)"),
        )


GO = "go wtime 1000 btime 1000"


def exchange(entrant, commands, timeout=60):
    """Runs the host on `entrant` with the UCI lines `commands`; returns (code, stdout, stderr)."""
    process = subprocess.run(
        [sys.executable, HOST_PATH, entrant],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return process.returncode, process.stdout.splitlines(), process.stderr


class ProtocolTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.folder.cleanup()

    def entrant(self, name, source):
        path = os.path.join(self.folder.name, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(textwrap.dedent(source))
        return path

    def test_the_family_interface_gets_the_history_and_clocks_and_its_prints_go_to_stderr(self):
        record = os.path.join(self.folder.name, "seen.json")
        path = self.entrant(
            "family.py",
            f"""
            import json
            def main(history, white_time, black_time):
                print("thinking")
                with open({record!r}, "w") as f:
                    json.dump([len(history), history[-1][7], white_time, black_time], f)
                board = [row[:] for row in history[-1]]
                board[7][4], board[7][6], board[7][7], board[7][5] = ".", "k", ".", "r"
                return board
            """,
        )
        moves = "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 d2d3"
        go = "go wtime 4000 btime 3500 winc 1000 binc 1000"
        code, out, err = exchange(
            path, ["uci", "isready", f"position startpos moves {moves}", go, "quit"]
        )
        self.assertEqual(code, 0, err)
        self.assertEqual(out[:3], ["id name family", "uciok", "readyok"])
        self.assertRegex(out[3], r"^info time \d+$")
        self.assertEqual(out[4], "bestmove e8g8")
        self.assertIn("thinking", err)
        with open(record, encoding="utf-8") as f:
            self.assertEqual(json.load(f), [8, list("rnbqk..r"), 4.0, 3.5])

    def test_choose_move_gets_the_fen_and_its_milliseconds_and_nodes_are_reported(self):
        path = self.entrant(
            "tutorial.py",
            """
            nodes = 10
            def choose_move(fen, milliseconds_left):
                global nodes
                nodes += 7
                after_e4 = fen.startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")
                return "e7e5" if after_e4 and milliseconds_left == 2500 else "a1a1"
            """,
        )
        commands = ["uci", "position startpos moves e2e4", "go wtime 9000 btime 2500", "quit"]
        code, out, err = exchange(path, commands)
        self.assertEqual(code, 0, err)
        self.assertRegex(out[2], r"^info time \d+ nodes 7$")
        self.assertEqual(out[3], "bestmove e7e5")

    def test_an_exception_ends_the_host_with_its_traceback(self):
        crasher = os.path.join(ENTRANTS, "crasher.py")
        code, out, err = exchange(crasher, ["uci", "position startpos", GO])
        self.assertEqual(code, 1)
        self.assertFalse([line for line in out if line.startswith("bestmove")])
        self.assertRegex(out[-1], r"^info string main raised ZeroDivisionError: division by zero "
                         r"\(crasher\.py, line \d+, in evaluate\)$")
        self.assertIn("ZeroDivisionError: division by zero", err)
        self.assertIn("crasher.py", err)

    def test_a_file_that_does_not_load_answers_the_handshake_then_fails_at_go(self):
        path = self.entrant("broken.py", "def main(history\n")
        code, out, err = exchange(path, ["uci", "isready", "position startpos", GO])
        self.assertEqual(code, 1)
        self.assertEqual(out[:3], ["id name broken", "uciok", "readyok"])
        self.assertRegex(out[3], r"^info string broken\.py could not be loaded: SyntaxError: .* "
                         r"\(broken\.py, line 1\)$")
        self.assertIn("SyntaxError", err)

    def test_a_file_with_neither_interface_is_named(self):
        path = self.entrant("empty.py", "x = 1\n")
        code, _, err = exchange(path, ["uci", "position startpos", "go"])
        self.assertEqual(code, 1)
        self.assertIn(
            "defines neither choose_move(fen) nor main(history, white_time, black_time)", err
        )

    def test_an_illegal_board_and_a_draw_claim_answer_0000_with_the_reason(self):
        for name, reason in (
            ("illegal_board.py", "no legal move gives the returned board (changed squares: d1 d5)"),
            (
                "false_claim.py",
                "FiftyMoveException claimed: false, "
                "0 half-moves without a capture or pawn move (100 needed)",
            ),
        ):
            with self.subTest(entrant=name):
                commands = ["uci", "position startpos", GO, "quit"]
                code, out, err = exchange(os.path.join(ENTRANTS, name), commands)
                self.assertEqual(code, 0, err)
                self.assertEqual(out[-2:], ["info string " + reason, "bestmove 0000"])

    def test_a_draw_claim_is_said_in_the_claim_line_before_the_reason_and_bestmove(self):
        # arbiter's claim line (harness/uci/protocol.h): `info string draw-claim RULE NAME`, then
        # the host's own verdict (the last info string, the referee's fault detail), then 0000.
        # Any other exception is no claim: the host exits without a claim line.
        repeated = "position startpos moves g1f3 g8f6 f3g1 f6g8"
        cases = (
            ("ThreeFoldRepetition", "threefold", repeated,
             "the position has occurred 2 times"),
            ("FiftyMoveException", "fifty-moves", "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
             "99 half-moves without a capture or pawn move (100 needed)"),
            ("RuntimeError", None, repeated, None),
        )
        for exception, rule, position, explanation in cases:
            with self.subTest(exception=exception):
                path = self.entrant(f"claims_{exception}.py", f"""
                    class {exception}(Exception):
                        pass
                    def main(history, white_time, black_time):
                        raise {exception}
                    """)
                code, out, _ = exchange(path, ["uci", position, GO, "quit"])
                claim_lines = [line for line in out if "draw-claim" in line]
                if rule is None:
                    self.assertEqual(code, 1)
                    self.assertEqual(claim_lines, [])
                    continue
                self.assertEqual(code, 0)
                self.assertEqual(out[-3:], [
                    f"info string draw-claim {rule} {exception}",
                    f"info string {exception} claimed: false, {explanation}",
                    "bestmove 0000",
                ])
                self.assertEqual(claim_lines, [out[-3]])

    def test_a_move_text_that_is_not_uci_is_replaced_by_0000(self):
        source = "def choose_move(fen):\n    return 'e2e4\\nbestmove e2e4'\n"
        path = self.entrant("talker.py", source)
        code, out, _ = exchange(path, ["uci", "position startpos", "go", "quit"])
        self.assertEqual(code, 0)
        said = "choose_move returned 'e2e4\\nbestmove e2e4', not a move in UCI notation"
        self.assertEqual(out[-2:], ["info string " + said, "bestmove 0000"])

    def test_each_signature_gets_the_clock_only_where_it_asks_for_it(self):
        # (signature, what the entrant should receive beside the FEN)
        forms = (
            ("fen", "nothing"),
            ("fen, milliseconds_left", 2500),
            ("fen, /, left", 2500),
            ("fen, *, depth=2", "nothing"),
            ("fen, depth=1", "nothing"),
            ("fen, **options", "nothing"),
            ("fen, *, ms", 2500),
            ("fen, *, time_ms=None", 2500),
            ("fen, depth=3, time_left=0", 2500),
            ("*args", "nothing"),
        )
        for signature, expected in forms:
            with self.subTest(signature=signature):
                record = os.path.join(self.folder.name, "got.json")
                source = f"""
                    import json, inspect
                    def choose_move({signature}):
                        frame = inspect.currentframe()
                        seen = {{k: v for k, v in frame.f_locals.items() if k not in ("fen", "frame")}}
                        got = [v for v in seen.values() if v == 2500]
                        flat = [x for v in seen.values() if isinstance(v, (tuple, dict))
                                for x in (v.values() if isinstance(v, dict) else v)]
                        got += [x for x in flat if x == 2500]
                        json.dump(got[0] if got else "nothing", open({record!r}, "w"))
                        return "e7e5"
                    """
                path = self.entrant("form.py", source)
                commands = ["uci", "position startpos moves e2e4", "go wtime 9000 btime 2500",
                            "quit"]
                code, out, err = exchange(path, commands)
                self.assertEqual(code, 0, err)
                self.assertEqual(out[-1], "bestmove e7e5")
                with open(record, encoding="utf-8") as f:
                    self.assertEqual(json.load(f), expected)

    def test_a_signature_the_host_cannot_call_is_named_at_the_first_go(self):
        path = self.entrant("needy.py", "def choose_move(fen, ms, depth):\n    return 'e2e4'\n")
        code, out, _ = exchange(path, ["uci", "position startpos", "go", "quit"])
        self.assertEqual(code, 1)
        self.assertRegex(out[-1], r"^info string needy\.py could not be loaded: TypeError: "
                         r"choose_move\(fen, ms, depth\) needs depth, which the host cannot give")

    def test_uci_is_answered_before_a_slow_entrant_loads_and_stop_is_answered_with_why(self):
        path = self.entrant(
            "slow.py", "import time\ntime.sleep(3)\ndef choose_move(fen):\n    return 'e2e4'\n"
        )
        process = subprocess.Popen(  # pylint: disable=consider-using-with
            [sys.executable, HOST_PATH, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        process.stdin.write("uci\nisready\n")
        process.stdin.flush()
        self.assertEqual([process.stdout.readline().strip() for _ in range(3)],
                         ["id name slow", "uciok", "readyok"])  # at once, while it loads
        process.stdin.write("position startpos\ngo wtime 100 btime 100\nstop\n")
        process.stdin.flush()
        self.assertRegex(process.stdout.readline(),
                         r"^info string slow\.py is still loading \(\d+\.\d s so far\)$")
        self.assertEqual(process.stdout.readline().strip(), "bestmove 0000")
        process.stdin.write("position startpos\ngo wtime 100 btime 100\nquit\n")
        process.stdin.flush()
        out, _ = process.communicate(timeout=60)
        self.assertEqual(out.splitlines()[-1], "bestmove e2e4")  # loaded: it plays
        self.assertEqual(process.returncode, 0)

    def test_a_load_over_the_load_timeout_fails_with_the_file_named(self):
        path = self.entrant(
            "sleepy.py", "import time\ntime.sleep(30)\ndef choose_move(fen):\n    return 'e2e4'\n"
        )
        process = subprocess.run(
            [sys.executable, HOST_PATH, "--load-timeout", "1", path],
            input="uci\nposition startpos\ngo\n", capture_output=True, text=True, timeout=60,
            check=False)
        self.assertEqual(process.returncode, 1)
        self.assertEqual(process.stdout.splitlines()[-1],
                         "info string sleepy.py did not finish loading within 1 s "
                         "(the load timeout)")

    def test_a_position_without_a_legal_move_is_answered_without_asking_the_entrant(self):
        # The entrant raises if asked: a GUI's `go` on a finished game must not reach it.
        path = self.entrant("asked.py", "def choose_move(fen):\n    raise ValueError(fen)\n")
        cases = (
            ("6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1", "info depth 0 score mate 0",
             "info string no legal move (checkmate): asked.py is not asked"),
            ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "info depth 0 score mate 0",
             "info string no legal move (checkmate): asked.py is not asked"),
            ("k7/8/8/8/8/8/5q2/7K w - - 0 1", "info depth 0 score cp 0",
             "info string no legal move (stalemate): asked.py is not asked"),
        )
        for fen, score, why in cases:
            with self.subTest(fen=fen):
                code, out, err = exchange(path, ["uci", f"position fen {fen}", "go wtime 100 "
                                                 "btime 100", "go infinite", "stop", "quit"])
                self.assertEqual(code, 0, err)
                self.assertEqual(out[-6:], [score, why, "bestmove 0000"] * 2)
                self.assertNotIn("ValueError", err)

    def test_go_infinite_answers_only_after_stop_and_isready_meanwhile(self):
        path = self.entrant("quick.py", "def choose_move(fen):\n    return 'e7e5'\n")
        process = subprocess.Popen(  # pylint: disable=consider-using-with
            [sys.executable, HOST_PATH, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        process.stdin.write("uci\nposition startpos moves e2e4\ngo infinite\n")
        process.stdin.flush()
        self.assertEqual([process.stdout.readline().strip() for _ in range(2)],
                         ["id name quick", "uciok"])
        time.sleep(1.5)  # the entrant has long answered; the host holds its move for `stop`
        process.stdin.write("isready\n")
        process.stdin.flush()
        self.assertEqual(process.stdout.readline().strip(), "readyok")
        process.stdin.write("stop\nquit\n")
        process.stdin.flush()
        out, err = process.communicate(timeout=60)
        self.assertEqual(process.returncode, 0, err)
        lines = out.splitlines()
        self.assertRegex(lines[0], r"^info time \d+$")
        self.assertEqual(lines[1:], ["bestmove e7e5"])

    def test_isready_is_answered_while_the_entrant_thinks(self):
        path = self.entrant("thinker.py", "import time\ndef choose_move(fen):\n"
                            "    time.sleep(3)\n    return 'e7e5'\n")
        process = subprocess.Popen(  # pylint: disable=consider-using-with
            [sys.executable, HOST_PATH, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        process.stdin.write("uci\nposition startpos moves e2e4\ngo movetime 100\nisready\n")
        process.stdin.flush()
        self.assertEqual([process.stdout.readline().strip() for _ in range(3)],
                         ["id name thinker", "uciok", "readyok"])  # before the move
        self.assertRegex(process.stdout.readline(), r"^info time \d+$")
        self.assertEqual(process.stdout.readline().strip(), "bestmove e7e5")
        process.stdin.write("quit\n")
        process.stdin.flush()
        process.communicate(timeout=60)
        self.assertEqual(process.returncode, 0)

    def test_a_linked_entrant_loads_the_modules_beside_its_real_file(self):
        # Where arbiter's identity hashes them (harness/identity/python_imports.py): a decoy of
        # the same name beside the link is not loaded.
        with tempfile.TemporaryDirectory() as real:
            with open(os.path.join(real, "helpers.py"), "w", encoding="utf-8") as file:
                file.write("MOVE = 'g1f3'\n")
            with open(os.path.join(real, "linked.py"), "w", encoding="utf-8") as file:
                file.write("import helpers\ndef choose_move(fen):\n    return helpers.MOVE\n")
            self.entrant("helpers.py", "MOVE = 'e2e4'\n")
            link = os.path.join(self.folder.name, "linked.py")
            os.symlink(os.path.join(real, "linked.py"), link)
            code, out, _ = exchange(link, ["uci", "position startpos", "go", "quit"])
        self.assertEqual(code, 0)
        self.assertEqual(out[-1], "bestmove g1f3")

    def test_the_author_and_description_come_from_the_entrant_never_the_host(self):
        # The docstring describes the entrant: it is never its author (the family's Iain_AI_v2
        # opens with a drawn board, random_AI with "This player makes a random legal move").
        for source, author, description in (
            ('"""Anna Smith, class 4B\n\nA greedy player."""\n', None, "Anna Smith, class 4B"),
            ('"""A docstring"""\n__author__ = "Ben"\n', "Ben", "A docstring"),
            ('"""Plays the first\n  capture it finds.\n\nBy Dan."""\n', None,
             "Plays the first capture it finds."),
            ('"""\n\n   r n b q k b n r\n"""\n', None, "r n b q k b n r"),
            ('__author__ = "  \\n Cleo \\n"\n', "Cleo", None),
            ("x = 1\n", None, None),
        ):
            with self.subTest(author=author, description=description):
                path = self.entrant("who.py", source + "def choose_move(fen):\n    return 'e2e4'\n")
                _, out, _ = exchange(path, ["uci", "quit"])
                expected = (["id name who"] + ([f"id author {author}"] if author else []) +
                            ([f"id description {description}"] if description else []) + ["uciok"])
                self.assertEqual(out, expected)

    def test_the_check_plays_one_move_or_names_what_stops_the_entrant(self):
        cases = (
            (os.path.join(ENTRANTS, "random_mover.py"), 0, r"^plays [a-h][1-8][a-h][1-8] in the "
             r"starting position \(\d+\.\d\d s\)$"),
            # Loads and answers, but illegally: status 3, it plays and loses (1: cannot play).
            (os.path.join(ENTRANTS, "illegal_board.py"), 3, r"^in the starting position: no legal "
             r"move gives the returned board \(changed squares: d1 d5\)$"),
            (self.entrant("missing.py", "import no_such_module\n"), 1, r"^cannot be loaded: "
             r"ModuleNotFoundError: No module named 'no_such_module' \(missing\.py, line 1"),
            (self.entrant("nothing.py", "x = 1\n"), 1, r"defines neither choose_move"),
        )
        for path, status, pattern in cases:
            with self.subTest(entrant=os.path.basename(path)):
                process = subprocess.run([sys.executable, HOST_PATH, "--check", path],
                                         capture_output=True, text=True, timeout=60, check=False)
                self.assertEqual(process.returncode, status, process.stderr)
                self.assertRegex(process.stdout.strip(), pattern)


class BrokenRuleTest(unittest.TestCase):
    """The host names what the rules forbid in a board no legal move gives (issue 39)."""

    def explain(self, fen, edits):
        position = host.Position.from_fen(fen)
        board = [row[:] for row in position.board]
        for square, piece in edits.items():
            board[int(square[1]) - 1]["abcdefgh".index(square[0])] = piece
        move, why = host.move_for_board(position, board)
        self.assertIsNone(move)
        return why

    def test_castling_out_of_check_a_pawn_left_behind_and_an_exposed_king_are_named(self):
        cases = (
            ("1Q2k2r/3rppbp/p5pn/2p1N3/2B5/2N1B3/PPP2PPP/R1Q1K2R b KQk - 0 15",
             {"e8": ".", "h8": ".", "g8": "k", "f8": "r"},
             "(changed squares: e8 f8 g8 h8): castling kingside out of check"),
            ("r3k3/8/8/8/8/8/8/R3K2R w Q - 0 1", {"e1": ".", "h1": ".", "g1": "K", "f1": "R"},
             "(changed squares: e1 f1 g1 h1): castling kingside without the right (the king or "
             "that rook has moved)"),
            ("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", {"e1": ".", "a1": ".", "c1": "K", "d1": "R"},
             "(changed squares: a1 c1 d1 e1): castling queenside out of check"),
            ("3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1", {"e1": ".", "a1": ".", "c1": "K", "d1": "R"},
             "(changed squares: a1 c1 d1 e1): castling queenside through d1, which is attacked"),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", {"a7": ".", "a8": "P"},
             "(changed squares: a7 a8): a pawn left on the last rank at a8 must promote"),
            ("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", {"e2": ".", "d3": "B"},
             "(changed squares: e2 d3): e2d3 leaves the own king in check"),
            ("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", {"a1": ".", "a5": "R"},
             "(changed squares: a1 a5)"),  # a rook over its own pawn: nothing more to say
        )
        for fen, edits, expected in cases:
            with self.subTest(fen=fen):
                self.assertEqual(self.explain(fen, edits),
                                 "no legal move gives the returned board " + expected)


if __name__ == "__main__":
    unittest.main()
