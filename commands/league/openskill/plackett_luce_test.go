package openskill

import (
	"math"
	"testing"
)

// The expected values below are published reference values of the OpenSkill
// implementations, copied digit for digit:
//   - "js model": openskill.js, src/models/__tests__/plackett-luce.test.ts
//     ("2p FFA" ... "3 teams different sized players"): the model called
//     directly, so without τ.
//   - "js rate": openskill.js, src/__tests__/rate.test.ts: rate() with its
//     defaults (τ = μ/300 = 25/300) unless a test sets τ or limitSigma.
//   - "py": openskill.py, tests/models/data/plackettluce.json as used by
//     tests/models/weng_lin/test_plackett_luce.py test_rate: a model with
//     μ 31.321989232514305, σ 11.379964801443018 and the other defaults.

func r(mu, sigma float64) Rating { return Rating{Mu: mu, Sigma: sigma} }

func TestPlackettLuceReference(t *testing.T) {
	def := Default()
	noTau := def
	noTau.Tau = 0
	tau := func(v float64) Model { m := def; m.Tau = v; return m }
	limited := func(v float64) Model { m := tau(v); m.LimitSigma = true; return m }
	py := def
	py.Mu, py.Sigma = 31.321989232514305, 11.379964801443018
	n, p := def.New(), py.New()
	a1, b1, c1 := r(29.182, 4.782), r(27.174, 4.922), r(16.672, 6.217)
	w1, x1, y1, z1 := r(15, 25.0/3), r(20, 25.0/3), r(25, 25.0/3), r(30, 25.0/3)

	tests := []struct {
		name  string
		model Model
		teams [][]Rating
		ranks []int
		want  [][]Rating
	}{
		{"js model 2p FFA", noTau, [][]Rating{{n}, {n}}, nil, [][]Rating{
			{r(27.63523138347365, 8.065506316323548)},
			{r(22.36476861652635, 8.065506316323548)}}},
		{"js model 3p FFA", noTau, [][]Rating{{n}, {n}, {n}}, nil, [][]Rating{
			{r(27.868876552746237, 8.204837030780652)},
			{r(25.717219138186557, 8.057829747583874)},
			{r(21.413904309067206, 8.057829747583874)}}},
		{"js model 4p FFA", noTau, [][]Rating{{n}, {n}, {n}, {n}}, nil, [][]Rating{
			{r(27.795084971874736, 8.263160757613477)},
			{r(26.552824984374855, 8.179213704945203)},
			{r(24.68943500312503, 8.083731307186588)},
			{r(20.96265504062538, 8.083731307186588)}}},
		{"js model 5p FFA", noTau, [][]Rating{{n}, {n}, {n}, {n}, {n}}, nil, [][]Rating{
			{r(27.666666666666668, 8.290556877154474)},
			{r(26.833333333333332, 8.240145629781066)},
			{r(25.72222222222222, 8.179996679645559)},
			{r(24.055555555555557, 8.111796013701358)},
			{r(20.72222222222222, 8.111796013701358)}}},
		{"js model 3 teams different sized players", noTau, [][]Rating{{n, n, n}, {n}, {n, n}}, nil, [][]Rating{
			{r(25.939870821784513, 8.247641552260456), r(25.939870821784513, 8.247641552260456), r(25.939870821784513, 8.247641552260456)},
			{r(27.21366020491262, 8.274321317985242)},
			{r(21.84646897330287, 8.213058173195341), r(21.84646897330287, 8.213058173195341)}}},

		{"js rate placket-luce by default", def, [][]Rating{{a1}, {b1}, {c1}, {n}}, nil, [][]Rating{
			{r(30.210227447000438, 4.765617924939384)},
			{r(27.644725221915632, 4.883479590134575)},
			{r(17.4036218889969, 6.101259408259549)},
			{r(19.21460876538932, 7.854669920480409)}}},
		{"js rate with tau", tau(0.01), [][]Rating{{a1}, {b1}, {c1}, {n}}, nil, [][]Rating{
			{r(30.20997558824299, 4.764909330988368)},
			{r(27.64461002009721, 4.882799245921361)},
			{r(17.403587237635527, 6.100731158882956)},
			{r(19.21478808745494, 7.854267281042293)}}},
		{"js rate with tau and limitSigma", limited(0.01), [][]Rating{{r(6.672, 0.0001)}, {a1}}, nil, [][]Rating{
			{r(6.672012533190158, 0.0001)},
			{r(26.316243774876106, 4.7540633621019)}}},
		{"js rate by default for teams", def, [][]Rating{{a1, b1}, {c1, n}}, nil, [][]Rating{
			{r(29.607340941337068, 4.755311788972862), r(27.624602782532037, 4.892807828777459)},
			{r(15.953170429143093, 6.125902065139878), r(23.70858117648013, 8.111707446126035)}}},
		{"js rate teams with tau", tau(0.01), [][]Rating{{a1, b1}, {c1, n}}, nil, [][]Rating{
			{r(29.60722003260825, 4.754607604502581), r(27.624482251695827, 4.892124276331747)},
			{r(15.953286947567106, 6.1253654293947335), r(23.708689129525133, 8.111303923213725)}}},
		{"js rate teams with tau and limitSigma", limited(0.01), [][]Rating{{r(9.182, 0.0001), b1}, {c1, n}}, nil, [][]Rating{
			{r(9.182004653636957, 0.0001), r(28.301285923165363, 4.889318394468611)},
			{r(14.87349383521136, 6.076727029758966), r(21.768626152890867, 7.992333183226455)}}},
		{"js rate reverses rank", def, [][]Rating{{n}, {n}}, []int{2, 1}, [][]Rating{
			{r(22.364610506859503, 8.06590141354368)},
			{r(27.635389493140497, 8.06590141354368)}}},
		{"js rate accepts a misordered rank ordering", def, [][]Rating{{n}, {n}, {n}, {n}}, []int{2, 1, 4, 3}, [][]Rating{
			{r(26.55291815138952, 8.17961798837266)},
			{r(27.795252672501135, 8.263571791259416)},
			{r(20.962412806387245, 8.084127880168786)},
			{r(24.689416369722096, 8.084127880168786)}}},
		{"js rate accepts a rate ordering", def, [][]Rating{{w1}, {x1}, {y1}, {z1}}, []int{1, 3, 4, 2}, [][]Rating{
			{r(18.131120980297805, 8.283536573151807)},
			{r(20.405169039419135, 8.107860440531121)},
			{r(20.65583040714804, 8.082574596348321)},
			{r(30.80787957313502, 8.155100416275928)}}},
		{"js rate accepts teams in rating order", def, [][]Rating{{a1, n}, {b1, n}, {c1, n}}, []int{3, 1, 2}, [][]Rating{
			{r(27.857622571955794, 4.744504197327133), r(20.97892943330433, 8.129851804000902)},
			{r(27.990904891666695, 4.901705733959291), r(27.341233554297506, 8.2314516336455)},
			{r(17.607030910762578, 6.141282638892306), r(26.67983701239816, 8.149157818911323)}}},
		{"js rate allows ties", def, [][]Rating{{r(10, 8)}, {r(5, 10)}, {r(0, 12)}}, []int{1, 2, 2}, [][]Rating{
			{r(11.942996666741225, 7.926888197620324)},
			{r(2.9381178546315034, 9.653804487570165)},
			{r(-1.4024317012198733, 11.323641575516767)}}},
		{"js rate four-way-tie with newbies", def, [][]Rating{{n}, {n}, {n}, {n}}, []int{1, 1, 1, 1}, [][]Rating{
			{r(25, 8.263571791259416)}, {r(25, 8.263571791259416)},
			{r(25, 8.263571791259416)}, {r(25, 8.263571791259416)}}},
		{"js rate fixes orders of ties", def, [][]Rating{{w1}, {x1}, {y1}, {z1}}, []int{2, 4, 2, 1}, [][]Rating{
			{r(15.340043358359136, 8.213141619804967)},
			{r(18.007678675484204, 8.189033933813437)},
			{r(24.25801928251219, 8.166918055585525)},
			{r(32.39425868364447, 8.247687230833794)}}},
		{"js rate accepts a tau term", tau(0.3), [][]Rating{{r(25, 3)}, {r(25, 3)}}, nil, [][]Rating{
			{r(25.624880438870754, 2.9879993738476953)},
			{r(24.375119561129246, 2.9879993738476953)}}},
		{"js rate prevents sigma from rising", limited(0.3), [][]Rating{{r(40, 3)}, {r(-20, 3)}}, nil, [][]Rating{
			{r(40.00032667136128, 3)},
			{r(-20.000326671361275, 3)}}},

		{"py normal", py, [][]Rating{{p}, {p, p}}, nil, [][]Rating{
			{r(36.48967347401391, 11.237778601372977)},
			{r(26.154304991014694, 11.17822477763209), r(26.154304991014694, 11.17822477763209)}}},
		{"py ranks", py, [][]Rating{{p}, {p, p}}, []int{2, 1}, [][]Rating{
			{r(30.19454401757094, 11.237778601372977)},
			{r(32.44943444745767, 11.17822477763209), r(32.44943444745767, 11.17822477763209)}}},
		{"py limit_sigma", func() Model { m := py; m.LimitSigma = true; return m }(), [][]Rating{{p}, {p, p}, {p, p, p}}, []int{2, 1, 3}, [][]Rating{
			{r(35.008962716922355, 11.322612945836939)},
			{r(34.774820565754936, 11.291328826858104), r(34.774820565754936, 11.291328826858104)},
			{r(24.182184414865624, 11.192736898569162), r(24.182184414865624, 11.192736898569162), r(24.182184414865624, 11.192736898569162)}}},
		{"py ties", py, [][]Rating{{p}, {p, p}, {p, p, p}}, []int{1, 2, 1}, [][]Rating{
			{r(33.21874815457553, 11.354896725884002)},
			{r(30.27713112192334, 11.291328826858104), r(30.27713112192334, 11.291328826858104)},
			{r(30.470088421044046, 11.249240904583088), r(30.470088421044046, 11.249240904583088), r(30.470088421044046, 11.249240904583088)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.model.Rate(tc.teams, tc.ranks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.want {
				for j, w := range tc.want[i] {
					g := got[i][j]
					if !close(g.Mu, w.Mu) || !close(g.Sigma, w.Sigma) {
						t.Errorf("team %d member %d: got %v/%v, want %v/%v", i+1, j+1, g.Mu, g.Sigma, w.Mu, w.Sigma)
					}
				}
			}
		})
	}
}

// close allows for the order of floating-point operations, which differs
// from the reference implementations': 1e-12 is far below any rating
// difference that matters and far above rounding noise.
func close(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }
