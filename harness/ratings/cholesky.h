// The linear algebra of the rating fits: Cholesky factorisation and solve of the symmetric
// positive-definite information matrices, stored row-major in a flat vector.
#pragma once

#include <vector>

namespace arbiter::rating_fit {

// In-place Cholesky factorisation of a k x k symmetric matrix, read from its lower triangle: L
// below the diagonal and on it, L^T above it. Returns false when the matrix is not numerically
// positive definite (the matrix is then left half-done).
bool cholesky(std::vector<double>& a, int k);

// Solves (L L^T) x = b in place for a factor from cholesky().
void cholesky_solve(const std::vector<double>& l, int k, std::vector<double>& b);

}  // namespace arbiter::rating_fit
