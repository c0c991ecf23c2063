package db

import (
	"container/list"

	"github.com/chinaswar/chinaswar/engine"
)

// DefaultCacheSize is how many games a Store keeps in memory between
// decisions unless SetCacheSize says otherwise. A game in memory takes some
// tens of kilobytes; one that was dropped is reloaded from its latest
// snapshot on demand.
const DefaultCacheSize = 256

// entry is a game kept in memory between decisions, so that applying one
// does not reload the game. Its game is never changed once kept: a decision
// is applied to a copy, which replaces the entry. So an entry's game may be
// handed out read-only, and read by several goroutines at once.
type entry struct {
	g    *engine.Game
	seq  int64 // decisions applied to g
	snap int64 // seq of the latest snapshot stored
	// logged counts g's log entries stored in game_log rows: the next
	// snapshot stores those after them.
	logged int
}

// games is the store's bounded cache of entries: when full, the least
// recently used game is dropped. Its methods are called with Store.mu held.
type games struct {
	max   int
	order *list.List // of *slot, most recently used first
	slots map[int64]*list.Element
}

type slot struct {
	id int64
	e  *entry
}

func newGames(max int) *games {
	return &games{max: max, order: list.New(), slots: map[int64]*list.Element{}}
}

// get returns game id's entry, or nil, and marks it used.
func (c *games) get(id int64) *entry {
	el := c.slots[id]
	if el == nil {
		return nil
	}
	c.order.MoveToFront(el)
	return el.Value.(*slot).e
}

// put keeps e for game id, unless a later state of the game is kept
// already, and drops the least recently used games beyond the bound.
func (c *games) put(id int64, e *entry) {
	if el := c.slots[id]; el != nil {
		s := el.Value.(*slot)
		if s.e.seq <= e.seq {
			s.e = e
		}
		c.order.MoveToFront(el)
		return
	}
	c.slots[id] = c.order.PushFront(&slot{id: id, e: e})
	c.trim()
}

func (c *games) drop(id int64) {
	if el := c.slots[id]; el != nil {
		c.order.Remove(el)
		delete(c.slots, id)
	}
}

func (c *games) trim() {
	for c.order.Len() > c.max {
		el := c.order.Back()
		c.order.Remove(el)
		delete(c.slots, el.Value.(*slot).id)
	}
}

// SetCacheSize bounds how many games the store keeps in memory (at least
// one); the least recently used are dropped first.
func (s *Store) SetCacheSize(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache.max = max(n, 1)
	s.cache.trim()
}

// Cached is how many games the store holds in memory.
func (s *Store) Cached() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cache.order.Len()
}

// Applications counts the decisions the engine has applied for submissions
// to this Store since Open (replays while loading are not counted): each
// decision taken runs through the engine exactly once.
func (s *Store) Applications() int64 { return s.applied.Load() }

// Rebuilds counts the games the store has rebuilt from the database since
// Open: set up from the seed and replayed, or decoded from a snapshot and
// the decisions after it, to serve it (Replay's check is not counted). A
// game in memory and up to date is not rebuilt.
func (s *Store) Rebuilds() int64 { return s.rebuilt.Load() }

// cached returns the entry for game id, or nil.
func (s *Store) cached(id int64) *entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cache.get(id)
}

// keep puts a game that was built from its seed, or loaded after that was
// checked, in memory.
func (s *Store) keep(id int64, e *entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache.put(id, e)
	s.verified[id] = true
}

// forget drops game id from memory, after any failure that may have left
// the cached game ahead of the database.
func (s *Store) forget(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache.drop(id)
}
