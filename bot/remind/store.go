package remind

import (
	"context"
	"sync"
	"time"
)

// Key names one member's reminders in one game.
type Key struct {
	Game   int64
	Player string
}

// State is what the scheduler remembers of a member's reminders in a game.
type State struct {
	// Rev is the store's revision of this state, 0 when none is stored; the
	// store sets it, and Claim compares it.
	Rev int64
	// Since identifies the decision the counts belong to (Waiting.Since).
	Since time.Time
	// Last is when the last reminder was due and counted (sent, or skipped
	// for a member who opted out); zero when none was.
	Last      time.Time
	Count     int  // reminders counted for this decision
	Escalated bool // the host was told the decision stalled
	TimedOut  bool // the deadline was acted on
	// SnoozedUntil holds reminders in this game back until then. It outlives
	// the decision: a member who asks for a day off gets a day off.
	SnoozedUntil time.Time
}

// Store keeps reminder state where every scheduler process sees it. Times
// must come back as they went in to the millisecond at least.
type Store interface {
	// Load returns the stored states of keys; a key without one is absent.
	Load(ctx context.Context, keys []Key) (map[Key]State, error)
	// Claim stores next as key's state if the stored revision is still rev
	// (0: no state stored yet), giving it revision rev+1, and reports whether
	// it did. It must be atomic: of several claims on one revision, one wins.
	// In SQL: UPDATE ... SET ..., rev = rev + 1 WHERE game = ? AND player = ?
	// AND rev = ?, or for rev 0 INSERT ... ON CONFLICT DO NOTHING, and check
	// the rows affected.
	Claim(ctx context.Context, key Key, rev int64, next State) (bool, error)
}

// MemStore is a Store in memory, safe for concurrent use: for tests, and for
// a bot that runs a single process and accepts forgetting on restart.
type MemStore struct {
	mu     sync.Mutex
	states map[Key]State
}

// NewMemStore returns an empty store.
func NewMemStore() *MemStore { return &MemStore{states: map[Key]State{}} }

func (m *MemStore) Load(_ context.Context, keys []Key) (map[Key]State, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[Key]State, len(keys))
	for _, k := range keys {
		if st, ok := m.states[k]; ok {
			out[k] = st
		}
	}
	return out, nil
}

func (m *MemStore) Claim(_ context.Context, key Key, rev int64, next State) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.states[key].Rev != rev {
		return false, nil
	}
	next.Rev = rev + 1
	m.states[key] = next
	return true, nil
}
