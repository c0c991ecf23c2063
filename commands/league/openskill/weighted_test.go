package openskill

import (
	"strings"
	"testing"
)

func TestUnitWeightsAreRate(t *testing.T) {
	m := Default()
	teams := [][]Rating{{r(29.182, 4.782), r(27.174, 4.922)}, {r(16.672, 6.217), m.New()}, {m.New()}}
	want, err := m.Rate(teams, []int{2, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.RateWeighted(teams, [][]float64{{1, 1}, {1, 1}, {1}}, []int{2, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("team %d member %d: weighted %v, plain %v", i, j, got[i][j], want[i][j])
			}
		}
	}
}

// A member of weight w with skill N(μ, σ²) contributes exactly what an
// unweighted member with N(wμ, w²σ²) does, so its update must be that
// member's update scaled back by 1/w. This pins the weighted formula down
// without a reference library (the libraries' "weights" are another idea).
func TestWeightIsAScaledMember(t *testing.T) {
	m := Default()
	m.Tau = 0 // τ is added to σ before weighting, which breaks the exact scaling
	const w = 0.5
	member := r(31, 5)
	other := r(24, 7)
	got, err := m.RateWeighted([][]Rating{{other, member}, {m.New(), m.New()}}, [][]float64{{1, w}, {1, 1}}, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	scaled, err := m.Rate([][]Rating{{other, r(w*member.Mu, w*member.Sigma)}, {m.New(), m.New()}}, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := (Rating{Mu: scaled[0][1].Mu / w, Sigma: scaled[0][1].Sigma / w}); !close(got[0][1].Mu, want.Mu) || !close(got[0][1].Sigma, want.Sigma) {
		t.Errorf("weighted member: got %v, want %v", got[0][1], want)
	}
	for _, k := range [][2]int{{0, 0}, {1, 0}, {1, 1}} {
		if g, s := got[k[0]][k[1]], scaled[k[0]][k[1]]; !close(g.Mu, s.Mu) || !close(g.Sigma, s.Sigma) {
			t.Errorf("member %v: got %v, want %v", k, g, s)
		}
	}
}

func TestRateKeepsItsInputs(t *testing.T) {
	m := Default()
	teams := [][]Rating{{m.New()}, {m.New()}}
	if _, err := m.Rate(teams, nil); err != nil {
		t.Fatal(err)
	}
	if teams[0][0] != m.New() || teams[1][0] != m.New() {
		t.Errorf("inputs changed: %v", teams)
	}
}

func TestRateOrderFree(t *testing.T) {
	m := Default()
	a, b, c := r(30, 6), r(22, 4), r(25, 8)
	one, err := m.Rate([][]Rating{{a}, {b}, {c}}, []int{3, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	two, err := m.Rate([][]Rating{{b}, {c}, {a}}, []int{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range []int{2, 0, 1} {
		if !close(one[i][0].Mu, two[j][0].Mu) || !close(one[i][0].Sigma, two[j][0].Sigma) {
			t.Errorf("team %d: %v listed one way, %v another", i, one[i][0], two[j][0])
		}
	}
}

func TestRateErrors(t *testing.T) {
	m := Default()
	n := m.New()
	tests := []struct {
		name    string
		model   Model
		teams   [][]Rating
		weights [][]float64
		ranks   []int
		want    string
	}{
		{"one team", m, [][]Rating{{n}}, nil, nil, "at least two teams"},
		{"empty team", m, [][]Rating{{n}, {}}, nil, nil, "team 2 is empty"},
		{"ranks", m, [][]Rating{{n}, {n}}, nil, []int{1}, "1 ranks for 2 teams"},
		{"weight lists", m, [][]Rating{{n}, {n}}, [][]float64{{1}}, nil, "1 weight lists"},
		{"weights per team", m, [][]Rating{{n}, {n}}, [][]float64{{1}, {1, 1}}, nil, "team 2 has 1 members but 2 weights"},
		{"zero weight", m, [][]Rating{{n}, {n}}, [][]float64{{0}, {1}}, nil, "weight 0"},
		{"zero sigma", m, [][]Rating{{n}, {r(25, 0)}}, nil, nil, "invalid rating"},
		{"zero model", Model{}, [][]Rating{{n}, {n}}, nil, nil, "bad model parameters"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.model.RateWeighted(tc.teams, tc.weights, tc.ranks)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestOrdinal(t *testing.T) {
	if got := Default().New().Ordinal(); got != 0 {
		t.Errorf("a new rating's ordinal is %v, want 0", got)
	}
	// openskill.js src/__tests__/ordinal.test.ts: ordinal({mu: 5, sigma: 2}) = -1.
	if got := r(5, 2).Ordinal(); got != -1 {
		t.Errorf("ordinal(5, 2) = %v, want -1", got)
	}
}
