package db

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// TestOpenLobbyLimits: the caps count open lobbies per host and per
// server, and a lobby that starts or ends no longer counts.
func TestOpenLobbyLimits(t *testing.T) {
	s, _ := openTemp(t)
	lim := LobbyLimits{PerHost: 2, PerGuild: 3}
	open := func(place, guild, host string) (int64, error) {
		return s.OpenLobby(ctx, Lobby{Place: place, Guild: guild, Host: host, Config: engine.Config{Scenario: "1937", Seed: 1}}, lim)
	}
	for i, host := range []string{"ann", "ann", "bob"} {
		if _, err := open(fmt.Sprint("c", i), "g1", host); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := open("c3", "g1", "cat"); !errors.Is(err, ErrTooManyLobbies) {
		t.Errorf("a fourth lobby in the server: %v", err)
	}
	if _, err := open("d0", "g2", "ann"); !errors.Is(err, ErrTooManyLobbies) {
		t.Errorf("ann's third lobby, in another server: %v", err)
	}
	if id, err := open("d0", "g2", "cat"); err != nil || id == 0 {
		t.Errorf("cat's lobby in another server: %d %v", id, err)
	}
	if err := s.StartBy(ctx, 1, Event{Actor: "ann", Action: "started"}); err != nil {
		t.Fatal(err)
	}
	if _, err := open("c3", "g1", "ann"); err != nil {
		t.Errorf("a lobby once one has started: %v", err)
	}
	// Expiry: only lobbies opened before the cutoff, and never a started game.
	gone, err := s.ExpireLobbies(ctx, time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := gone[1]; ok || len(gone) != 4 {
		t.Errorf("expired %v, want every lobby but the started game 1", gone)
	}
	if again, err := s.ExpireLobbies(ctx, time.Now().Add(time.Hour)); err != nil || len(again) != 0 {
		t.Errorf("a second pass expired %v %v", again, err)
	}
}

// TestVoteTimeout: a deadline is set by the last of the voters to ask for
// the same one, with the same action at the deadline; a different vote does
// not count towards it.
func TestVoteTimeout(t *testing.T) {
	s, _ := openTemp(t)
	id := create(t, s, "v", "1937", 1)
	voters := []string{"ann", "bob"}
	ev := Event{Action: "deadline vote"}
	v, err := s.VoteTimeout(ctx, id, "ann", time.Hour, "normal", voters, ev)
	if err != nil || v.Agreed || len(v.Waiting) != 1 || v.Waiting[0] != "bob" {
		t.Fatalf("ann's vote: %+v %v", v, err)
	}
	if v, err = s.VoteTimeout(ctx, id, "bob", 2*time.Hour, "normal", voters, ev); err != nil || v.Agreed {
		t.Fatalf("bob's other vote: %+v %v", v, err)
	}
	if v, err = s.VoteTimeout(ctx, id, "bob", time.Hour, "", voters, ev); err != nil || v.Agreed {
		t.Fatalf("bob's vote for a Pass at the deadline: %+v %v", v, err)
	}
	if v, err = s.VoteTimeout(ctx, id, "bob", time.Hour, "normal", voters, ev); err != nil || !v.Agreed {
		t.Fatalf("bob's agreeing vote: %+v %v", v, err)
	}
	all, err := s.ReminderSettingsOf(ctx)
	if err != nil || all[id].Timeout != time.Hour || all[id].OnTimeout != "normal" {
		t.Errorf("settings %+v %v", all[id], err)
	}
	evs, err := s.Events(ctx, id)
	if err != nil || len(evs) != 4 {
		t.Errorf("events %+v %v", evs, err)
	}
}
