// The linear algebra of the rating fits: Cholesky factorisation and solve of the symmetric
// positive-definite information matrices, stored row-major in a flat vector.
#pragma once

#include <vector>

namespace arbiter::rating_fit {

// In-place Cholesky factorisation (lower triangle) of a k x k symmetric matrix. Returns false
// when the matrix is not numerically positive definite.
bool cholesky(std::vector<double>& a, int k);

// Solves (L L^T) x = b in place for a factor from cholesky().
void cholesky_solve(const std::vector<double>& l, int k, std::vector<double>& b);

}  // namespace arbiter::rating_fit
