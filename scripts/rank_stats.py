#!/usr/bin/env python3
"""Rank statistics shared by the reports that set a run beside a published table
(scripts/debian-engines-report, scripts/family-report): ranks with shared ties and Spearman's
rank correlation. Run on its own, it checks itself on values worked out by hand."""


def ranks(values):
    """Ranks from 1 (largest value) with ties sharing the mean of their places."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs, ys):
    """Spearman's rank correlation: Pearson's correlation of the ranks. None below 3 pairs or
    when one side has all ranks equal."""
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / (sxx * syy) ** 0.5


if __name__ == "__main__":
    # Ranks 1..5 against 2,1,4,3,5: sum d^2 = 4, rho = 1 - 6*4/(5*24) = 0.8.
    assert ranks([10, 30, 20, 20]) == [4.0, 1.0, 2.5, 2.5]
    assert abs(spearman([5, 4, 3, 2, 1], [4, 5, 2, 3, 1]) - 0.8) < 1e-12
    print("rank_stats: ranks and Spearman's correlation agree with the hand-worked values")
