package bot

import (
	"bytes"
	"context"
	"encoding/json"
	goflag "flag"
	"fmt"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// benchBoard is the renderer the benchmarks use: the fake unless built
// with -tags realrender.
var benchBoard BoardRenderer

// latencies collects the bot's own measurements from its log lines: from
// receiving an interaction to answering it (ack_ms) and to finishing its
// work (latency_ms).
type latencies struct{ ack, total []float64 }

func (l *latencies) add(line map[string]any) {
	l.ack = append(l.ack, line["ack_ms"].(float64))
	l.total = append(l.total, line["latency_ms"].(float64))
}

func pct(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func (l *latencies) report(b *testing.B, name string) {
	if len(l.total) == 0 {
		return
	}
	b.ReportMetric(pct(l.total, 0.5), name+"-p50-ms")
	b.ReportMetric(pct(l.total, 0.99), name+"-p99-ms")
	b.ReportMetric(pct(l.ack, 0.99), name+"-ack-p99-ms")
}

// interactionLines returns the log lines of interactions whose "what"
// starts with prefix, from byte from of the log on, and where the log ends.
func interactionLines(w *world, from int, prefix string) ([]map[string]any, int) {
	w.logs.mu.Lock()
	data := append([]byte(nil), w.logs.b.Bytes()[from:]...)
	w.logs.mu.Unlock()
	var out []map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var l map[string]any
		if err := dec.Decode(&l); err != nil {
			break
		}
		if l["msg"] == "interaction" && strings.HasPrefix(l["what"].(string), prefix) {
			out = append(out, l)
		}
	}
	return out, from + len(data)
}

// fakeInProcess runs BenchmarkClick's fake Discord in the test's process,
// as it used to, so that its CPU time counts in the click's.
var fakeInProcess = goflag.Bool("fakediscord.inprocess", false, "BenchmarkClick: count the fake Discord's CPU time in the click's")

// BenchmarkClick: a decision click, from receiving it to the last message
// it posts (turn message edited or closed, summary, board, next turn),
// in wall time and in the process's CPU time. The CPU time runs from
// Discord sending the signed request, once it has built and signed it,
// and is the bot's and its database's: the fake Discord serves the bot's
// REST requests in a process of its own (unless -fakediscord.inprocess),
// as Discord does on its machines. This process still pays for asking
// the fake to deliver the click, one local HTTP request.
// Clicks that completed an action and drew the board are also reported
// on their own. click-updated/op is the share of clicks answered with their
// message updated, click-edits/op the edits of the clicked message after
// the first answer, per click.
func BenchmarkClick(b *testing.B) {
	w := newWorld(b, worldOptions{route: viaHTTP, render: benchBoard, fakeChild: !*fakeInProcess})
	games := 0
	ch := ""
	newGame := func() {
		games++
		ch = fmt.Sprintf("90%d", games)
		w.setup(ch, "")
	}
	newGame()
	var all, boards latencies
	var cpu, boardCPU []float64 // process CPU time of each click, ms
	var waits []float64         // times the process waited, each click
	edits, answered := 0, 0     // edits of the clicked message; clicks answered with it
	_, logged := interactionLines(w, 0, "")
	b.ResetTimer()
	for range b.N {
		msg, id, ok := w.turnMessage(ch)
		if !ok {
			b.StopTimer()
			newGame()
			msg, id, _ = w.turnMessage(ch)
			b.StartTimer()
		}
		var custom string
		var values []string
		for _, c := range msg.Controls() {
			if cid, err := commands.ParseControlID(c.CustomID); err == nil && (cid.Kind == commands.KindDecide || cid.Kind == commands.KindMenu) {
				custom = c.CustomID
				if len(c.Options) > 0 {
					values = []string{c.Options[w.rng.IntN(len(c.Options))].Value}
				}
				if w.rng.IntN(3) == 0 {
					break
				}
			}
		}
		// Discord builds the interaction before the bot is involved.
		data := map[string]any{"custom_id": custom, "component_type": 2}
		if values != nil {
			data["component_type"], data["values"] = 3, values
		}
		i := w.fake.Interaction(discordgo.InteractionMessageComponent, msg.Channel, memberFor(id.Faction), data, &msg)
		post, err := w.fake.SignPost(w.ep.URL+"/interactions", i)
		if err != nil {
			b.Fatal(err)
		}
		before := w.render.calls
		start, waited := processCPU()
		it, err := post.Send()
		if err != nil {
			b.Fatal(err)
		}
		<-it.Answered
		w.bot.Wait()
		end, waitedAfter := processCPU()
		cpu = append(cpu, float64(end-start)/float64(time.Millisecond))
		waits = append(waits, float64(waitedAfter-waited))
		drew := w.render.calls > before
		if drew {
			boardCPU = append(boardCPU, cpu[len(cpu)-1])
		}
		b.StopTimer()
		edits += w.fake.OriginalEdits(it)
		if it.Type == int(discordgo.InteractionResponseUpdateMessage) {
			answered++
		}
		var lines []map[string]any
		lines, logged = interactionLines(w, logged, "click")
		for _, l := range lines {
			all.add(l)
			if drew {
				boards.add(l)
			}
		}
		if _, err := w.store.ActiveGame(context.Background(), ch); err != nil {
			newGame()
			_, logged = interactionLines(w, logged, "")
		}
		b.StartTimer()
	}
	b.StopTimer()
	all.report(b, "click")
	boards.report(b, "click+board")
	b.ReportMetric(pct(cpu, 0.5), "click-cpu-p50-ms")
	b.ReportMetric(pct(cpu, 0.99), "click-cpu-p99-ms")
	b.ReportMetric(pct(waits, 0.5), "click-waits-p50")
	b.ReportMetric(float64(edits)/float64(b.N), "click-edits/op")
	b.ReportMetric(float64(answered)/float64(b.N), "click-updated/op")
	if len(boardCPU) > 0 {
		b.ReportMetric(pct(boardCPU, 0.5), "click+board-cpu-p50-ms")
		b.ReportMetric(pct(boardCPU, 0.99), "click+board-cpu-p99-ms")
		b.ReportMetric(float64(len(boardCPU)), "board-clicks")
	}
	w.checkDiscord()
}

// processCPU is the CPU time the process has used (the bot and the
// database run in it): a click's CPU time, which the machine's load does
// not inflate as it does wall time. waits counts the times a thread of the
// process went to sleep waiting for something (voluntary context
// switches): each costs CPU time to sleep and to wake.
func processCPU() (cpu time.Duration, waits int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), ru.Nvcsw
}

// BenchmarkBoard: /board, from receiving it to the picture posted.
func BenchmarkBoard(b *testing.B) {
	w := newWorld(b, worldOptions{route: viaHTTP, render: benchBoard})
	w.setup("950", "")
	_, logged := interactionLines(w, 0, "")
	b.ResetTimer()
	for range b.N {
		w.command(eve, "950", "board", "")
	}
	b.StopTimer()
	var l latencies
	lines, _ := interactionLines(w, logged, "/board")
	for _, x := range lines {
		l.add(x)
	}
	l.report(b, "board")
	w.checkDiscord()
}

// BenchmarkAutocomplete: /do's autocomplete, from receiving the request
// to the list sent.
func BenchmarkAutocomplete(b *testing.B) {
	w := newWorld(b, worldOptions{route: viaHTTP, render: benchBoard})
	w.setup("960", "")
	_, logged := interactionLines(w, 0, "")
	typed := []string{"", "h", "sha", "Shaanxi; ", "done", "hub"}
	b.ResetTimer()
	for i := range b.N {
		w.complete(bob, "960", "do", typing("choice", typed[i%len(typed)]))
	}
	b.StopTimer()
	var l latencies
	lines, _ := interactionLines(w, logged, "autocomplete")
	for _, x := range lines {
		l.add(x)
	}
	l.report(b, "autocomplete")
	w.checkDiscord()
}
