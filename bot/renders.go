package bot

import (
	"context"
	"runtime"
	"sync"

	"github.com/chinaswar/chinaswar/engine"
)

// bounded lets at most n renders of draw run at once; the rest wait their
// turn. A board takes tens of milliseconds of CPU and about 15 MB while it
// is drawn, so forty requests at once would take most of a gigabyte and
// starve the clicks; drawing as many at a time as there are cores is as
// fast overall.
func bounded(draw BoardRenderer, n int) BoardRenderer {
	if draw == nil {
		return nil
	}
	places := make(chan struct{}, max(n, 1))
	return func(g *engine.Game, highlight []engine.SpaceID, focus *engine.SpaceID) ([]byte, error) {
		places <- struct{}{}
		defer func() { <-places }()
		return draw(g, highlight, focus)
	}
}

// renderSlots is how many boards are drawn at once.
func renderSlots() int { return runtime.GOMAXPROCS(0) }

// perMemberRenders is how many /board pictures of one member are drawn at
// once, and perMemberQueue how many more of theirs may wait; beyond that a
// request is refused. The per-process bound shares the cores between
// requests, not between members: without this, one member asking forty
// times would hold everyone else's boards behind theirs.
const (
	perMemberRenders = 2
	perMemberQueue   = 4
)

// memberRenders counts the boards each member is waiting for.
type memberRenders struct {
	mu     sync.Mutex
	asking map[string]*asker
}

type asker struct {
	waiting int           // requests drawn or queued
	drawing chan struct{} // a place per board being drawn
}

// take waits for one of member's drawing places, unless perMemberQueue of
// their requests wait already (ok false) or ctx ends first (ok false). Its
// release must be called once the board is drawn (or failed).
func (m *memberRenders) take(ctx context.Context, member string) (release func(), ok bool) {
	m.mu.Lock()
	if m.asking == nil {
		m.asking = map[string]*asker{}
	}
	a := m.asking[member]
	if a == nil {
		a = &asker{drawing: make(chan struct{}, perMemberRenders)}
		m.asking[member] = a
	}
	if a.waiting >= perMemberRenders+perMemberQueue {
		m.mu.Unlock()
		return nil, false
	}
	a.waiting++
	m.mu.Unlock()
	done := func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if a.waiting--; a.waiting == 0 {
			delete(m.asking, member)
		}
	}
	select {
	case a.drawing <- struct{}{}:
		return func() { <-a.drawing; done() }, true
	case <-ctx.Done():
		done()
		return nil, false
	}
}
