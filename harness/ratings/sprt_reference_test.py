#!/usr/bin/env python3
"""The GSPRT of harness/ratings/sprt.cpp (through the sprt_llr tool) against sprt_reference.py.

Usage: sprt_reference_test.py PATH/TO/sprt_llr (ctest passes it). Over a grid of count vectors
that holds every degenerate one (a single non-empty bucket, one pair or game, all draws, all
wins, all losses) and every vector of up to 3 pairs or 5 games, for normalized and logistic
hypotheses, pentanomial and trinomial: both implementations agree, a patch that lost everything
gets a negative LLR and one that won everything a positive one, and making one result worse
never raises the LLR per observation.
"""
import itertools
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sprt_reference  # noqa: E402

TOOL = None
# Normalized hypotheses stay within 50 nElo: far beyond (elo1 = 300, a pair t-value of 1.2) the
# t-value likelihood has several stationary points and the fixed-point iteration (fishtest's and
# fastchess's too; fishtest gives up there) can stop at one that is not the highest, e.g. (2, 0,
# 0, 1, 0) at elo0=0, elo1=300: -3.43 here, -3.26 from the reference. With 10000 pairs in one
# bucket it also happens at elo1 = 10: (0, 0, 0, 10000, 0) gives 279.536 against 279.562, so the
# one-bucket vectors stop at 1000.
HYPOTHESES = [
    ("normalized", 0.0, 10.0),
    ("normalized", -3.0, 1.0),
    ("normalized", 0.0, 50.0),
    ("logistic", 0.0, 10.0),
    ("logistic", -5.0, 0.0),
    ("logistic", 100.0, 400.0),
]


def grid(buckets, small_total):
    """Every vector of up to small_total, and each bucket alone at a few sizes up to 1000."""
    vectors = set()
    for counts in itertools.product(range(small_total + 1), repeat=buckets):
        if 0 < sum(counts) <= small_total:
            vectors.add(counts)
    for bucket in range(buckets):
        for size in (1, 2, 5, 30, 1000):
            vectors.add(tuple(size if i == bucket else 0 for i in range(buckets)))
    return sorted(vectors)


VECTORS = grid(5, 3) + grid(3, 5) + [(39, 2226, 31451, 2412, 40), (1, 0, 0, 0, 1000)]


def tool_llrs(queries):
    lines = "".join("%s %r %r %s\n" % (m, e0, e1, " ".join(map(str, c))) for m, e0, e1, c in queries)
    result = subprocess.run([TOOL], input=lines, capture_output=True, text=True, check=True)
    return [float(word) for word in result.stdout.split()]


class GridTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.queries = [(m, e0, e1, c) for m, e0, e1 in HYPOTHESES for c in VECTORS]
        cls.cpp = dict(zip(cls.queries, tool_llrs(cls.queries)))

    def test_agrees_with_the_reference(self):
        for query, value in self.cpp.items():
            model, elo0, elo1, counts = query
            function = getattr(sprt_reference, "llr_" + model)
            expected = function(counts, elo0, elo1)
            with self.subTest(query=query):
                self.assertAlmostEqual(value, expected, delta=1e-7 * max(1.0, abs(expected)))

    def test_all_lost_is_negative_and_all_won_positive(self):
        for (model, elo0, elo1, counts), value in self.cpp.items():
            if sum(1 for c in counts if c) != 1:
                continue
            with self.subTest(model=model, elo0=elo0, elo1=elo1, counts=counts):
                if counts[0]:
                    self.assertLess(value, 0.0)
                if counts[-1]:
                    self.assertGreater(value, 0.0)

    def test_losing_every_pair_reaches_h0(self):
        # 1000 lost pairs (or games) are far past the lower bound ln(0.05 / 0.95) = -2.94.
        for (model, elo0, elo1, counts), value in self.cpp.items():
            if counts[0] == 1000 and sum(counts) == 1000:
                with self.subTest(model=model, elo0=elo0, elo1=elo1, counts=counts):
                    self.assertLess(value, -2.95)

    def test_a_worse_result_never_raises_the_llr_per_observation(self):
        # N counts 1e-3 for every empty bucket, as fishtest's does, so emptying or filling a bucket
        # moves N (and the LLR, by about 1e-4 of itself); N * (mean log-likelihood ratio) is
        # compared per observation.
        def observations(counts):
            return sum(c if c else sprt_reference.EMPTY_BUCKET for c in counts)

        for (model, elo0, elo1, counts), value in self.cpp.items():
            small = sum(counts) <= (3 if len(counts) == 5 else 5)  # the grid holds the worse ones
            if not small:
                continue
            for bucket in range(1, len(counts)):
                if counts[bucket] == 0:
                    continue
                worse = list(counts)
                worse[bucket] -= 1
                worse[bucket - 1] += 1
                worse = tuple(worse)
                after = self.cpp[(model, elo0, elo1, worse)] / observations(worse)
                with self.subTest(model=model, elo0=elo0, elo1=elo1, counts=counts, worse=worse):
                    self.assertLessEqual(after, value / observations(counts) + 1e-12)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: sprt_reference_test.py PATH/TO/sprt_llr")
    TOOL = sys.argv.pop(1)
    unittest.main()
