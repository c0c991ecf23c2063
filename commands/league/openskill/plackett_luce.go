package openskill

import (
	"errors"
	"fmt"
	"math"
)

// Rate updates the ratings of the teams of one game. ranks[i] is team i's
// place (lower is better, equal values tie); nil means the teams are listed
// in finishing order. The inputs are not modified; the result has the shape
// of teams.
func (m Model) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	return m.RateWeighted(teams, nil, ranks)
}

// RateWeighted is Rate where member j of team i enters its team's
// performance as weights[i][j]·skill (see the package comment); nil weights
// are all 1, which is Rate.
func (m Model) RateWeighted(teams [][]Rating, weights [][]float64, ranks []int) ([][]Rating, error) {
	if err := m.check(teams, weights, ranks); err != nil {
		return nil, err
	}
	weight := func(i, j int) float64 {
		if weights == nil {
			return 1
		}
		return weights[i][j]
	}
	rank := func(i int) int {
		if ranks == nil {
			return i
		}
		return ranks[i]
	}

	// Dynamics first: every σ grows by τ before the game is counted.
	tau2 := m.Tau * m.Tau
	prior := make([][]Rating, len(teams))
	for i, team := range teams {
		prior[i] = make([]Rating, len(team))
		for j, r := range team {
			prior[i][j] = Rating{Mu: r.Mu, Sigma: math.Sqrt(r.Sigma*r.Sigma + tau2)}
		}
	}

	n := len(teams)
	mu := make([]float64, n)
	sigma2 := make([]float64, n)
	c2 := 0.0
	for i, team := range prior {
		for j, r := range team {
			w := weight(i, j)
			mu[i] += w * r.Mu
			sigma2[i] += w * w * r.Sigma * r.Sigma
		}
		c2 += sigma2[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)

	expMu := make([]float64, n)
	for i := range n {
		expMu[i] = math.Exp(mu[i] / c)
	}
	sumQ := make([]float64, n)
	tied := make([]float64, n)
	for q := range n {
		for i := range n {
			if rank(i) >= rank(q) {
				sumQ[q] += expMu[i]
			}
			if rank(i) == rank(q) {
				tied[q]++
			}
		}
	}

	out := make([][]Rating, n)
	for i, team := range prior {
		var omega, delta float64
		for q := range n {
			if rank(q) > rank(i) {
				continue
			}
			p := expMu[i] / sumQ[q]
			delta += p * (1 - p) / tied[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
		}
		gamma := math.Sqrt(sigma2[i]) / c
		omega *= sigma2[i] / c
		delta *= gamma * sigma2[i] / c2

		out[i] = make([]Rating, len(team))
		for j, r := range team {
			w := weight(i, j)
			share := r.Sigma * r.Sigma / sigma2[i]
			s := r.Sigma * math.Sqrt(math.Max(1-w*w*share*delta, m.Kappa))
			if m.LimitSigma {
				s = math.Min(s, teams[i][j].Sigma)
			}
			out[i][j] = Rating{Mu: r.Mu + w*share*omega, Sigma: s}
		}
	}
	return out, nil
}

var errTooFewTeams = errors.New("rate: a game needs at least two teams")

func (m Model) check(teams [][]Rating, weights [][]float64, ranks []int) error {
	if len(teams) < 2 {
		return errTooFewTeams
	}
	if ranks != nil && len(ranks) != len(teams) {
		return fmt.Errorf("rate: %d ranks for %d teams", len(ranks), len(teams))
	}
	if weights != nil && len(weights) != len(teams) {
		return fmt.Errorf("rate: %d weight lists for %d teams", len(weights), len(teams))
	}
	if m.Beta <= 0 || m.Kappa <= 0 || m.Tau < 0 {
		return fmt.Errorf("rate: bad model parameters β %g, κ %g, τ %g", m.Beta, m.Kappa, m.Tau)
	}
	for i, team := range teams {
		if len(team) == 0 {
			return fmt.Errorf("rate: team %d is empty", i+1)
		}
		if weights != nil && len(weights[i]) != len(team) {
			return fmt.Errorf("rate: team %d has %d members but %d weights", i+1, len(team), len(weights[i]))
		}
		for j, r := range team {
			if !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) || math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) {
				return fmt.Errorf("rate: team %d member %d has an invalid rating %v", i+1, j+1, r)
			}
			if weights != nil && !(weights[i][j] > 0) {
				return fmt.Errorf("rate: team %d member %d has weight %g; weights must be positive", i+1, j+1, weights[i][j])
			}
		}
	}
	return nil
}
