#include "harness/ratings/cholesky.h"

#include <algorithm>
#include <cmath>

namespace arbiter::rating_fit {

bool cholesky(std::vector<double>& a, int k) {
    double largest = 0.0;
    for (int i = 0; i < k; ++i) largest = std::max(largest, a[i * k + i]);
    for (int j = 0; j < k; ++j) {
        double pivot = a[j * k + j];
        for (int p = 0; p < j; ++p) pivot -= a[j * k + p] * a[j * k + p];
        if (!(pivot > 1e-13 * largest)) return false;
        a[j * k + j] = std::sqrt(pivot);
        for (int i = j + 1; i < k; ++i) {
            double sum = a[i * k + j];
            for (int p = 0; p < j; ++p) sum -= a[i * k + p] * a[j * k + p];
            a[i * k + j] = sum / a[j * k + j];
        }
    }
    return true;
}

// Solves (L L^T) x = b in place for a factor from cholesky().
void cholesky_solve(const std::vector<double>& l, int k, std::vector<double>& b) {
    for (int i = 0; i < k; ++i) {
        double sum = b[i];
        for (int p = 0; p < i; ++p) sum -= l[i * k + p] * b[p];
        b[i] = sum / l[i * k + i];
    }
    for (int i = k - 1; i >= 0; --i) {
        double sum = b[i];
        for (int p = i + 1; p < k; ++p) sum -= l[p * k + i] * b[p];
        b[i] = sum / l[i * k + i];
    }
}

}  // namespace arbiter::rating_fit
