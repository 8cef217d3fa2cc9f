#!/usr/bin/env python3
"""arbiter plays the test entrants of engines/python/testdata/entrants through arbiter-python:
every game is legal, each fault is scored as cutechess scores it (read back from the database),
and scripts/class-tournament re-plays only the games of an entrant whose source changed.

    entrants_e2e_test.py ARBITER [unittest arguments]   (run from the repository's root)
"""
import importlib.machinery
import importlib.util
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HOST = os.path.join(HERE, "arbiter-python")
ENTRANTS = os.path.join(HERE, "testdata", "entrants")
ARBITER = None  # set from the command line
RULES_ENDINGS = ("checkmate", "stalemate", "threefold", "fifty-moves", "insufficient-material",
                 "max-plies")
WHITE_0000 = "White makes an illegal move: 0000"
BLACK_0000 = "Black makes an illegal move: 0000"


def load_host():
    loader = importlib.machinery.SourceFileLoader("arbiter_python", HOST)
    spec = importlib.util.spec_from_loader("arbiter_python", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


host = load_host()


def entrant(name, label=None):
    return f"name={label or name},cmd={HOST},arg={os.path.join(ENTRANTS, name + '.py')}"


class EntrantGamesTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.db = os.path.join(self.folder.name, "games.sqlite")

    def tearDown(self):
        self.folder.cleanup()

    def play(self, engines, *flags, openings="openings/startpos.epd"):
        command = [ARBITER, "tournament", "--db", self.db, "--openings", openings]
        for engine in engines:
            command += ["--engine", engine]
        process = subprocess.run(
            command + list(flags), cwd=ROOT, capture_output=True, text=True, check=False
        )
        self.assertEqual(process.returncode, 0, process.stdout + process.stderr)
        return process.stdout

    def games(self, where=""):
        """(white, black, result, termination, termination text, plies) of every game by slot."""
        with sqlite3.connect(self.db) as db:
            return db.execute(
                "SELECT w.name, b.name, g.result, g.termination, g.termination_text, g.ply_count "
                "FROM games g JOIN engines w ON w.id = g.white_engine_id "
                "JOIN engines b ON b.id = g.black_engine_id " + where + " ORDER BY g.slot"
            ).fetchall()

    def test_every_game_of_the_well_behaved_entrants_is_legal(self):
        names = ["random_mover", "greedy_material", "minimax2"]
        self.play(
            [entrant(n) for n in names],
            "--max-games", "12", "--depth", "1", "--maxplies", "60",
            openings="openings/arbiter-8ply.epd",
        )
        games = self.games()
        self.assertEqual(len(games), 12)
        for white, black, result, termination, text, plies in games:
            self.assertIn(termination, RULES_ENDINGS, text)
        with sqlite3.connect(self.db) as db:
            rows = db.execute(
                "SELECT g.id, g.start_fen, group_concat(m.uci, ' ') FROM games g "
                "JOIN (SELECT * FROM moves ORDER BY game_id, ply) m ON m.game_id = g.id "
                "GROUP BY g.id"
            ).fetchall()
            counted = db.execute(
                "SELECT e.name, count(m.nodes) FROM moves m JOIN games g ON g.id = m.game_id "
                "JOIN engines e ON e.id = CASE m.ply % 2 WHEN 1 THEN g.white_engine_id "
                "ELSE g.black_engine_id END GROUP BY e.name ORDER BY e.name"
            ).fetchall()
        self.assertEqual(len(rows), 12)
        for game_id, start_fen, moves in rows:
            # Each stored move, replayed by the host's own rules, is legal.
            game = host.Game()
            game.set_from(["fen"] + start_fen.split() + ["moves"] + moves.split())
        # The entrants with a node counter report it with every move; the random mover has none.
        names_with_nodes = [name for name, count in counted if count > 0]
        self.assertEqual(names_with_nodes, ["greedy_material", "minimax2"])

    def details(self):
        """The fault detail of every game by slot (None where there is none)."""
        with sqlite3.connect(self.db) as db:
            return [row[0] for row in db.execute("SELECT fault_detail FROM games ORDER BY slot")]

    def fault_games(self, name, *flags, own_limit=""):
        # The faulty entrants fail the start-up check at their first move: off, they play.
        self.play([entrant(name) + own_limit, entrant("random_mover")], "--entrant-check", "off",
                  *flags)
        return [(w, b, r, t, text) for w, b, r, t, text, _ in self.games()]

    def test_an_exception_is_a_disconnect_with_the_traceback_in_the_log(self):
        self.assertEqual(
            self.fault_games("crasher", "--depth", "1"),
            [
                ("crasher", "random_mover", "0-1", "disconnect", "White disconnects"),
                ("random_mover", "crasher", "1-0", "disconnect", "Black disconnects"),
            ],
        )
        log = os.path.join(self.folder.name, "logs", "crasher.stderr.log")
        with open(log, encoding="utf-8") as file:
            text = file.read()
        self.assertEqual(text.count("ZeroDivisionError: division by zero"), 2)
        self.assertIn("crasher.py\", line 6, in evaluate", text)
        # The log names each game before the lines written during it.
        self.assertRegex(text, r"\[arbiter [-0-9]+ [:0-9]+\] game 1 \(crasher vs random_mover\)\n")
        self.assertRegex(text, r"\[arbiter [-0-9]+ [:0-9]+\] game 2 \(random_mover vs crasher\)\n")
        reason = "main raised ZeroDivisionError: division by zero (crasher.py, line 6, in evaluate)"
        self.assertEqual(self.details(), [f"{reason}; its log: {log}"] * 2)

    def test_each_fault_is_explained_on_the_console_line(self):
        out = self.play([entrant("illegal_board"), entrant("random_mover")], "--depth", "1",
                        "--entrant-check", "off")
        log = os.path.join(self.folder.name, "logs", "illegal_board.stderr.log")
        start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        why = "no legal move gives the returned board (changed squares: d1 d5)"
        self.assertIn(f"Finished game 1 (illegal_board vs random_mover): 0-1 {{{WHITE_0000}}} "
                      f"({why}; position {start}; its log: {log})", out)
        self.assertTrue(self.details()[1].startswith(
            "no legal move gives the returned board (changed squares: d4 d8); position "))

    def test_a_slow_import_costs_only_that_entrants_clock_with_the_reason(self):
        slow = os.path.join(self.folder.name, "slow.py")
        with open(slow, "w", encoding="utf-8") as file:
            file.write("import time\ntime.sleep(2.5)\nfrom random_mover import choose_move\n")
        shutil.copy(os.path.join(ENTRANTS, "random_mover.py"), self.folder.name)
        shutil.copy(os.path.join(ENTRANTS, "boardmoves.py"), self.folder.name)
        out = self.play([f"name=slow,cmd={HOST},arg={slow},tc=1+0", entrant("random_mover")],
                        "--tc", "600+1", "--maxplies", "20", "--rounds", "2", "--concurrency", "1")
        self.assertNotIn("did not answer 'uci'", out)
        games = self.games()
        self.assertEqual(games[0][3], "time-forfeit")  # still loading when its clock ran out
        self.assertRegex(self.details()[0], r"^slow\.py is still loading \(\d+\.\d s so far\)")
        # Once loaded, it plays: a later game ends by the rules, not on time.
        self.assertNotEqual({game[3] for game in games[1:]}, {"time-forfeit"})

    def test_a_board_no_legal_move_gives_is_an_illegal_move(self):
        self.assertEqual(
            self.fault_games("illegal_board", "--depth", "1"),
            [
                ("illegal_board", "random_mover", "0-1", "illegal-move", WHITE_0000),
                ("random_mover", "illegal_board", "1-0", "illegal-move", BLACK_0000),
            ],
        )

    def test_a_false_draw_claim_loses_as_an_illegal_move(self):
        self.assertEqual(
            self.fault_games("false_claim", "--depth", "1"),
            [
                ("false_claim", "random_mover", "0-1", "illegal-move", WHITE_0000),
                ("random_mover", "false_claim", "1-0", "illegal-move", BLACK_0000),
            ],
        )

    def test_under_trusted_draw_claims_the_same_claim_draws_unchecked(self):
        # The family-rules twin of the test above: with --draw-claims trusted the same claim ends
        # each game as a draw, recorded as unchecked with the claim's name and FIDE's verdict in
        # the database, the PGN's Termination tag and the page's termination counts.
        pgn = os.path.join(self.folder.name, "games.pgn")
        page = os.path.join(self.folder.name, "page.html")
        games = self.fault_games("false_claim", "--depth", "1", "--draw-claims", "trusted",
                                 "--pgn", pgn, "--html", page)
        with sqlite3.connect(self.db) as db:
            first = db.execute("SELECT m.uci FROM moves m JOIN games g ON g.id = m.game_id "
                               "WHERE g.slot = 1 AND m.ply = 1").fetchone()[0]
        # Black claims after White's first move: a pawn's (from the second rank) leaves the count
        # at 0, a knight's makes it 1.
        black_clock = 0 if first[1] == "2" else 1
        claim = ("Draw claimed (unchecked): {} claims the fifty-move rule (FiftyMoveException), "
                 "false under FIDE's rules: {} half-moves without a capture or pawn move "
                 "(100 needed)")
        self.assertEqual(games, [
            ("false_claim", "random_mover", "1/2-1/2", "unchecked-claim", claim.format("White", 0)),
            ("random_mover", "false_claim", "1/2-1/2", "unchecked-claim",
             claim.format("Black", black_clock)),
        ])
        self.assertEqual(self.details(), [None, None])  # a draw, no fault
        with open(pgn, encoding="utf-8") as file:
            text = file.read()
        self.assertEqual(text.count('[Termination "draw claimed (unchecked)"]'), 2)
        self.assertIn("{" + claim.format("White", 0) + "} 1/2-1/2", " ".join(text.split()))
        with open(page, encoding="utf-8") as file:
            html = file.read()
        self.assertIn('<th scope="col">unchecked-claim</th>', html)
        self.assertIn("2 games between 2 engines, depth 1, draw claims trusted (a claim drew the "
                      "game unchecked and repetitions were the engines' to claim, as in the "
                      "family tournament's runner).", html)
        # The rule is part of the tournament's identity: checked again, the same database holds a
        # second tournament, whose games the false claim loses.
        self.play([entrant("false_claim"), entrant("random_mover")], "--entrant-check", "off",
                  "--depth", "1")
        with sqlite3.connect(self.db) as db:
            self.assertEqual(db.execute("SELECT count(*) FROM tournaments").fetchone()[0], 2)
        self.assertEqual([game[2:4] for game in self.games("WHERE g.tournament_id = 2")],
                         [("0-1", "illegal-move"), ("1-0", "illegal-move")])

    def test_an_entrant_past_its_time_loses_on_time(self):
        self.assertEqual(
            # The sleeper's clock is 1 s, its opponent's 600 s: only the sleeper can lose on time.
            self.fault_games("sleeper", "--tc", "600+1", own_limit=",tc=1+0"),
            [
                ("sleeper", "random_mover", "0-1", "time-forfeit", "White loses on time"),
                ("random_mover", "sleeper", "1-0", "time-forfeit", "Black loses on time"),
            ],
        )

    def test_the_start_up_check_leaves_out_who_cannot_play_or_stops_when_strict(self):
        # crasher raises in the starting position and illegal_board returns an impossible board:
        # both load and answer, so by default they play and lose those games, as the family's
        # no_move_AI did; leave-out-illegal leaves them out, strict stops, and an entrant that
        # cannot load at all is always left out.
        missing = os.path.join(self.folder.name, "missing.py")
        with open(missing, "w", encoding="utf-8") as file:
            file.write("import no_such_module\ndef choose_move(fen):\n    return 'e2e4'\n")
        engines = [entrant(n) for n in ("crasher", "illegal_board", "random_mover", "minimax2")]
        engines.append(f"name=missing,cmd={HOST},arg={missing}")
        engines.append(f"name=greedy,cmd={os.path.join(os.path.dirname(ARBITER), 'greedy')}")
        command = [ARBITER, "tournament", "--db", self.db, "--openings", "openings/startpos.epd",
                   "--depth", "1", "--maxplies", "16"]
        for engine in engines:
            command += ["--engine", engine]
        strict = subprocess.run(command + ["--entrant-check", "strict"], cwd=ROOT,
                                capture_output=True, text=True, check=False)
        self.assertEqual(strict.returncode, 1)
        self.assertIn("3 Python entrants cannot play (listed above); --entrant-check strict "
                      "stops before the first game", strict.stderr)
        self.assertFalse(os.path.exists(self.db))
        page = os.path.join(self.folder.name, "page.html")
        out = self.play(engines, "--depth", "1", "--maxplies", "16", "--html", page)
        # Each Python entrant (not our greedy rung) listed with its verdict before the first game.
        self.assertIn("Checking 5 Python entrants (each loaded and asked for one move in the "
                      "starting position):", out)
        self.assertRegex(out, r"\n  crasher\.py: +main raised ZeroDivisionError: division by zero "
                         r"\(crasher\.py, line 6, in evaluate\) in the starting position "
                         r"\[checked in \d+\.\d\d s\]\n")
        self.assertRegex(out, r"\n  illegal_board\.py: +in the starting position: no legal move "
                         r"gives the returned board \(changed squares: d1 d5\) \[checked in ")
        self.assertRegex(out, r"\n  minimax2\.py: +plays [a-h][1-8][a-h][1-8] in the starting "
                         r"position \(\d+\.\d\d s\) \[checked in ")
        self.assertRegex(out, r"\n  missing\.py: +cannot be loaded: ModuleNotFoundError")
        self.assertIn("Left out: 1 entrant(s) that cannot play (above); the others play.", out)
        for name in ("crasher.py", "illegal_board.py"):
            self.assertIn(f"Plays: {name} answers illegally (above) and loses those games, as in "
                          "the family tournament's runner (--entrant-check leave-out-illegal "
                          "leaves it out)", out)
        self.assertLess(out.index("Left out"), out.index("Finished game 1 "))
        names = {name for game in self.games() for name in game[:2]}
        self.assertEqual(names, {"random_mover", "minimax2", "greedy", "crasher", "illegal_board"})
        for game in self.games():
            for side, loser in ((0, "0-1"), (1, "1-0")):
                if game[side] in ("crasher", "illegal_board") and \
                        game[1 - side] not in ("crasher", "illegal_board"):
                    self.assertEqual(game[2], loser, game)
        with open(page, encoding="utf-8") as file:
            html = file.read()
        self.assertIn("Left out: missing.py: cannot be loaded: ModuleNotFoundError", html)
        self.assertIn("Plays, answering illegally: crasher.py: main raised ZeroDivisionError", html)
        # leave-out-illegal: the three that cannot play a legal move are left out.
        os.remove(self.db)
        out = self.play(engines, "--depth", "1", "--maxplies", "16", "--entrant-check",
                        "leave-out-illegal")
        self.assertIn("Left out: 3 entrant(s) that cannot play (above); the others play.", out)
        after = out[out.index("Left out: 3"):]
        self.assertNotIn("crasher", after)
        self.assertNotIn("illegal_board", after)
        names = {name for game in self.games() for name in game[:2]}
        self.assertEqual(names, {"random_mover", "minimax2", "greedy"})

    def test_a_repetition_the_family_would_claim_is_drawn_by_the_referee_first(self):
        self.play([entrant("shuffler", "anna"), entrant("shuffler", "bob")], "--depth", "1")
        self.assertEqual(
            self.games(),
            [
                ("anna", "bob", "1/2-1/2", "threefold", "Draw by 3-fold repetition", 8),
                ("bob", "anna", "1/2-1/2", "threefold", "Draw by 3-fold repetition", 8),
            ],
        )


class ClassTournamentTest(unittest.TestCase):
    """scripts/class-tournament on a copy of three entrants and the modules they import."""

    def test_editing_one_entrant_replays_only_its_games(self):
        with tempfile.TemporaryDirectory() as folder:
            for name in ("random_mover", "greedy_material", "shuffler", "boardmoves", "shared"):
                shutil.copy(os.path.join(ENTRANTS, name + ".py"), folder)
            db = os.path.join(folder, "tournament.sqlite")

            def run():
                process = subprocess.run(
                    ["bash", "scripts/class-tournament", folder, "--tc", "60+1"],
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    check=False,
                    env=dict(os.environ, ARBITER=ARBITER),
                )
                self.assertEqual(process.returncode, 0, process.stdout + process.stderr)
                return process.stdout

            def count(sql):
                with sqlite3.connect(db) as connection:
                    return connection.execute(sql).fetchall()

            first = run()
            self.assertIn("greedy_material", first)
            # A module that is not an entrant is named with the reason, never skipped silently.
            self.assertIn("class-tournament: skipped shared.py: it defines no top-level 'def "
                          "main(' or 'def choose_move(' (a module entrants import?)", first)
            self.assertNotIn("skipped greedy_material.py", first)
            # A docstring is shown as what the entrant is, never as its author.
            with open(os.path.join(folder, "tournament.html"), encoding="utf-8") as page:
                html = page.read()
            self.assertIn('<small class="own-description" title="A random mover in the '
                          "tutorials&#39; form: one legal move, chosen by a generator seeded with "
                          "the position, so that the same position always gets the same move."
                          '">A random mover in the tutorials&#39; form: one legal move, chosen '
                          "by a generator\u2026</small>", html)
            self.assertNotIn(" by A random mover", html)
            self.assertRegex(first, r"greedy_material\.py: +plays [a-h][1-8][a-h][1-8] in the "
                             r"starting position")
            self.assertTrue(os.path.isfile(os.path.join(folder, "tournament.html")))
            self.assertEqual(count("SELECT count(*) FROM games"), [(6,)])
            with open(os.path.join(folder, "greedy_material.py"), "a", encoding="utf-8") as f:
                f.write("# edited after the first round\n")
            second = run()
            self.assertIn("greedy_material.py changed since the last run (and the modules it "
                          "loads: none): its 4 games are played again", second)
            self.assertEqual(count("SELECT count(*) FROM games"), [(10,)])
            self.assertEqual(count("SELECT count(*) FROM engines"), [(4,)])
            # The four new games are the edited entrant's; the other pair's two were kept.
            self.assertEqual(
                count(
                    "SELECT count(*) FROM games "
                    "WHERE id > 6 AND (white_engine_id = 4 OR black_engine_id = 4)"
                ),
                [(4,)],
            )
            with open(os.path.join(folder, "unused.py"), "w", encoding="utf-8") as f:
                f.write("VALUE = 1  # a file no entrant loads\n")
            run()
            self.assertEqual(count("SELECT count(*) FROM games"), [(10,)])

    def test_the_default_clock_is_the_familys_five_seconds_then_one_more_a_move(self):
        # The family's runner: 5 s for a side's first move, then 1 s more after each of its
        # moves, less what it used. arbiter's clock starts at base plus one increment: 4+1.
        with tempfile.TemporaryDirectory() as folder:
            for name in ("random_mover", "greedy_material", "boardmoves"):
                shutil.copy(os.path.join(ENTRANTS, name + ".py"), folder)
            process = subprocess.run(
                ["bash", "scripts/class-tournament", folder, "--maxplies", "6"], cwd=ROOT,
                capture_output=True, text=True, check=False, env=dict(os.environ, ARBITER=ARBITER))
            self.assertEqual(process.returncode, 0, process.stdout + process.stderr)
            with sqlite3.connect(os.path.join(folder, "tournament.sqlite")) as connection:
                moves = connection.execute(
                    "SELECT game_id, ply, time_ms, clock_ms, clock_left_ms FROM moves "
                    "ORDER BY game_id, ply").fetchall()
            self.assertEqual(len(moves), 12)
            before = {}
            for game, ply, used, clock, left in moves:
                side = (game, ply % 2)
                self.assertEqual(clock, before.get(side, 5000), moves)
                self.assertEqual(left, clock - used + 1000, moves)
                before[side] = left

    def test_the_check_before_play_asks_of_a_student_only_what_a_student_can_give(self):
        # --check runs `arbiter check` on each entrant first. A function returns a move and no
        # score, and a file need not name its author: those two failures are shown and allowed;
        # an entrant that answers illegally stops the tournament before any game.
        with tempfile.TemporaryDirectory() as folder:
            for name in ("random_mover", "greedy_material", "boardmoves"):
                shutil.copy(os.path.join(ENTRANTS, name + ".py"), folder)

            def run():
                return subprocess.run(
                    ["bash", "scripts/class-tournament", folder, "--check", "--movetime", "50",
                     "--maxplies", "4"], cwd=ROOT, capture_output=True, text=True, check=False,
                    env=dict(os.environ, ARBITER=ARBITER))

            passed = run()
            self.assertEqual(passed.returncode, 0, passed.stdout + passed.stderr)
            for name in ("random_mover", "greedy_material"):
                self.assertIn(f"arbiter: {name} fails id-author, allowed by --allow",
                              passed.stdout + passed.stderr)
            self.assertIn("Finished game 2 ", passed.stdout)
            shutil.copy(os.path.join(ENTRANTS, "illegal_board.py"), folder)
            refused = run()
            self.assertEqual(refused.returncode, 1, refused.stdout + refused.stderr)
            self.assertIn("class-tournament: an entrant fails `arbiter check` (above); no game "
                          "was played", refused.stderr)
            self.assertRegex(refused.stdout, r"\[FAIL\] legal:")

    def test_students_that_cannot_play_are_left_out_with_the_reason(self):
        with tempfile.TemporaryDirectory() as folder:
            for name in ("random_mover", "boardmoves", "illegal_board"):
                shutil.copy(os.path.join(ENTRANTS, name + ".py"), folder)
            shutil.copy(os.path.join(ENTRANTS, "random_mover.py"), os.path.join(folder, "a,b.py"))
            shutil.copy(os.path.join(ENTRANTS, "random_mover.py"), os.path.join(folder, "random.py"))
            sources = {
                "missing.py": "import no_such_module\ndef choose_move(fen):\n    return 'e2e4'\n",
                "broken.py": "def choose_move(fen)\n    return 'e2e4'\n",
                "keywords.py": "from random_mover import choose_move as move\n"
                               "def choose_move(fen, *, depth=2, **options):\n    return move(fen)\n",
            }
            sources["imports_main.py"] = "from random_mover import choose_move\n"
            for name, source in sources.items():
                with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
                    file.write(source)
            arbiter_dir = os.path.dirname(ARBITER)
            command = ["bash", "scripts/class-tournament", folder, "--tc", "60+1", "--maxplies",
                       "16", "--ladder", "random"]
            environment = dict(os.environ, ARBITER=ARBITER)
            strict = subprocess.run(command + ["--strict"], cwd=ROOT, capture_output=True,
                                    text=True, check=False, env=environment)
            self.assertEqual(strict.returncode, 1)
            self.assertIn("3 Python entrants cannot play", strict.stderr)
            self.assertFalse(os.path.exists(os.path.join(folder, "tournament.sqlite")))
            process = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                                     check=False, env=environment)
            out = process.stdout
            self.assertEqual(process.returncode, 0, out + process.stderr)
            self.assertRegex(out, r"missing\.py: +cannot be loaded: ModuleNotFoundError: No module "
                             r"named 'no_such_module' \(missing\.py, line 1, in <module>\)")
            self.assertRegex(out, r"broken\.py: +cannot be loaded: SyntaxError: expected ':' "
                             r"\(broken\.py, line 1\)")
            self.assertIn("Left out: 2 entrant(s) that cannot play (above); the others play.", out)
            self.assertIn("Plays: illegal_board.py answers illegally (above) and loses those games",
                          out)
            self.assertIn("class-tournament: skipped imports_main.py: it imports main or "
                          "choose_move instead of defining it at its top level", out)
            self.assertIn("the ladder's random plays as 'random (ladder)'", out)
            self.assertLess(out.index("Left out"), out.index("Finished game 1 "))
            with sqlite3.connect(os.path.join(folder, "tournament.sqlite")) as connection:
                names = sorted(r[0] for r in connection.execute("SELECT name FROM engines"))
                terminations = {r[0] for r in connection.execute(
                    "SELECT termination FROM games g WHERE NOT EXISTS (SELECT 1 FROM engines e "
                    "WHERE e.name = 'illegal_board' AND e.id IN (g.white_engine_id, "
                    "g.black_engine_id))")}
            self.assertEqual(names, ["a,b", "illegal_board", "keywords", "random",
                                     "random (ladder)", "random_mover"])
            self.assertFalse(terminations & {"disconnect", "illegal-move", "time-forfeit"})
            with open(os.path.join(folder, "tournament.html"), encoding="utf-8") as page:
                html = page.read()
            self.assertIn("Left out: missing.py: cannot be loaded: ModuleNotFoundError", html)
            self.assertIn("<h1>" + os.path.basename(folder) + "</h1>", html)
            self.assertTrue(arbiter_dir)

    def test_family_rules_draw_a_false_claim_and_make_a_tournament_of_their_own(self):
        with tempfile.TemporaryDirectory() as folder:
            for name in ("false_claim", "shared", "random_mover", "boardmoves"):
                shutil.copy(os.path.join(ENTRANTS, name + ".py"), folder)

            def run(*flags):
                process = subprocess.run(
                    ["bash", "scripts/class-tournament", folder, "--tc", "60+1", *flags],
                    cwd=ROOT, capture_output=True, text=True, check=False,
                    env=dict(os.environ, ARBITER=ARBITER))
                self.assertEqual(process.returncode, 0, process.stdout + process.stderr)
                return process.stdout

            def results(tournament):
                with sqlite3.connect(os.path.join(folder, "tournament.sqlite")) as connection:
                    return connection.execute(
                        "SELECT result, termination FROM games WHERE tournament_id = ? "
                        "ORDER BY slot", (tournament,)).fetchall()

            out = run("--family-rules")
            self.assertIn("class-tournament: the family tournament's rules: an entrant's draw "
                          "claim draws the game, unchecked, and repetitions and the fifty-move "
                          "rule are the entrants' to claim (--draw-claims trusted)", out)
            # The claim answers illegally at the start-up check too: it plays, as by default.
            self.assertIn("Plays: false_claim.py answers illegally", out)
            self.assertEqual(results(1), [("1/2-1/2", "unchecked-claim")] * 2)
            run("--family-rules")  # resumed: the same tournament, nothing to play
            self.assertEqual(results(2), [])
            self.assertNotIn("class-tournament: the family", run())
            self.assertEqual(results(2), [("0-1", "illegal-move"), ("1-0", "illegal-move")])


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    ARBITER = os.path.abspath(sys.argv.pop(1))
    unittest.main()
