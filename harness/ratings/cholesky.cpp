#include "harness/ratings/cholesky.h"

#include <algorithm>
#include <cmath>

namespace arbiter::rating_fit {

bool cholesky(std::vector<double>& a, int k) {
    const auto at = [&](int row, int column) -> double& {
        return a[static_cast<std::size_t>(row) * static_cast<std::size_t>(k) +
                 static_cast<std::size_t>(column)];
    };
    double largest = 0.0;
    for (int i = 0; i < k; ++i) largest = std::max(largest, at(i, i));
    // The factor is built in the upper triangle, row p becoming column p of L at step p, and
    // each step's update of the rows below runs along contiguous rows. Every entry receives the
    // same subtractions, in the same order, and the same division as in the row-by-row form
    // (entry (i, j) minus L(i, p) L(j, p) for p = 0, 1, ..., then over L(j, j)): the same bits.
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j) at(i, j) = at(j, i);
    for (int p = 0; p < k; ++p) {
        double* row = &at(p, 0);
        if (!(row[p] > 1e-13 * largest)) return false;
        row[p] = std::sqrt(row[p]);
        for (int i = p + 1; i < k; ++i) row[i] /= row[p];
        for (int j = p + 1; j < k; ++j) {
            const double factor = row[j];
            double* target = &at(j, 0);
            for (int i = j; i < k; ++i) target[i] -= factor * row[i];
        }
    }
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j) at(j, i) = at(i, j);
    return true;
}

// Solves (L L^T) x = b in place for a factor from cholesky() (L below the diagonal, L^T above).
void cholesky_solve(const std::vector<double>& l, int k, std::vector<double>& b) {
    for (int i = 0; i < k; ++i) {
        double sum = b[i];
        for (int p = 0; p < i; ++p) sum -= l[i * k + p] * b[p];
        b[i] = sum / l[i * k + i];
    }
    for (int i = k - 1; i >= 0; --i) {
        double sum = b[i];
        for (int p = i + 1; p < k; ++p) sum -= l[i * k + p] * b[p];
        b[i] = sum / l[i * k + i];
    }
}

}  // namespace arbiter::rating_fit
