/** Exact solvers: branch-and-bound, MILP (HiGHS), brute force, solve(). @module */
