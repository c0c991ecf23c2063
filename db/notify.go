package db

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Several processes may cache the same game. None acts on a stale copy:
// every write checks the cached game's seq against the locked row, and
// every load against the row it reads. Still, a copy another process has
// moved past is dead weight, and costs a rebuild at the next use, so on
// PostgreSQL each store listens for the decisions others commit (the
// decisions_notify trigger) and drops its copies of those games at once.

// pgChannel is the channel the decisions_notify trigger notifies.
const pgChannel = "chinaswar_decisions"

// listen drops stale cached games as other processes commit decisions,
// until the returned stop is called. It returns once listening (or after
// a few seconds without a connection). A lost connection is
// re-established; meanwhile the seq checks keep the store correct.
func (s *Store) listen(url string) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	ready := make(chan struct{})
	go func() {
		defer close(done)
		for again := false; ctx.Err() == nil; again = true {
			// An error is a lost connection: reconnect after a pause.
			s.listenOnce(ctx, url, again, ready)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
	}
	return func() {
		cancel()
		<-done
	}
}

// listenOnce listens on one connection until it fails, closing ready
// (once) when it listens. After a lost connection (again), the decisions
// committed while no one listened may have gone by, so every cached game
// is forgotten once listening.
func (s *Store) listenOnce(ctx context.Context, url string, again bool, ready chan struct{}) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgChannel); err != nil {
		return err
	}
	if again {
		s.mu.Lock()
		s.cache = newGames(s.cache.max)
		s.mu.Unlock()
	} else {
		close(ready)
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var id, seq int64
		if _, err := fmt.Sscanf(n.Payload, "%d %d", &id, &seq); err != nil {
			continue
		}
		s.dropBehind(id, seq)
	}
}

// dropBehind drops game id from memory if the copy there is older than
// decision seq.
func (s *Store) dropBehind(id, seq int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if el := s.cache.slots[id]; el != nil && el.Value.(*slot).e.seq < seq {
		s.cache.drop(id)
	}
}
