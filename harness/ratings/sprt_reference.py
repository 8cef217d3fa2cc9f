#!/usr/bin/env python3
"""An independent second form of the GSPRT log-likelihood ratios of harness/ratings/sprt.cpp.

Standard library only. The C++ code finds the constrained maximum-likelihood distributions by
fishtest's fixed-point iteration; this file reaches the same maxima another way, so that a wrong
fixed point (or none) in one shows up as a difference:

* Expected score s (logistic Elo, and normalized Elo 0): the profile log-likelihood of an
  empirical distribution f on scores a_i is sum f_i log f_i - max_l sum f_i log(1 + l (a_i - s)),
  the dual of maximizing sum f_i log p_i over distributions with mean s (empirical likelihood).
  The concave dual is maximized by damped Newton steps.
* t-value (mu - ref) / sigma = t != 0: every distribution with that t-value has some mean m and
  then variance v(m) = ((m - ref) / t)^2, two linear constraints on p. The profile over both is
  the two-dimensional dual max_l sum f_i log(1 + l . (a_i - m, (a_i - m)^2 - v(m))), finite
  exactly when v(m) lies strictly between the smallest and the largest variance a distribution on
  the a_i with mean m can have. The outer maximum over m is a geometric scan of that range and a
  golden-section refinement around every local maximum of the scan.

Counts are regularized as fishtest's LLRcalc.py and fastchess's sprt.cpp do: an empty bucket
counts 1e-3 (also in the number of observations N). The LLR is N (EL(h1) - EL(h0)).
"""
import math

EMPTY_BUCKET = 1e-3
NELO_PER_T = 800.0 / math.log(10.0)


def regularized(counts):
    """Returns (N, frequencies, scores) of a count vector of 3 (L, D, W) or 5 (pair) buckets."""
    cells = [float(c) if c > 0 else EMPTY_BUCKET for c in counts]
    total = sum(cells)
    scores = [i / (len(cells) - 1) for i in range(len(cells))]
    return total, [c / total for c in cells], scores


def _dual(frequencies, columns, multipliers):
    value = 0.0
    if len(multipliers) == 1:  # written out for one and two multipliers: the test's hot loop
        (l0,) = multipliers
        for f, (c0,) in zip(frequencies, columns):
            inner = 1.0 + l0 * c0
            if inner <= 0.0:
                return -math.inf
            value += f * math.log(inner)
        return value
    l0, l1 = multipliers
    for f, (c0, c1) in zip(frequencies, columns):
        inner = 1.0 + l0 * c0 + l1 * c1
        if inner <= 0.0:
            return -math.inf
        value += f * math.log(inner)
    return value


def _gradient_hessian(frequencies, columns, multipliers):
    """The dual's gradient and its negated Hessian at `multipliers` (one or two of them)."""
    if len(multipliers) == 1:
        (l0,) = multipliers
        g0 = h00 = 0.0
        for f, (c0,) in zip(frequencies, columns):
            w = f / (1.0 + l0 * c0)
            g0 += w * c0
            h00 += w * c0 * c0 / (1.0 + l0 * c0)
        return [g0], [[h00]]
    l0, l1 = multipliers
    g0 = g1 = h00 = h01 = h11 = 0.0
    for f, (c0, c1) in zip(frequencies, columns):
        inner = 1.0 + l0 * c0 + l1 * c1
        w = f / inner
        g0 += w * c0
        g1 += w * c1
        w /= inner
        h00 += w * c0 * c0
        h01 += w * c0 * c1
        h11 += w * c1 * c1
    return [g0, g1], [[h00, h01], [h01, h11]]


def _solve(matrix, vector):
    """Solves a positive definite 1x1 or 2x2 system; None when it is singular."""
    if len(vector) == 1:
        return [vector[0] / matrix[0][0]] if matrix[0][0] > 0.0 else None
    (a, b), (c, d) = matrix
    det = a * d - b * c
    if not det > 0.0:
        return None
    return [(d * vector[0] - b * vector[1]) / det, (a * vector[1] - c * vector[0]) / det]


def max_dual(frequencies, columns, start=None):
    """max over l of sum f_i log(1 + l . c_i), by damped Newton steps from l = start (the last
    maximizer, when the caller walks a path of nearby problems) or from l = 0. The dual is
    concave, so where the steps start changes only how many are needed."""
    value, multipliers = _start(frequencies, columns, start)
    return _newton(frequencies, columns, multipliers, value)[0]


def _start(frequencies, columns, start):
    if start is not None:
        value = _dual(frequencies, columns, start)
        if value > -math.inf:
            return value, list(start)
    return 0.0, [0.0] * len(columns[0])


def _newton(frequencies, columns, multipliers, value):
    """Damped Newton ascent of the dual from `multipliers` (where it is `value`); returns the
    maximum and the maximizer (math.inf and None when the constraints leave no distribution)."""
    for _ in range(500):
        gradient, hessian = _gradient_hessian(frequencies, columns, multipliers)
        step = _solve(hessian, gradient)  # ascent direction: -H^-1 g with H the negated matrix
        if step is None:
            return math.inf, None  # the constraints leave no distribution (at the edge)
        decrement = sum(g * s for g, s in zip(gradient, step))
        # Half the Newton decrement bounds what is left to gain; stop near rounding level.
        if decrement < 1e-15:
            break
        size = 1.0
        while size > 1e-12:
            trial = [l + size * s for l, s in zip(multipliers, step)]
            trial_value = _dual(frequencies, columns, trial)
            if trial_value >= value + 0.25 * size * decrement:
                break
            size /= 2.0
        else:
            break  # no step gains any more: the maximum to rounding
        multipliers, value = trial, trial_value
    return value, multipliers


def profile_mean(frequencies, scores, mean):
    """max sum f_i log p_i over distributions p with expected score `mean`, minus sum f log f."""
    return -max_dual(frequencies, [(a - mean,) for a in scores])


def _variance_range(scores, mean):
    """The open range of variances of distributions on `scores` with the given mean."""
    largest = (mean - scores[0]) * (scores[-1] - mean)
    smallest = 0.0
    for low, high in zip(scores, scores[1:]):
        if low <= mean <= high:
            smallest = (mean - low) * (high - mean)
    return smallest, largest


def profile_t_value(frequencies, scores, reference, t):
    """max sum f_i log p_i over p with (mean - reference) / sigma = t, minus sum f log f."""
    if t == 0.0:
        return profile_mean(frequencies, scores, reference)

    last = [None]  # the previous mean's maximizer: the scan and the refinement move by little

    def at(mean):
        variance = ((mean - reference) / t) ** 2
        smallest, largest = _variance_range(scores, mean)
        if not smallest < variance < largest:
            return -math.inf
        columns = [(a - mean, (a - mean) ** 2 - variance) for a in scores]
        value, multipliers = _start(frequencies, columns, last[0])
        value, last[0] = _newton(frequencies, columns, multipliers, value)
        return -value

    # Feasible means m = reference + d (d of the sign of t): v(m) must exceed the variance of the
    # two neighbouring scores around m (reference is a score, the next one h away), which holds
    # from |d| = h t^2 / (1 + t^2), and stay below (m - a_0)(a_n - m), which holds up to a root of
    # (1 + t^2) m^2 - (2 ref + t^2 (a_0 + a_n)) m + ref^2 + t^2 a_0 a_n = 0.
    a0, an = scores[0], scores[-1]
    quadratic = 1.0 + t * t
    linear = 2.0 * reference + t * t * (a0 + an)
    constant = reference * reference + t * t * a0 * an
    root = math.sqrt(linear * linear - 4.0 * quadratic * constant)
    edge = (linear + root) / (2.0 * quadratic) if t > 0 else (linear - root) / (2.0 * quadratic)
    assert reference in scores
    nearest = (scores[1] - scores[0]) * t * t / quadratic
    farthest = abs(edge - reference)
    # The profile can have sharp local maxima close to the nearest mean (a few per cent of d
    # wide when one bucket holds nearly everything): scan d geometrically, then refine every
    # local maximum of the scan by golden section and keep the best.
    steps = 400
    sign = 1.0 if t > 0 else -1.0
    grid = [
        reference + sign * nearest * (farthest / nearest) ** (i / steps) for i in range(steps + 1)
    ]
    values = [-math.inf] + [at(m) for m in grid[1:-1]] + [-math.inf]  # the ends are infeasible
    best = max(values)
    if best == -math.inf:
        raise ValueError("no distribution has t-value %r" % t)
    for i in range(1, steps):
        if values[i] > -math.inf and values[i] >= values[i - 1] and values[i] >= values[i + 1]:
            best = max(best, _golden_section_max(at, grid[i - 1], grid[i + 1]))
    return best


def _golden_section_max(function, left, right):
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = right + ratio * (left - right), left + ratio * (right - left)
    fa, fb = function(a), function(b)
    for _ in range(80):
        if fa >= fb:
            right, b, fb = b, a, fa
            a = right + ratio * (left - right)
            fa = function(a)
        else:
            left, a, fa = a, b, fb
            b = left + ratio * (right - left)
            fb = function(b)
    return max(fa, fb)


def llr_logistic(counts, elo0, elo1):
    """The GSPRT LLR of H1 (logistic Elo elo1) against H0 (elo0) for 3 or 5 counts."""
    if sum(counts) == 0:
        return 0.0
    total, frequencies, scores = regularized(counts)
    expected = [1.0 / (1.0 + 10.0 ** (-elo / 400.0)) for elo in (elo0, elo1)]
    profiles = [profile_mean(frequencies, scores, s) for s in expected]
    return total * (profiles[1] - profiles[0])


def llr_normalized(counts, nelo0, nelo1):
    """The GSPRT LLR of H1 (normalized Elo nelo1) against H0 (nelo0) for 3 or 5 counts."""
    if sum(counts) == 0:
        return 0.0
    total, frequencies, scores = regularized(counts)
    # A pair's t-value is sqrt(2) times a game's for the same normalized Elo.
    scale = (math.sqrt(2.0) if len(counts) == 5 else 1.0) / NELO_PER_T
    profiles = [profile_t_value(frequencies, scores, 0.5, nelo * scale) for nelo in (nelo0, nelo1)]
    return total * (profiles[1] - profiles[0])
