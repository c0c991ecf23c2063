package commands

import (
	"fmt"
	"strings"

	"github.com/chinaswar/chinaswar/engine"
)

// Summary turns log entries into one paragraph: "JPN: … NAT: … The game: …",
// each faction's lines together in the order they came.
func Summary(entries []engine.Entry) string {
	var b strings.Builder
	who := "\x00"
	for _, e := range entries {
		if e.Faction != who {
			if b.Len() > 0 {
				b.WriteString(" ")
			}
			if e.Faction == "" {
				b.WriteString("Game: ")
			} else {
				b.WriteString(e.Faction + ": ")
			}
			who = e.Faction
		} else {
			b.WriteString(" ")
		}
		b.WriteString(strings.TrimSpace(e.Text))
	}
	return b.String()
}

// ChangedSpaces lists the spaces whose pieces or markers differ between two
// states of the same game, in map order.
func ChangedSpaces(before, after *engine.State) []engine.SpaceID {
	var out []engine.SpaceID
	for i := range after.Spaces {
		if i >= len(before.Spaces) || before.Spaces[i] != after.Spaces[i] {
			out = append(out, engine.SpaceID(i))
		}
	}
	return out
}

// FinalText announces the end of a game: how it ended, then every player's
// place with each faction's margin (7.1, 7.3).
func FinalText(g *engine.Game) string {
	s := g.State()
	r := s.Result
	if r == nil {
		return "The game is not over."
	}
	var b strings.Builder
	b.WriteString("**The game is over.** ")
	b.WriteString(r.Narrative)
	b.WriteString("\n")
	how := "Victory check passed (7.2): margins are totals beyond the thresholds."
	if r.Final {
		how = "Final Propaganda Round played (7.3): margins are totals beyond the thresholds, WLD's is its total minus Patronage."
	}
	b.WriteString(how + "\n")
	for _, st := range r.Ranking {
		names := make([]string, len(st.Factions))
		for i, f := range st.Factions {
			names[i] = fmt.Sprintf("%s %+d", f, r.Margins[f])
		}
		fmt.Fprintf(&b, "%d. %s (margin %+d)\n", st.Place, strings.Join(names, ", "), st.Margin)
	}
	t := s.Totals(g.Map())
	b.WriteString("Totals:")
	for _, f := range engine.Factions {
		fmt.Fprintf(&b, " %s %d;", f, t[f])
	}
	b.WriteString("\n")
	return b.String()
}

// Split cuts text into pieces of at most max characters, at line breaks
// where it can, so each fits one message.
func Split(text string, max int) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		for len([]rune(line)) > max {
			flush()
			r := []rune(line)
			out = append(out, string(r[:max]))
			line = string(r[max:])
		}
		if len([]rune(cur.String()))+len([]rune(line)) > max {
			flush()
		}
		cur.WriteString(line)
	}
	flush()
	return out
}

// FactionTitle names a faction for people: "NAT (Nationalists)".
func FactionTitle(f engine.Faction) string {
	if int(f) < len(factionTitles) {
		return factionTitles[f]
	}
	return f.String()
}

// HelpText explains how to play through the slash commands.
const HelpText = `**China's War 1937-41 on Discord**
Each channel or thread plays one game. The engine enforces every rule; you only ever see legal choices.

**Setting up**
` + "`/game new`" + ` opens a game (scenario 1937 or 1938, optional rules such as ` + "`elig-a`" + ` or ` + "`teams=JPN+CPC/NAT+WLD`" + `).
` + "`/game join`" + ` takes a faction; one member may hold several (solo hot-seat, or the 2- and 3-player games of 1.5 with ` + "`teams=`" + ` for shared victory).
` + "`/game start`" + ` begins once JPN, NAT, WLD and CPC are all seated. ` + "`/game seats`" + `, ` + "`/game leave`" + `, ` + "`/game replace`" + ` (host or Manage Channels), ` + "`/game abandon`" + `.
The host gives seats to the computer when opening the game, one option per faction (` + "`/game new scenario:1938 nat:normal wld:easy`" + `), or later with ` + "`/game join faction:NAT ai:normal`" + ` or ` + "`/game replace faction:NAT ai:easy`" + ` (levels easy, normal, hard, slow); it plays its turns by itself and ` + "`/why`" + ` shows what it weighed. ` + "`/remind game timeout:2d on-timeout:normal`" + ` lets it play a silent member's turn at the deadline; the seat stays theirs.

**Playing**
When it is your turn the bot posts a message that mentions you, with the card, the question and the legal choices as buttons or a menu. Click one; the message updates as your action goes on. ` + "`/do`" + ` types a choice instead (the list filters as you type) or a whole script: ` + "`/do choice: Shaanxi; 2; from Hebei 1; done`" + `. Old names work (Szechwan, Hopeh), but Hebei/Hubei, Shanxi/Shaanxi and Henan/Hunan must be typed in full. ` + "`/undo`" + ` takes back your last decision within the current action (never past a die roll or a card reveal). ` + "`/give resources`" + ` transfers Resources to or from a faction while it executes, ` + "`/give patronage`" + ` NAT Patronage to WLD (1.5.2).
Buttons on an old message are refused politely: use the newest turn message.

**Looking things up** (only you see the answer unless you set share)
` + "`/status` `/board` `/space` `/card` `/log` `/victory` `/forces`" + `

**Leagues**
` + "`/league create`" + ` starts a league in this server and ` + "`/league join`" + ` joins one; ` + "`/game new league:NAME`" + ` opens a game that counts for it. ` + "`/league standings`" + ` (points and ratings), ` + "`/league factions`" + `, ` + "`/league player`" + `, ` + "`/league info`" + `; ` + "`/league season`" + ` closes a season; ` + "`/league ai`" + ` says whether games with AI seats are rated. ` + "`/game chart`" + ` draws a game's margins card by card.

**Rules**
Sequence of play 2.0, Operations 3.0, Special Activities 4.0, Events 5.0, Propaganda 6.0, Victory 7.0; player arrangements 1.5. Rulings where the rules leave a question open: docs/rulings.md.
`
