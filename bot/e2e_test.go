package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/engine"
)

// player plays a stored game through Discord interactions only, while a
// shadow engine game takes the same choices directly.
type player struct {
	w       *world
	channel string
	game    int64
	shadow  *engine.Game
	seq     int64
	// counts of what was exercised
	clicks, menus, pages, dos, scripts, undos int
	// click makes the next decision a click on the turn message
	click bool
}

// current returns the turn message, checking that it shows the shadow's
// prompt at the expected decision count and pings or names its player.
func (p *player) current() (fakediscord.Message, commands.ControlID) {
	t := p.w.t
	t.Helper()
	msg, id, ok := p.w.turnMessage(p.channel)
	if !ok {
		t.Fatalf("decision %d: no turn message", p.seq)
	}
	pr := p.shadow.Prompt()
	if id.Game != p.game || id.Seq != p.seq || id.Faction != pr.Faction {
		t.Fatalf("turn message shows game %d decision %d for %s; want game %d decision %d for %s", id.Game, id.Seq, id.Faction, p.game, p.seq, pr.Faction)
	}
	if !strings.Contains(msg.Content, "<@"+memberFor(pr.Faction).ID+">") {
		t.Fatalf("turn message does not name %s's player: %q", pr.Faction, msg.Content)
	}
	if !strings.Contains(msg.Text(), pr.Question) {
		t.Fatalf("turn message lacks the question %q: %q", pr.Question, msg.Text())
	}
	return msg, id
}

// offered lists the picks a turn message offers on its page.
func offered(t testing.TB, msg fakediscord.Message, pr *engine.Prompt) (picks map[int]string, page int, menu bool) {
	picks = map[int]string{}
	for _, c := range msg.Controls() {
		id, err := commands.ParseControlID(c.CustomID)
		if err != nil {
			t.Fatalf("control %q: %v", c.CustomID, err)
		}
		switch id.Kind {
		case commands.KindDecide:
			ch, err := id.Pick.Choice(pr)
			if err != nil {
				t.Fatalf("button %q: %v", c.CustomID, err)
			}
			picks[index(pr, ch.ID)] = c.CustomID
		case commands.KindMenu:
			menu, page = true, id.Page
			for _, o := range c.Options {
				pk, err := commands.ParsePick(o.Value)
				if err != nil {
					t.Fatalf("menu value %q: %v", o.Value, err)
				}
				ch, err := pk.Choice(pr)
				if err != nil {
					t.Fatalf("menu value %q: %v", o.Value, err)
				}
				picks[index(pr, ch.ID)] = o.Value
			}
		}
	}
	return picks, page, menu
}

func index(p *engine.Prompt, id string) int {
	for i, c := range p.Choices {
		if c.ID == id {
			return i
		}
	}
	return -1
}

func controlOf(msg fakediscord.Message, kind commands.Kind, page int) string {
	for _, c := range msg.Controls() {
		if id, err := commands.ParseControlID(c.CustomID); err == nil && id.Kind == kind && (kind != commands.KindPage || id.Page == page) && !c.Disabled {
			return c.CustomID
		}
	}
	return ""
}

// decide makes one random legal decision by a random means, and applies
// the same to the shadow.
func (p *player) decide() {
	w, t := p.w, p.w.t
	t.Helper()
	pr := p.shadow.Prompt()
	f := pr.Faction
	me := memberFor(f)
	k := w.rng.IntN(len(pr.Choices))
	choice := pr.Choices[k]
	r := w.rng.Float64()
	if p.click {
		r, p.click = 1, false
	}
	switch {
	case r < 0.07 && p.shadow.CanUndo(f):
		msg, _ := p.current()
		if id := controlOf(msg, commands.KindUndo, 0); id != "" && w.rng.IntN(2) == 0 {
			w.click(me, msg, id)
		} else {
			it := w.command(me, p.channel, "undo", "")
			if !strings.Contains(w.privateReply(it), "Undone") {
				t.Fatalf("/undo: %q", w.privateReply(it))
			}
		}
		if err := p.shadow.Undo(f); err != nil {
			t.Fatal(err)
		}
		p.seq++
		p.undos++
		return
	case r < 0.25:
		// Type part of the label and pick from the autocomplete list.
		typed := choice.Label
		if n := len([]rune(typed)); n > 3 && w.rng.IntN(2) == 0 {
			typed = string([]rune(typed)[:3])
		}
		list := w.complete(me, p.channel, "do", typing("choice", typed))
		value := ""
		for _, c := range list {
			if c["value"] == choice.ID {
				value = choice.ID
			}
		}
		if value == "" {
			value = choice.ID // not among the 25 shown: type the ID
		}
		it := w.command(me, p.channel, "do", "", str("choice", value))
		if !strings.Contains(w.privateReply(it), "Applied") {
			t.Fatalf("/do %q: %q", value, w.privateReply(it))
		}
		p.apply(f, choice.ID)
		p.dos++
		return
	case r < 0.35:
		// A script of up to three decisions of the same faction.
		h := p.shadow.Clone()
		var steps []string
		for len(steps) < 3 && h.Prompt() != nil && h.Prompt().Faction == f {
			hp := h.Prompt()
			c := hp.Choices[w.rng.IntN(len(hp.Choices))]
			steps = append(steps, c.ID)
			if err := h.Do(f, c.ID); err != nil {
				t.Fatal(err)
			}
		}
		script := strings.Join(steps, "; ")
		if len(script) > 6000 {
			break
		}
		it := w.command(me, p.channel, "do", "", str("choice", script))
		if !strings.Contains(w.privateReply(it), "Applied") || strings.Contains(w.privateReply(it), "Stopped") {
			t.Fatalf("/do %q: %q", script, w.privateReply(it))
		}
		for _, s := range steps {
			p.apply(f, s)
		}
		p.scripts++
		return
	}
	// Click, turning pages as needed.
	for range 10 {
		msg, _ := p.current()
		picks, page, menu := offered(t, msg, pr)
		if v, ok := picks[k]; ok {
			if menu {
				w.click(me, msg, controlOf(msg, commands.KindMenu, 0), v)
				p.menus++
			} else {
				w.click(me, msg, v)
				p.clicks++
			}
			p.apply(f, choice.ID)
			return
		}
		if !menu {
			t.Fatalf("decision %d: buttons do not offer choice %d (%s)", p.seq, k, choice.ID)
		}
		want := w.layout.PageOf(k)
		next := page + 1
		if want < page {
			next = page - 1
		}
		id := controlOf(msg, commands.KindPage, next)
		if id == "" {
			t.Fatalf("decision %d: no button to page %d", p.seq, next)
		}
		w.click(me, msg, id)
		p.pages++
	}
	t.Fatalf("decision %d: paging never reached choice %d", p.seq, k)
}

func (p *player) apply(f engine.Faction, id string) {
	if err := p.shadow.Do(f, id); err != nil {
		p.w.t.Fatalf("shadow: %v", err)
	}
	p.seq++
}

// same checks that the stored game equals the shadow, byte for byte.
func (p *player) same(when string) {
	p.w.t.Helper()
	want, err := p.shadow.MarshalJSON()
	if err != nil {
		p.w.t.Fatal(err)
	}
	if got := p.w.saved(p.game); got != string(want) {
		p.w.t.Fatalf("%s: the stored game differs from the engine driven directly", when)
	}
}

// TestPlayWholeGame plays a complete game through interactions only: four
// members join and start, then decide by clicking buttons and menus
// (turning pages), by /do with autocomplete, by /do scripts, and undo;
// interactions arrive over HTTP and over the gateway at random. On the way,
// a foreign click, a stale click, a tampered control and a doubly
// delivered click are refused or applied once, and the bot is restarted on
// the same database in the middle. The final game is byte-identical to the
// engine driven directly with the same choices.
func TestPlayWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game through the bot (-short)")
	}
	// Small menus, so that menus and their pages come up in every game.
	w := newWorld(t, worldOptions{route: viaEither, layout: commands.Layout{Buttons: 6, PageSize: 7}})
	const ch = "700000000000000001"
	g := w.setup(ch, "")
	shadow, err := engine.New(engine.Config{Scenario: g.Scenario, Seed: g.Info.Seed})
	if err != nil {
		t.Fatal(err)
	}
	p := &player{w: w, channel: ch, game: g.ID, shadow: shadow}
	var old fakediscord.Message // a turn message from an earlier decision
	oldFaction := engine.Faction(0)
	restarted := false
	for n := 0; !shadow.Over(); n++ {
		if n > 20000 {
			t.Fatal("the game does not end")
		}
		msg, id := p.current()
		switch n {
		case 5:
			old, oldFaction = msg, id.Faction
		case 12:
			p.foreignClick(msg, id)
		case 20:
			p.staleClick(old, oldFaction)
		case 25:
			p.tamperedClick(msg, id)
		case 30:
			p.doubleClick(msg, id)
			continue
		}
		if !restarted && p.seq >= 100 {
			// A restart between showing the turn and the click.
			p.same("before the restart")
			w.restart()
			restarted = true
			p.same("after the restart")
			p.click = true // on the message posted before the restart
		}
		p.decide()
		if n%40 == 0 {
			p.same(fmt.Sprintf("decision %d", p.seq))
		}
	}
	p.same("at the end")
	info := w.store
	list, err := info.List(context.Background(), ch)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Status != "finished" {
		t.Fatalf("games in the channel: %+v, want one finished", list)
	}
	// The final ranking shows every faction's margin.
	msgs := w.fake.Messages(ch)
	final := ""
	for _, m := range msgs {
		if strings.Contains(m.Content, "The game is over") {
			final = m.Content
		}
	}
	if final == "" {
		t.Fatal("no final ranking posted")
	}
	r := shadow.State().Result
	for _, f := range engine.Factions {
		if !strings.Contains(final, fmt.Sprintf("%s %+d", f, r.Margins[f])) {
			t.Errorf("final ranking lacks %s's margin %+d:\n%s", f, r.Margins[f], final)
		}
	}
	// The channel is free again.
	it := w.command(bob, ch, "game", "new", str("scenario", "1938"))
	if !strings.Contains(w.privateReply(it), "is open") {
		t.Errorf("a new game after the end: %q", w.privateReply(it))
	}
	if !restarted || p.clicks == 0 || p.menus == 0 || p.dos == 0 || p.scripts == 0 || p.undos == 0 {
		t.Errorf("not everything was exercised: %+v", *p)
	}
	t.Logf("%d decisions: %d buttons, %d menu picks, %d page turns, %d /do, %d scripts, %d undos; %d board renders",
		p.seq, p.clicks, p.menus, p.pages, p.dos, p.scripts, p.undos, w.render.calls)
	w.checkDiscord()
}

// foreignClick: a member not seated for the faction clicks its turn
// message.
func (p *player) foreignClick(msg fakediscord.Message, id commands.ControlID) {
	w, t := p.w, p.w.t
	before := w.saved(p.game)
	c := msg.Controls()[0]
	var values []string
	if len(c.Options) > 0 {
		values = []string{c.Options[0].Value}
	}
	it := w.click(eve, msg, c.CustomID, values...)
	if got := w.privateReply(it); !strings.Contains(got, "Only <@"+memberFor(id.Faction).ID+">") {
		t.Errorf("foreign click: %q", got)
	}
	if w.saved(p.game) != before {
		t.Error("a foreign click changed the game")
	}
}

// staleClick: the right player clicks a turn message from earlier.
func (p *player) staleClick(old fakediscord.Message, f engine.Faction) {
	w, t := p.w, p.w.t
	before := w.saved(p.game)
	for _, c := range old.Controls() {
		id, err := commands.ParseControlID(c.CustomID)
		if err != nil || id.Kind != commands.KindDecide {
			continue
		}
		it := w.click(memberFor(f), old, c.CustomID)
		if got := w.privateReply(it); !strings.Contains(got, "out of date") {
			t.Errorf("stale click: %q", got)
		}
		break
	}
	if w.saved(p.game) != before {
		t.Error("a stale click changed the game")
	}
}

// tamperedClick sends controls no message carried.
func (p *player) tamperedClick(msg fakediscord.Message, id commands.ControlID) {
	w, t := p.w, p.w.t
	before := w.saved(p.game)
	me := memberFor(id.Faction)
	other := engine.Faction((int(id.Faction) + 1) % engine.NumFactions)
	for _, tc := range []struct {
		customID, want string
	}{
		{"c1:d:" + fmt.Sprint(p.game) + ":" + id.Faction.String() + ":" + fmt.Sprint(p.seq) + ":=no-such-choice", "does not match"},
		{"c1:d:" + fmt.Sprint(p.game) + ":" + id.Faction.String() + ":" + fmt.Sprint(p.seq+7) + ":#0", "out of date"},
		{"c1:d:" + fmt.Sprint(p.game+99) + ":" + id.Faction.String() + ":" + fmt.Sprint(p.seq) + ":#0", "belongs to game"},
		{"c1:d:" + fmt.Sprint(p.game) + ":" + other.String() + ":" + fmt.Sprint(p.seq) + ":#0", "Only"},
		{"c1:d:" + fmt.Sprint(p.game) + ":" + id.Faction.String() + ":" + fmt.Sprint(p.seq) + ":#9999", "does not match"},
		{"garbage", "not valid"},
		{"c1:d:1:NAT:0:=" + strings.Repeat("x", 120), "not valid"},
	} {
		it := w.click(me, msg, tc.customID)
		if got := w.privateReply(it); !strings.Contains(got, tc.want) {
			t.Errorf("tampered %q: %q, want %q", tc.customID, got, tc.want)
		}
	}
	if w.saved(p.game) != before {
		t.Error("a tampered control changed the game")
	}
}

// anyClick picks one of the choices msg offers for prompt pr and returns
// its index among pr's choices and the click's interaction data.
func anyClick(t testing.TB, msg fakediscord.Message, pr *engine.Prompt) (int, map[string]any) {
	picks, _, menu := offered(t, msg, pr)
	k, v := -1, ""
	for i, val := range picks {
		k, v = i, val
		break
	}
	if menu {
		return k, map[string]any{"custom_id": controlOf(msg, commands.KindMenu, 0), "component_type": 3, "values": []string{v}}
	}
	return k, map[string]any{"custom_id": v, "component_type": 2}
}

// doubleClick delivers one click twice, by both routes: it counts once.
func (p *player) doubleClick(msg fakediscord.Message, id commands.ControlID) {
	w, t := p.w, p.w.t
	pr := p.shadow.Prompt()
	k, data := anyClick(t, msg, pr)
	i := w.fake.Interaction(3, msg.Channel, memberFor(id.Faction), data, &msg)
	w.route = viaHTTP
	w.deliver(i)
	it := w.deliver(i)
	if got := w.privateReply(it); got != "" {
		t.Errorf("a repeated delivery was answered %q", got)
	}
	w.route = viaGateway
	w.deliver(i) // its answer is refused by Discord; nothing is applied
	w.route = viaEither
	p.apply(pr.Faction, pr.Choices[k].ID)
	p.same("after a doubly delivered click")
	if w.fake.DoubleAcks == 0 {
		t.Error("the second delivery was not answered")
	}
}
