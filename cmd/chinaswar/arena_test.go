package main

import (
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestParseAgentAndSeats(t *testing.T) {
	for _, tc := range []struct {
		in          string
		sims        int
		cheat, fail bool
	}{
		{in: "random"},
		{in: "easy", sims: 64},
		{in: "Normal", sims: 480},
		{in: "cheat-hard", sims: 1600, cheat: true},
		{in: "cheat-random", fail: true},
		{in: "superb", fail: true},
	} {
		a, err := parseAgent(tc.in)
		if (err != nil) != tc.fail {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if !tc.fail && (a.Seat.Level.Sims != tc.sims || (a.Seat.Sample != nil) != tc.cheat) {
			t.Errorf("%q: %+v", tc.in, a)
		}
	}
	seats, err := parseSeats("NAT=normal,jpn=easy")
	if err != nil || seats[engine.NAT].Level.Name != "Normal" || seats[engine.JPN].Level.Name != "Easy" || !seats[engine.WLD].IsRandom() {
		t.Errorf("parseSeats: %v %+v", err, seats)
	}
	if all, err := parseSeats("hard"); err != nil || all[engine.CPC].Level.Name != "Hard" {
		t.Errorf("parseSeats(hard): %v", err)
	}
	if _, err := parseSeats("NAT=great"); err == nil {
		t.Error("parseSeats accepted an unknown level")
	}
}
