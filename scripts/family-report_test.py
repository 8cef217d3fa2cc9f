#!/usr/bin/env python3
"""Tests of scripts/family-report: the published table as printed, the pairs ordered against it,
and the faults and claims read from a store (run by ctest)."""
import importlib.machinery
import importlib.util
import os
import sqlite3
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
loader = importlib.machinery.SourceFileLoader("family", os.path.join(HERE, "family-report"))
spec = importlib.util.spec_from_loader("family", loader)
family = importlib.util.module_from_spec(spec)
loader.exec_module(family)


def row(name, score, low, high):
    return {"name": name, "score_percent": score, "elo": (low + high) / 2, "low_95": low,
            "high_95": high}


class PublishedTest(unittest.TestCase):
    def test_points_and_games_give_the_percentages_the_family_printed(self):
        printed = {"David_AI_v9": 90.6, "David_AI_v8": 88.4, "David_AI_v7": 80.9,
                   "David_AI_v5": 72.4, "David_AI_v6": 69.4, "David_AI_v4": 68.4,
                   "David_AI_v3": 58.2, "David_AI_v2": 54.4, "Iain_AI_v2": 53.6,
                   "Michael_AI_v1_3": 37.4, "Michael_AI_v1_0": 37.4, "Michael_AI_v1_1": 35.2,
                   "Michael_AI_v1_2": 33.1, "David_AI_v1": 31.4, "Robert_AI": 30.6,
                   "random_AI": 26.4, "no_search": 24.9, "Iain_AI_v1": 8.8, "no_move_AI": 0.0}
        self.assertEqual(set(printed), set(family.PUBLISHED))
        for name, percent in printed.items():
            self.assertEqual(round(family.published_percent(name), 1), percent, name)
        self.assertIsNone(family.published_percent("a_student"))


class AgainstTest(unittest.TestCase):
    def test_only_separated_intervals_in_the_other_order_count(self):
        rows = [row("David_AI_v9", 40.0, -100, 20),   # published first, here last of the three
                row("David_AI_v8", 60.0, 30, 200),    # above v9's interval: against the table
                row("David_AI_v7", 55.0, 0, 150),     # overlaps v9's: not counted
                row("a_student", 99.0, 500, 900)]     # not in the published table
        pairs = [(a["name"], b["name"]) for a, b in family.against(rows)]
        self.assertEqual(pairs, [("David_AI_v9", "David_AI_v8")])

    def test_the_published_order_kept_gives_no_pair(self):
        rows = [row("David_AI_v9", 90.0, 300, 500), row("no_move_AI", 0.0, -900, -700)]
        self.assertEqual(family.against(rows), [])


class IllegalKindTest(unittest.TestCase):
    def test_the_hosts_reasons_map_to_their_kinds(self):
        head = "no legal move gives the returned board (changed squares: e1 c1 a1 d1)"
        tail = "; position r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1; its log: x.log"
        self.assertEqual(family.illegal_kind(head + ": castling queenside through d1, which is "
                                             "attacked" + tail), "castling through check")
        self.assertEqual(family.illegal_kind(head + ": castling queenside out of check" + tail),
                         "castling out of check")
        self.assertEqual(family.illegal_kind(head + ": b6f2 leaves the own king in check" + tail),
                         "king left in check")
        self.assertEqual(family.illegal_kind(head + tail), "impossible board")
        # Only the reason counts: a FEN or log name after it that holds a kind's text does not.
        self.assertEqual(family.illegal_kind(head + "; position past a piece"), "impossible board")
        self.assertEqual(family.illegal_kind("e2e5 is not a legal move"), "other")
        self.assertEqual(family.illegal_kind(None), "other")


class GameFactsTest(unittest.TestCase):
    def test_faults_claims_and_ply_limits_are_counted_for_the_right_side(self):
        con = sqlite3.connect(":memory:")
        con.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, tournament_id, white_engine_id, "
                    "black_engine_id, result, termination, termination_text, fault_detail)")
        games = [
            (1, 2, "1-0", "time-forfeit", "Black loses on time"),
            (2, 1, "1/2-1/2", "time-forfeit",
             "Draw: White loses on time, but Black cannot mate"),
            (1, 2, "0-1", "illegal-move", "White makes an illegal move: 0000",
             "no legal move gives the returned board (changed squares: e8 g8 h8 f8): castling "
             "kingside out of check; position 4k2r/8/8/8/8/8/8/4K3 b k - 0 1"),
            (2, 1, "1/2-1/2", "unchecked-claim",
             "Draw claimed (unchecked): Black claims threefold repetition (ThreeFoldRepetition), "
             "false under FIDE's rules: the position has occurred 2 times"),
            (1, 2, "1/2-1/2", "unchecked-claim",
             "Draw claimed (unchecked): White claims threefold repetition, valid under FIDE's "
             "rules: the position has occurred 3 times"),
            (1, 2, "1/2-1/2", "max-plies", "Draw by adjudication: maximum game length"),
            (2, 1, "1-0", "checkmate", "White mates"),
        ]
        con.executemany("INSERT INTO games (tournament_id, white_engine_id, black_engine_id, "
                        "result, termination, termination_text, fault_detail) "
                        "VALUES (7, ?, ?, ?, ?, ?, ?)", [g + (None,) * (6 - len(g)) for g in games])
        faults, claims, between = family.game_facts(con, 7, {1: "anna", 2: "ben"})
        self.assertEqual(faults["ben"]["time-forfeit"], 2)
        self.assertEqual(faults["anna"]["time-forfeit"], 0)
        self.assertEqual(faults["anna"]["illegal-move"], 1)
        self.assertEqual(faults["anna"]["illegal: castling out of check"], 1)
        self.assertEqual((faults["anna"]["max-plies"], faults["ben"]["max-plies"]), (1, 1))
        self.assertEqual(dict(claims["anna"]), {"false": 1, "valid": 1})
        self.assertEqual(dict(claims["ben"]), {})
        self.assertEqual(len(between[frozenset(("anna", "ben"))]), 7)

    def test_seconds_a_move_go_to_the_side_to_move_and_leave_book_moves_out(self):
        con = sqlite3.connect(":memory:")
        con.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, tournament_id, white_engine_id, "
                    "black_engine_id, start_fen)")
        con.execute("CREATE TABLE moves (game_id, ply, time_ms, book)")
        con.execute("INSERT INTO games VALUES (1, 3, 1, 2, 'startpos-like w KQkq - 0 1')")
        con.execute("INSERT INTO games VALUES (2, 3, 1, 2, 'after-e4 b KQkq - 0 1')")
        con.executemany("INSERT INTO moves VALUES (?, ?, ?, ?)", [
            (1, 1, 1000, 0), (1, 2, 100, 0), (1, 3, 3000, 0), (1, 4, 9999, 1),
            (2, 1, 300, 0), (2, 2, 500, 0)])
        seconds = family.seconds_a_move(con, 3, {1: "anna", 2: "ben"})
        # anna (White): plies 1 and 3 of game 1, ply 2 of game 2 (Black moved first there).
        self.assertAlmostEqual(seconds["anna"], (1000 + 3000 + 500) / 3 / 1000)
        self.assertAlmostEqual(seconds["ben"], (100 + 300) / 2 / 1000)


if __name__ == "__main__":
    unittest.main()
