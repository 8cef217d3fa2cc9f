#!/usr/bin/env python3
"""Tests of scripts/debian-engines-report's anchoring and rank correlation (run by ctest)."""
import importlib.machinery
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
loader = importlib.machinery.SourceFileLoader("report", os.path.join(HERE, "debian-engines-report"))
spec = importlib.util.spec_from_loader("report", loader)
report = importlib.util.module_from_spec(spec)
loader.exec_module(report)


def row(name, elo, bound="none"):
    return {"name": name, "elo": elo, "bound": bound}


class AnchorTest(unittest.TestCase):
    published = {"a": ("a 1", ("A 1", 2600), ""), "b": ("b 1", ("B 1", 1800), ""),
                 "c": ("c 1", None, "not listed"), "d": ("d 1", ("D 1", 3500), "")}

    def test_the_rated_engines_mean_moves_onto_the_lists_mean(self):
        # Ours: a 400, b -200 (mean 100); the list: 2600 and 1800 (mean 2200).
        rows = [row("a", 400.0), row("b", -200.0), row("c", 0.0)]
        shift, names = report.anchor_shift(rows, self.published)
        self.assertEqual(shift, 2100.0)
        self.assertEqual(names, ["a", "b"])

    def test_an_engine_rated_only_as_a_bound_does_not_anchor(self):
        rows = [row("d", 900.0, "lower"), row("a", 400.0), row("c", 0.0)]
        shift, names = report.anchor_shift(rows, self.published)
        self.assertEqual((shift, names), (2200.0, ["a"]))

    def test_no_listed_engine_leaves_the_pool_unanchored(self):
        self.assertEqual(report.anchor_shift([row("c", 0.0)], self.published), (None, []))

    def test_every_pool_engine_of_the_script_has_a_table_entry(self):
        with open(os.path.join(HERE, "debian-engines")) as script:
            text = script.read()
        for name in report.PUBLISHED:
            self.assertIn(f"name={name},", text)
        self.assertEqual(text.count('  "name='), len(report.PUBLISHED))


class SpearmanTest(unittest.TestCase):
    def test_ranks_share_ties(self):
        self.assertEqual(report.ranks([10, 30, 20, 20]), [4.0, 1.0, 2.5, 2.5])

    def test_same_and_reversed_orders(self):
        self.assertAlmostEqual(report.spearman([1, 2, 3, 4], [10, 20, 30, 40]), 1.0)
        self.assertAlmostEqual(report.spearman([1, 2, 3, 4], [40, 30, 20, 10]), -1.0)

    def test_a_known_value(self):
        # Ranks 1..5 against 2,1,4,3,5: sum d^2 = 4, rho = 1 - 6*4/(5*24) = 0.8.
        self.assertAlmostEqual(report.spearman([5, 4, 3, 2, 1], [4, 5, 2, 3, 1]), 0.8)

    def test_fewer_than_three_pairs_or_no_spread_give_none(self):
        self.assertIsNone(report.spearman([1, 2], [2, 1]))
        self.assertIsNone(report.spearman([1, 2, 3], [5, 5, 5]))


if __name__ == "__main__":
    unittest.main()
