// A maximum-weight matching of a general graph (Edmonds' blossom algorithm with dual variables,
// O(n^3) over a dense weight matrix). The Dutch pairing (dutch.h) encodes every pairing criterion
// as bits of one large integer edge weight, so the weight type is a template parameter: anything
// with +, -, *2, /2, comparison and construction from int (boost::multiprecision's fixed integers).
// A weight of zero means "no edge". The matching maximises the total weight; it need not be
// perfect. Vertices are 0..n-1; mate(v) == v for an unmatched vertex.
#pragma once

#include <algorithm>
#include <cstddef>
#include <deque>
#include <vector>

namespace arbiter::swiss {

template <typename Weight>
class WeightedMatching {
  public:
    explicit WeightedMatching(std::size_t vertices)
        : n_(static_cast<int>(vertices)), weight_(vertices * vertices, Weight(0)), mate_(vertices) {
        for (int v = 0; v < n_; ++v) mate_[static_cast<std::size_t>(v)] = v;
    }

    int size() const { return n_; }
    void set_weight(int u, int v, const Weight& w) {
        weight_[index(u, v)] = w * 2;
        weight_[index(v, u)] = weight_[index(u, v)];
    }
    // Twice the weight of edge u-v (doubled so that every dual variable stays an integer).
    const Weight& doubled_weight(int u, int v) const { return weight_[index(u, v)]; }
    int mate(int v) const { return mate_[static_cast<std::size_t>(v)]; }

    // Computes a maximum-weight matching over the vertices where active[v] is true (the others
    // stay unmatched and are ignored).
    void solve(const std::vector<bool>& active) {
        std::vector<int> ids;
        for (int v = 0; v < n_; ++v)
            if (active[static_cast<std::size_t>(v)]) ids.push_back(v);
        for (int v = 0; v < n_; ++v) mate_[static_cast<std::size_t>(v)] = v;
        Solver solver(*this, ids);
        solver.run();
        for (std::size_t i = 0; i < ids.size(); ++i) {
            int m = solver.match_of(static_cast<int>(i) + 1);
            if (m != 0)
                mate_[static_cast<std::size_t>(ids[i])] = ids[static_cast<std::size_t>(m - 1)];
        }
    }

  private:
    std::size_t index(int u, int v) const {
        return static_cast<std::size_t>(u) * static_cast<std::size_t>(n_) +
               static_cast<std::size_t>(v);
    }

    // The algorithm on vertices 1..m (blossoms m+1..2m), the state of one solve.
    class Solver {
      public:
        Solver(const WeightedMatching& graph, const std::vector<int>& ids)
            : graph_(graph), ids_(ids), m_(static_cast<int>(ids.size())) {
            std::size_t size = static_cast<std::size_t>(2 * m_ + 1);
            edge_u_.assign(size * size, 0);
            edge_v_.assign(size * size, 0);
            label_.assign(size, Weight(0));
            match_.assign(size, 0);
            slack_.assign(size, 0);
            top_.assign(size, 0);
            parent_.assign(size, 0);
            side_.assign(size, -1);
            visit_.assign(size, 0);
            flower_.assign(size, {});
            flower_from_.assign(size * static_cast<std::size_t>(m_ + 1), 0);
        }

        int match_of(int v) const { return match_[at(v)]; }

        void run() {
            Weight max_weight(0);
            for (int u = 1; u <= m_; ++u) {
                for (int v = 1; v <= m_; ++v) {
                    edge_u_[e(u, v)] = u;
                    edge_v_[e(u, v)] = v;
                    from(u, v) = u == v ? u : 0;
                    if (u != v) max_weight = std::max(max_weight, w(u, v));
                }
            }
            for (int u = 0; u <= 2 * m_; ++u) top_[at(u)] = u;
            for (int u = 1; u <= m_; ++u) label_[at(u)] = max_weight;
            blossoms_ = m_;
            while (augment_once()) {}
        }

      private:
        static std::size_t at(int v) { return static_cast<std::size_t>(v); }
        std::size_t e(int u, int v) const {
            return static_cast<std::size_t>(u) * static_cast<std::size_t>(2 * m_ + 1) +
                   static_cast<std::size_t>(v);
        }
        int& from(int b, int v) {
            return flower_from_[static_cast<std::size_t>(b) * static_cast<std::size_t>(m_ + 1) +
                                static_cast<std::size_t>(v)];
        }
        // The doubled weight of an original edge.
        const Weight& w(int u, int v) const {
            return graph_.doubled_weight(ids_[at(u - 1)], ids_[at(v - 1)]);
        }
        // Whether x and y (vertices or blossoms) are joined by an edge of positive weight.
        bool linked(int x, int y) const {
            if (x <= m_ && y <= m_) return x != y && w(x, y) > Weight(0);
            return edge_u_[e(x, y)] != 0;
        }
        Weight delta(int x, int y) const {
            int u = edge_u_[e(x, y)];
            int v = edge_v_[e(x, y)];
            return label_[at(u)] + label_[at(v)] - w(u, v) * 2;
        }
        void update_slack(int u, int x) {
            if (slack_[at(x)] == 0 || delta(u, x) < delta(slack_[at(x)], x)) slack_[at(x)] = u;
        }
        void set_slack(int x) {
            slack_[at(x)] = 0;
            for (int u = 1; u <= m_; ++u)
                if (linked(u, x) && top_[at(u)] != x && side_[at(top_[at(u)])] == 0)
                    update_slack(u, x);
        }
        void push(int x) {
            if (x <= m_) {
                queue_.push_back(x);
                return;
            }
            for (int y : flower_[at(x)]) push(y);
        }
        void set_top(int x, int b) {
            top_[at(x)] = b;
            if (x > m_)
                for (int y : flower_[at(x)]) set_top(y, b);
        }
        int position_in(int b, int xr) {
            auto& f = flower_[at(b)];
            int pr = static_cast<int>(std::find(f.begin(), f.end(), xr) - f.begin());
            if (pr % 2 == 1) {
                std::reverse(f.begin() + 1, f.end());
                return static_cast<int>(f.size()) - pr;
            }
            return pr;
        }
        void set_match(int u, int v) {
            match_[at(u)] = edge_v_[e(u, v)];
            if (u <= m_) return;
            int xr = from(u, edge_u_[e(u, v)]);
            int pr = position_in(u, xr);
            auto& f = flower_[at(u)];
            for (int i = 0; i < pr; ++i) set_match(f[at(i)], f[at(i ^ 1)]);
            set_match(xr, v);
            std::rotate(f.begin(), f.begin() + pr, f.end());
        }
        void augment(int u, int v) {
            for (;;) {
                int xnv = top_[at(match_[at(u)])];
                set_match(u, v);
                if (xnv == 0) return;
                set_match(xnv, top_[at(parent_[at(xnv)])]);
                u = top_[at(parent_[at(xnv)])];
                v = xnv;
            }
        }
        int lowest_common_ancestor(int u, int v) {
            ++stamp_;
            for (; u != 0 || v != 0; std::swap(u, v)) {
                if (u == 0) continue;
                if (visit_[at(u)] == stamp_) return u;
                visit_[at(u)] = stamp_;
                u = top_[at(match_[at(u)])];
                if (u != 0) u = top_[at(parent_[at(u)])];
            }
            return 0;
        }
        void add_blossom(int u, int lca, int v);
        void expand_blossom(int b);
        bool on_found_edge(int eu, int ev);
        bool augment_once();
        bool scan_queue();
        bool adjust_duals();

        const WeightedMatching& graph_;
        const std::vector<int>& ids_;
        int m_;
        int blossoms_ = 0;
        int stamp_ = 0;
        std::vector<int> edge_u_, edge_v_;
        std::vector<Weight> label_;
        std::vector<int> match_, slack_, top_, parent_, side_, visit_;
        std::vector<std::vector<int>> flower_;
        std::vector<int> flower_from_;
        std::deque<int> queue_;
    };

    int n_;
    std::vector<Weight> weight_;
    std::vector<int> mate_;
};

}  // namespace arbiter::swiss

#include "harness/swiss/weighted_matching_impl.h"
