// Package openskill implements the Weng-Lin Bayesian online rating model
// (R. C. Weng and C.-J. Lin, "A Bayesian Approximation Method for Online
// Ranking", JMLR 12, 2011) with the Plackett-Luce model over ranks: the model
// the OpenSkill libraries (openskill.py, openskill.js) call PlackettLuce.
//
// A rating is a Gaussian belief about a skill: mean Mu, deviation Sigma. A
// game ranks teams; a team's performance is the weighted sum of its members'
// skills, so its mean is Σ w·μ and its variance Σ w²·σ². The update is the
// paper's Algorithm 1 with the Plackett-Luce likelihood (its section 3.5):
//
//	c      = sqrt(Σ_teams (σ²_team + β²))
//	sumQ_q = Σ_{i: rank_i ≥ rank_q} exp(μ_i / c)
//	A_q    = number of teams sharing team q's rank
//	for team i, over the teams q ranked no worse than i:
//	  p    = exp(μ_i / c) / sumQ_q
//	  Ω_i += ([q = i] − p) / A_q
//	  Δ_i += p(1 − p) / A_q
//	Ω_i ·= σ²_i / c;   Δ_i ·= γ_i σ²_i / c²,   γ_i = σ_i / c
//
// and each member j moves by its share of the team's variance:
// μ_j += w σ²_j/σ²_i · Ω_i and σ²_j ·= max(1 − w² σ²_j/σ²_i · Δ_i, κ). With
// every weight 1 this is exactly OpenSkill's update; a weight w makes the
// member enter the team as w·skill, and the member's share follows from the
// linear-Gaussian posterior (Cov(skill, team) = w σ², Var(team) = σ²_i).
//
// Before a game every σ grows by the dynamics term τ (σ² += τ²), so ratings
// of long-standing players keep moving, as both libraries do in rate().
//
// Defaults are the libraries' (openskill.py PlackettLuce(), openskill.js
// constants): μ 25, σ 25/3, β 25/6, κ 0.0001, τ 25/300 (μ/300), display
// ordinal μ − 3σ. The tests check the update against the values published in
// openskill.js (src/models/__tests__/plackett-luce.test.ts,
// src/__tests__/rate.test.ts) and openskill.py
// (tests/models/data/plackettluce.json).
package openskill
