// The blossom steps of WeightedMatching (weighted_matching.h): shrinking an odd cycle into a
// blossom, expanding one whose dual reached zero, growing the alternating forest and the dual
// update. Included at the end of weighted_matching.h only.
#pragma once

namespace arbiter::swiss {

template <typename Weight>
void WeightedMatching<Weight>::Solver::add_blossom(int u, int lca, int v) {
    int b = m_ + 1;
    while (b <= blossoms_ && top_[at(b)] != 0) ++b;
    if (b > blossoms_) ++blossoms_;
    label_[at(b)] = Weight(0);
    side_[at(b)] = 0;
    match_[at(b)] = match_[at(lca)];
    auto& f = flower_[at(b)];
    f.clear();
    f.push_back(lca);
    for (int x = u, y; x != lca; x = top_[at(parent_[at(y)])]) {
        f.push_back(x);
        f.push_back(y = top_[at(match_[at(x)])]);
        push(y);
    }
    std::reverse(f.begin() + 1, f.end());
    for (int x = v, y; x != lca; x = top_[at(parent_[at(y)])]) {
        f.push_back(x);
        f.push_back(y = top_[at(match_[at(x)])]);
        push(y);
    }
    set_top(b, b);
    for (int x = 1; x <= blossoms_; ++x) {
        edge_u_[e(b, x)] = edge_v_[e(b, x)] = 0;
        edge_u_[e(x, b)] = edge_v_[e(x, b)] = 0;
    }
    for (int x = 1; x <= m_; ++x) from(b, x) = 0;
    for (int xs : f) {
        for (int x = 1; x <= blossoms_; ++x) {
            if (x == b || !linked(xs, x)) continue;
            if (!linked(b, x) || delta(xs, x) < delta(b, x)) {
                edge_u_[e(b, x)] = edge_u_[e(xs, x)];
                edge_v_[e(b, x)] = edge_v_[e(xs, x)];
                edge_u_[e(x, b)] = edge_u_[e(x, xs)];
                edge_v_[e(x, b)] = edge_v_[e(x, xs)];
            }
        }
        for (int x = 1; x <= m_; ++x)
            if (from(xs, x) != 0) from(b, x) = xs;
    }
    set_slack(b);
}

template <typename Weight>
void WeightedMatching<Weight>::Solver::expand_blossom(int b) {
    for (int x : flower_[at(b)]) set_top(x, x);
    int xr = from(b, edge_u_[e(b, parent_[at(b)])]);
    int pr = position_in(b, xr);
    auto& f = flower_[at(b)];
    for (int i = 0; i < pr; i += 2) {
        int xs = f[at(i)];
        int xns = f[at(i + 1)];
        parent_[at(xs)] = edge_u_[e(xns, xs)];
        side_[at(xs)] = 1;
        side_[at(xns)] = 0;
        slack_[at(xs)] = 0;
        set_slack(xns);
        push(xns);
    }
    side_[at(xr)] = 1;
    parent_[at(xr)] = parent_[at(b)];
    for (std::size_t i = at(pr + 1); i < f.size(); ++i) {
        side_[at(f[i])] = -1;
        set_slack(f[i]);
    }
    top_[at(b)] = 0;
}

template <typename Weight>
bool WeightedMatching<Weight>::Solver::on_found_edge(int eu, int ev) {
    int u = top_[at(eu)];
    int v = top_[at(ev)];
    if (side_[at(v)] == -1) {
        parent_[at(v)] = eu;
        side_[at(v)] = 1;
        int nu = top_[at(match_[at(v)])];
        slack_[at(v)] = slack_[at(nu)] = 0;
        side_[at(nu)] = 0;
        push(nu);
    } else if (side_[at(v)] == 0) {
        int lca = lowest_common_ancestor(u, v);
        if (lca == 0) {
            augment(u, v);
            augment(v, u);
            return true;
        }
        add_blossom(u, lca, v);
    }
    return false;
}

// Grows the forest from the queue over tight edges; true when it augmented.
template <typename Weight>
bool WeightedMatching<Weight>::Solver::scan_queue() {
    while (!queue_.empty()) {
        int u = queue_.front();
        queue_.pop_front();
        if (side_[at(top_[at(u)])] == 1) continue;
        for (int v = 1; v <= m_; ++v) {
            if (!linked(u, v) || top_[at(u)] == top_[at(v)]) continue;
            if (delta(u, v) == Weight(0)) {
                if (on_found_edge(u, v)) return true;
            } else {
                update_slack(u, top_[at(v)]);
            }
        }
    }
    return false;
}

// Changes the duals by the largest step that keeps them feasible; false when a free vertex's
// dual reached zero (the matching is then of maximum weight).
template <typename Weight>
bool WeightedMatching<Weight>::Solver::adjust_duals() {
    bool found = false;
    Weight d(0);
    auto consider = [&](const Weight& value) {
        if (!found || value < d) d = value;
        found = true;
    };
    for (int b = m_ + 1; b <= blossoms_; ++b)
        if (top_[at(b)] == b && side_[at(b)] == 1) consider(label_[at(b)] / 2);
    for (int x = 1; x <= blossoms_; ++x) {
        if (top_[at(x)] != x || slack_[at(x)] == 0) continue;
        if (side_[at(x)] == -1) consider(delta(slack_[at(x)], x));
        if (side_[at(x)] == 0) consider(delta(slack_[at(x)], x) / 2);
    }
    for (int u = 1; u <= m_; ++u) {
        int s = side_[at(top_[at(u)])];
        if (s == 0) {
            if (!found || label_[at(u)] <= d) return false;
            label_[at(u)] -= d;
        } else if (s == 1) {
            label_[at(u)] += d;
        }
    }
    for (int b = m_ + 1; b <= blossoms_; ++b) {
        if (top_[at(b)] != b) continue;
        if (side_[at(b)] == 0) label_[at(b)] += d * 2;
        if (side_[at(b)] == 1) label_[at(b)] -= d * 2;
    }
    return true;
}

template <typename Weight>
bool WeightedMatching<Weight>::Solver::augment_once() {
    std::fill(side_.begin() + 1, side_.begin() + blossoms_ + 1, -1);
    std::fill(slack_.begin() + 1, slack_.begin() + blossoms_ + 1, 0);
    queue_.clear();
    for (int x = 1; x <= blossoms_; ++x) {
        if (top_[at(x)] == x && match_[at(x)] == 0) {
            parent_[at(x)] = 0;
            side_[at(x)] = 0;
            push(x);
        }
    }
    if (queue_.empty()) return false;
    for (;;) {
        if (scan_queue()) return true;
        if (!adjust_duals()) return false;
        queue_.clear();
        for (int x = 1; x <= blossoms_; ++x) {
            if (top_[at(x)] == x && slack_[at(x)] != 0 && top_[at(slack_[at(x)])] != x &&
                delta(slack_[at(x)], x) == Weight(0) && on_found_edge(slack_[at(x)], x))
                return true;
        }
        for (int b = m_ + 1; b <= blossoms_; ++b)
            if (top_[at(b)] == b && side_[at(b)] == 1 && label_[at(b)] == Weight(0))
                expand_blossom(b);
    }
}

}  // namespace arbiter::swiss
