package openskill

import "fmt"

// Rating is a Gaussian belief about one skill.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Z is how many deviations the display ordinal subtracts: a player's
// Ordinal is a skill they beat with about 99.9% certainty, so a newcomer
// starts at 0 and climbs as the model learns, rather than ranking high on luck.
const Z = 3

// Ordinal is the conservative estimate μ − 3σ used to display and sort
// ratings, as OpenSkill's ordinal().
func (r Rating) Ordinal() float64 { return r.Mu - Z*r.Sigma }

func (r Rating) String() string {
	return fmt.Sprintf("%.2f (μ %.2f, σ %.2f)", r.Ordinal(), r.Mu, r.Sigma)
}

// Model holds the parameters of the rating model.
type Model struct {
	Mu    float64 // a new rating's mean
	Sigma float64 // a new rating's deviation
	Beta  float64 // the performance noise of one game
	Kappa float64 // the floor on a variance's shrink factor, keeping σ > 0
	Tau   float64 // added to σ (in quadrature) before each game; 0 for none
	// LimitSigma keeps σ from rising through τ in a game (openskill's
	// limit_sigma), so a win never lowers the ordinal. Off by default.
	LimitSigma bool
}

// Default returns the OpenSkill defaults: μ 25, σ 25/3, β 25/6, κ 0.0001,
// τ 25/300.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
}

// New returns the rating of someone the model knows nothing about.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }
