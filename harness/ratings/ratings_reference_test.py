#!/usr/bin/env python3
"""The joint ratings (through the ratings_fit tool) against ratings_reference.py, as properties.

Usage: ratings_reference_test.py PATH/TO/ratings_fit (ctest passes it). Over every pool of 3
players with up to 2 games a pair, every pool of 4 players with 1 game a pair, and 300 seeded
random pools of 3 to 10 players:
  1. renaming and reordering the players and the games changes no estimate (to 1e-9 Elo), no
     bound's kind and no interval (an infinite end identically);
  2. dominance: the table is a linear extension of the order the groups prove, and a rank is
     shared exactly where the results do not order two neighbouring rows;
  3. monotonicity: a better result in one game never lowers a player against anyone;
  4. inside a group the ratings are finite and equal the reference's maximum-likelihood fit;
     the core's estimates are the reference's and the other groups' kinds follow the order;
  5. the side: a fit of the whole pool with a tiny prior (finite everywhere) puts every group the
     results order far on the same side of every other as the order, and each bound on its side
     of the core;
  6. the sweep bound: at the printed ratings, a group that played only the core wins (loses)
     every game it won (lost) with a chance of 2.5%, computed game by game from the logistic
     formula; or, where that point would cross a player it met, the bound sits on that player
     and the chance is above 2.5%;
  7. no bound crosses a player its group met: every game between groups was won by the higher.
"""
import itertools
import math
import os
import random
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ratings_reference  # noqa: E402

TOOL = None
TOLERANCE = 1e-6  # Elo, between the two fits (Newton to 1e-13 in both)
OUTCOMES = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]  # win, draw, loss from White's side


def connected(n, cells):
    parent = list(range(n))

    def root(v):
        while parent[v] != v:
            v = parent[v]
        return v
    for white, black, *_ in cells:
        parent[root(white)] = root(black)
    played = {p for c in cells for p in c[:2]}
    return len(played) == n and len({root(p) for p in range(n)}) == 1


def exhaustive_pools():
    pools = []
    pairs3 = [(0, 1), (0, 2), (1, 2)]
    choices = [[]] + [[o] for o in OUTCOMES] + [
        [a, b] for a, b in itertools.combinations_with_replacement(OUTCOMES, 2)]
    for picks in itertools.product(choices, repeat=3):
        cells = []
        for (a, b), games in zip(pairs3, picks):
            for number, outcome in enumerate(games):
                white, black = (a, b) if number == 0 else (b, a)
                wins, draws, losses = outcome if number == 0 else outcome[::-1]
                cells.append((white, black, wins, draws, losses))
        if connected(3, cells):
            pools.append((3, cells))
    pairs4 = list(itertools.combinations(range(4), 2))
    for picks in itertools.product(OUTCOMES, repeat=6):
        pools.append((4, [(a, b) + outcome for (a, b), outcome in zip(pairs4, picks)]))
    return pools


def random_pools(count, seed=37):
    generator = random.Random(seed)
    pools = []
    while len(pools) < count:
        n = generator.randint(3, 10)
        strength = [generator.gauss(0.0, generator.choice([50.0, 200.0, 600.0])) for _ in range(n)]
        density = generator.choice([0.3, 0.6, 1.0])
        cells = []
        for a, b in itertools.combinations(range(n), 2):
            if generator.random() > density:
                continue
            for number in range(generator.randint(1, 4)):
                white, black = (a, b) if number % 2 == 0 else (b, a)
                expected = 1.0 / (1.0 + 10 ** ((strength[black] - strength[white]) / 400.0))
                draw = generator.choice([0.0, 0.3, 0.6]) * min(expected, 1 - expected) * 2
                u = generator.random()
                outcome = (1, 0, 0) if u < expected - draw / 2 else (0, 1, 0) \
                    if u < expected + draw / 2 else (0, 0, 1)
                cells.append((white, black) + outcome)
        if connected(n, cells):
            pools.append((n, cells))
    return pools


def run_tool(pools, samples, names_of=None):
    lines = []
    for k, (n, cells) in enumerate(pools):
        names = names_of(k, n) if names_of else ["p%d" % p for p in range(n)]
        line = "%d %s" % (samples, " ".join(names))
        for cell in cells:
            line += " | %d %d %d %d %d" % cell
        lines.append(line)
    result = subprocess.run([TOOL], input="\n".join(lines) + "\n", capture_output=True,
                            text=True, check=True)
    answers = []
    for line in result.stdout.splitlines():
        rows = []
        for row in line.split(" ; "):
            name, bound, elo, value, low, high, rank, position = row.split()
            rows.append({"name": name, "bound": bound, "elo": float(elo), "value": float(value),
                         "low": low, "high": high, "rank": int(rank),
                         "position": int(position)})
        answers.append(rows)
    assert len(answers) == len(pools)
    return answers


def relation(rows, reference, a, b):
    """a against b: +inf / -inf where the groups are ordered, the difference inside a group,
    None where the results do not order them."""
    ga, gb = reference["group"][a], reference["group"][b]
    if ga == gb:
        return rows[a]["value"] - rows[b]["value"]
    if reference["above"][ga][gb]:
        return math.inf
    if reference["above"][gb][ga]:
        return -math.inf
    return None


def score(cells, player):
    """Points and games of a player."""
    points = games = 0.0
    for white, black, wins, draws, losses in cells:
        if player in (white, black):
            games += wins + draws + losses
            points += draws / 2.0 + (wins if player == white else losses)
    return points / games


def improve(cells, index, player):
    """The pool with game `index` one step better for `player`, or None."""
    white, black, wins, draws, losses = cells[index]
    if player == white:
        if wins:
            return None
        new = (white, black, 1, 0, 0) if draws else (white, black, 0, 1, 0)
    else:
        if losses:
            return None
        new = (white, black, 0, 0, 1) if draws else (white, black, 0, 1, 0)
    return cells[:index] + [new] + cells[index + 1:]


class RatingProperties(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.pools = exhaustive_pools() + random_pools(300)
        cls.answers = run_tool(cls.pools, 0)
        cls.references = [ratings_reference.rate(n, cells) for n, cells in cls.pools]

    def test_groups_and_core_match_the_reference(self):
        for (n, cells), rows, ref in zip(self.pools, self.answers, self.references):
            for p in range(n):
                kind = ref["kinds"][p]
                if kind == "either":
                    self.assertIn(rows[p]["bound"], ("lower", "upper"), (cells, p))
                else:
                    self.assertEqual(rows[p]["bound"], kind, (cells, p))
                if ref["group"][p] == ref["core"]:
                    self.assertTrue(math.isfinite(rows[p]["value"]), (cells, p))
                    self.assertAlmostEqual(rows[p]["value"], ref["inside"][p], delta=TOLERANCE,
                                           msg=(cells, p))

    def test_side_matches_a_fit_with_a_tiny_prior(self):
        checked = 0
        for (n, cells), rows, ref in zip(self.pools, self.answers, self.references):
            penalized = ratings_reference.penalized_fit(n, cells)
            group, above = ref["group"], ref["above"]
            for a in range(n):
                for b in range(n):
                    if group[a] != group[b] and above[group[a]][group[b]]:
                        self.assertGreater(penalized[a] - penalized[b], 200.0, (cells, a, b))
                        checked += 1
            core = [p for p in range(n) if group[p] == ref["core"]]
            for p in range(n):
                if group[p] == ref["core"] or ref["kinds"][p] == "either":
                    continue
                side = "lower" if all(penalized[p] > penalized[q] for q in core) else \
                    "upper" if all(penalized[p] < penalized[q] for q in core) else None
                self.assertEqual(rows[p]["bound"], side, (cells, p))
        self.assertGreater(checked, 1000)

    def test_sweep_bound_has_a_two_and_a_half_percent_chance(self):
        target = math.log(0.025)
        at_the_point = clamped = 0
        for (n, cells), rows, ref in zip(self.pools, self.answers, self.references):
            group, core = ref["group"], ref["core"]
            values = [row["value"] for row in rows]
            for g, members in enumerate(ref["groups"]):
                if g == core or not all(math.isfinite(values[p]) for p in range(n)):
                    continue
                met = {other for white, black, *_ in cells for member, other in
                       ((white, black), (black, white)) if group[member] == g and
                       group[other] != g}
                if not met or any(group[other] != core for other in met):
                    continue
                log_probability, games = ratings_reference.sweep_log_probability(
                    cells, group, g, values)
                on_a_player = any(abs(values[p] - values[q]) < 1e-9 for p in members
                                  for q in met)
                if abs(log_probability - target) < 1e-7:
                    at_the_point += 1
                else:
                    self.assertTrue(on_a_player, (cells, g, log_probability))
                    self.assertGreater(log_probability, target, (cells, g))
                    clamped += 1
        # Over these pools (seeded): 55 at the 2.5% point, 586 on a player (a sweep of one or two
        # games has its 2.5% point hundreds of Elo below the player it beat).
        self.assertGreater(at_the_point, 40)
        self.assertGreater(clamped, 400)

    def test_no_bound_crosses_a_player_it_met(self):
        for (n, cells), rows, ref in zip(self.pools, self.answers, self.references):
            group = ref["group"]
            for white, black, wins, draws, losses in cells:
                if group[white] == group[black]:
                    continue
                winner, loser = (white, black) if wins > 0 else (black, white)
                self.assertGreaterEqual(rows[winner]["value"], rows[loser]["value"] - 1e-9,
                                        (cells, winner, loser))

    def test_finite_inside_a_group(self):
        for (n, cells), rows, ref in zip(self.pools, self.answers, self.references):
            for members in ref["groups"]:
                first = members[0]
                for p in members[1:]:
                    self.assertAlmostEqual(rows[p]["value"] - rows[first]["value"],
                                           ref["inside"][p] - ref["inside"][first],
                                           delta=TOLERANCE, msg=(cells, p))

    def test_ranking_is_a_linear_extension_with_shared_ranks(self):
        for (n, cells), rows, ref in zip(self.pools, self.answers, self.references):
            by_position = sorted(range(n), key=lambda p: rows[p]["position"])
            group, above = ref["group"], ref["above"]
            for i, a in enumerate(by_position):
                for b in by_position[i + 1:]:
                    self.assertFalse(above[group[b]][group[a]], (cells, a, b))
            for i in range(1, n):
                previous, current = by_position[i - 1], by_position[i]
                proven = group[previous] == group[current] or above[group[previous]][group[current]]
                tied = group[previous] == group[current] and abs(
                    rows[previous]["value"] - rows[current]["value"]) < 1e-7 and \
                    score(cells, previous) == score(cells, current)
                expected = i + 1 if proven and not tied else rows[previous]["rank"]
                self.assertEqual(rows[current]["rank"], expected, (cells, current))

    def test_renaming_and_reordering_change_nothing(self):
        samples = 60
        generator = random.Random(7)
        permutations = [generator.sample(range(n), n) for n, _ in self.pools]
        originals = run_tool(self.pools, samples)
        moved = []
        for (n, cells), permutation in zip(self.pools, permutations):
            new_cells = [(permutation[w], permutation[b], x, y, z) for w, b, x, y, z in cells]
            generator.shuffle(new_cells)
            moved.append((n, new_cells))
        # Names that sort the other way round from the original ones.
        renamed = run_tool(moved, samples, lambda k, n: ["z%d" % (9 - q) for q in range(n)])
        for (n, cells), permutation, before, after in zip(self.pools, permutations, originals,
                                                          renamed):
            for p in range(n):
                old, new = before[p], after[permutation[p]]
                self.assertEqual(old["bound"], new["bound"], (cells, p))
                self.assertEqual(old["rank"], new["rank"], (cells, p))
                self.assertAlmostEqual(old["value"], new["value"], delta=1e-9, msg=(cells, p))
                for end in ("low", "high"):
                    a, b = float(old[end]), float(new[end])
                    if math.isinf(a) or math.isinf(b):
                        self.assertEqual(a, b, (cells, p, end))
                    else:
                        self.assertAlmostEqual(a, b, delta=1e-6, msg=(cells, p, end))

    def test_a_better_result_never_lowers_a_player(self):
        generator = random.Random(11)
        changed, origin = [], []
        for k, (n, cells) in enumerate(self.pools):
            for index in generator.sample(range(len(cells)), min(3, len(cells))):
                player = cells[index][generator.randint(0, 1)]
                better = improve(cells, index, player)
                if better is not None:
                    changed.append((n, better))
                    origin.append((k, player))
        answers = run_tool(changed, 0)
        for (n, cells), (k, player), rows in zip(changed, origin, answers):
            reference = ratings_reference.rate(n, cells)
            old_rows, old_reference = self.answers[k], self.references[k]
            for q in range(n):
                if q == player:
                    continue
                before = relation(old_rows, old_reference, player, q)
                after = relation(rows, reference, player, q)
                if before is None or after is None:
                    continue
                self.assertGreaterEqual(after, before - TOLERANCE, (cells, player, q))


if __name__ == "__main__":
    TOOL = sys.argv.pop(1)
    unittest.main()
