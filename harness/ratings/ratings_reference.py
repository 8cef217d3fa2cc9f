#!/usr/bin/env python3
"""An independent implementation of the rule of arbiter's joint ratings, written from the formulas.

A pool is (n, cells) with cells a list of (white, black, wins, draws, losses), results from
White's side; colours are ignored (no white advantage) and a draw is half a point (the none
model). The rule, as README's "Separated results" states it:

* Player a *scored against* b when a won or drew a game against b. The groups are the classes
  of mutual reachability in that relation (computed here by transitive closure, not Tarjan).
* Games between two groups go one way: group A *beat* group B when A won every game between
  them; "above" is the transitive closure of "beat", a partial order.
* The core is the group holding the anchor player, else, among groups whose key no other group
  shares, the best by key (players, games among them, games in all, -|crossing wins - crossing
  losses|, crossing wins); when every key is shared, the best key.
* Inside a group the ratings are the maximum-likelihood Bradley-Terry fit (score-only logistic),
  solved here by Newton's method with Gaussian elimination on the score equations.
* A group above the core is a lower bound (estimate +infinity), below the core an upper bound.

Two checks of what the rule prints that do not repeat its computation:

* sweep_log_probability: the chance, at the printed ratings (the bound for a bound), that a group
  wins (or loses) every game it won (lost) against the others, evaluated from the logistic
  formula game by game. Where nothing else moved it, a bound sits where that chance is 2.5%.
* penalized_fit: the maximum-likelihood fit of the whole pool with a tiny prior (a small fraction
  of a drawn game between every two players, as BayesElo's prior), where every rating is finite:
  a group the results put above another comes out far above it, so the side of the core a group
  lies on is read from there rather than from the order's closure.
"""
import math

ELO_PER_NATURAL = 400.0 / math.log(10.0)


def closure(n, edges):
    """reach[a][b]: a path from a to b of one or more edges (Warshall)."""
    reach = [[False] * n for _ in range(n)]
    for a, b in edges:
        reach[a][b] = True
    for k in range(n):
        for a in range(n):
            if reach[a][k]:
                row_k = reach[k]
                row_a = reach[a]
                for b in range(n):
                    if row_k[b]:
                        row_a[b] = True
    return reach


def groups_of(n, cells):
    """The group number of each player and the list of groups (sorted member lists)."""
    edges = []
    for white, black, wins, draws, losses in cells:
        if wins + draws > 0:
            edges.append((white, black))
        if losses + draws > 0:
            edges.append((black, white))
    reach = closure(n, edges)
    group = [-1] * n
    groups = []
    for p in range(n):
        if group[p] >= 0:
            continue
        members = [q for q in range(n) if q == p or (reach[p][q] and reach[q][p])]
        for q in members:
            group[q] = len(groups)
        groups.append(members)
    return group, groups


def group_order(cells, group, count):
    """above[a][b]: group a won every game against group b, directly or through others."""
    edges = []
    for white, black, wins, draws, losses in cells:
        if group[white] != group[black]:
            edges.append((group[white], group[black]) if wins > 0 else (group[black], group[white]))
    return closure(count, edges)


def core_group(n, cells, group, groups, anchor=None):
    """The core group by the rule in the module's docstring."""
    if anchor is not None:
        return group[anchor]
    keys = []
    for g, members in enumerate(groups):
        inside = games = won = lost = 0
        for white, black, wins, draws, losses in cells:
            total = wins + draws + losses
            in_white, in_black = group[white] == g, group[black] == g
            if in_white or in_black:
                games += total * (int(in_white) + int(in_black))
            if in_white and in_black:
                inside += total
            elif in_white:
                won, lost = won + wins, lost + losses
            elif in_black:
                won, lost = won + losses, lost + wins
        keys.append((len(members), inside, games, -abs(won - lost), won))
    unique = [g for g in range(len(groups)) if keys.count(keys[g]) == 1]
    candidates = unique if unique else list(range(len(groups)))
    return max(candidates, key=lambda g: keys[g])


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col] != 0.0:
                factor = a[r][col] / a[col][col]
                for c in range(col, size + 1):
                    a[r][c] -= factor * a[col][c]
    return [a[i][size] / a[i][i] for i in range(size)]


def fit_group(members, cells):
    """Bradley-Terry maximum likelihood on the games among `members`; Elo, mean 0."""
    index = {p: i for i, p in enumerate(members)}
    m = len(members)
    games = {}
    for white, black, wins, draws, losses in cells:
        if white in index and black in index:
            a, b = index[white], index[black]
            total, points = games.get((a, b), (0.0, 0.0))
            games[(a, b)] = (total + wins + draws + losses, points + wins + 0.5 * draws)
    theta = [0.0] * m
    for _ in range(200):
        gradient = [0.0] * m
        hessian = [[0.0] * m for _ in range(m)]
        for (a, b), (total, points) in games.items():
            expected = 1.0 / (1.0 + math.exp(theta[b] - theta[a]))
            gradient[a] += points - total * expected
            gradient[b] -= points - total * expected
            weight = total * expected * (1.0 - expected)
            hessian[a][a] += weight
            hessian[b][b] += weight
            hessian[a][b] -= weight
            hessian[b][a] -= weight
        if m == 1:
            break
        # Fix member 0 at 0: solve for the others.
        step = solve([row[1:] for row in hessian[1:]], gradient[1:])
        largest = max(abs(s) for s in step)
        if largest > 2.0:
            step = [s * 2.0 / largest for s in step]
        for i in range(1, m):
            theta[i] += step[i - 1]
        if max(abs(s) for s in step) < 1e-13:
            break
    mean = sum(theta) / m
    return {p: (theta[index[p]] - mean) * ELO_PER_NATURAL for p in members}


def rate(n, cells, anchor=None):
    """The reference's answer: groups, group order, core, kinds and in-group ratings."""
    group, groups = groups_of(n, cells)
    above = group_order(cells, group, len(groups))
    core = core_group(n, cells, group, groups, anchor)
    inside = {}
    for members in groups:
        inside.update(fit_group(members, cells))
    # A core of one player who won (lost) every game is itself a bound.
    core_kind = "none"
    if len(groups[core]) == 1:
        beat_any = any(above[core][g] for g in range(len(groups)))
        lost_any = any(above[g][core] for g in range(len(groups)))
        core_kind = "lower" if beat_any and not lost_any else "upper" if lost_any and not beat_any \
            else "none"
    kinds = []
    for p in range(n):
        g = group[p]
        kinds.append(core_kind if g == core else "lower" if above[g][core]
                     else "upper" if above[core][g] else "either")
    return {"group": group, "groups": groups, "above": above, "core": core, "kinds": kinds,
            "inside": inside}


def win_probability(rating, opponent):
    """The logistic expected score, from the Elo difference."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def sweep_log_probability(cells, group, g, values):
    """log P(group g wins every game it won and loses every game it lost against other groups)
    at the ratings `values`, game by game; and the number of such games."""
    total, games = 0.0, 0
    for white, black, wins, draws, losses in cells:
        if (group[white] == g) == (group[black] == g):
            continue
        member, other = (white, black) if group[white] == g else (black, white)
        won, lost = (wins, losses) if member == white else (losses, wins)
        p = win_probability(values[member], values[other])
        total += won * math.log(p) + lost * math.log(1.0 - p)
        games += won + lost
    return total, games


def penalized_fit(n, cells, prior=1e-3):
    """Bradley-Terry maximum likelihood of the whole pool with `prior` drawn games added between
    every two players; finite for every pool, Elo, mean 0."""
    padded = list(cells) + [(a, b, 0.0, prior, 0.0) for a in range(n) for b in range(a + 1, n)]
    return fit_group(list(range(n)), padded)
