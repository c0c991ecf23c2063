package bot

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/bot/internal/fakediscord"
	"github.com/chinaswar/chinaswar/commands"
	"github.com/chinaswar/chinaswar/db"
	"github.com/chinaswar/chinaswar/db/pgtest"
	"github.com/chinaswar/chinaswar/engine"
	"github.com/chinaswar/chinaswar/render/chart"
)

// Several bot processes serve one PostgreSQL database, as serve --http does
// behind a load balancer. Each is this test binary run again with
// processEnv set: it serves the interactions endpoint with RunHTTP, and a
// second address that answers once the bot's work under way is done.
const processEnv = "CHINASWAR_BOT_TEST_PROCESS"

func TestMain(m *testing.M) {
	fakediscord.RunChild()
	if os.Getenv(processEnv) != "" {
		if err := serveProcess(); err != nil {
			fmt.Fprintln(os.Stderr, "bot process:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	if benchPG.srv != nil {
		benchPG.srv.Stop()
	}
	os.Exit(code)
}

func serveProcess() error {
	st, err := db.Open(os.Getenv("CHINASWAR_DB"))
	if err != nil {
		return err
	}
	defer st.Close()
	key, err := hex.DecodeString(os.Getenv("FAKE_PUBLIC"))
	if err != nil {
		return err
	}
	rest, err := discordgo.New("Bot " + os.Getenv("FAKE_TOKEN"))
	if err != nil {
		return err
	}
	rest.Client = fakediscord.ClientOf(os.Getenv("FAKE_URL"))
	render := &fakeRenderer{}
	b, err := New(Config{Store: st, REST: rest, Board: render.render, Charts: chart.Drawer{}, Seed: func() uint64 { return 42 },
		Log: slog.New(slog.NewJSONHandler(os.Stderr, nil))})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	idle, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go http.Serve(idle, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.Wait()
		io.WriteString(w, "idle")
	}))
	fmt.Printf("%s %s\n", ln.Addr(), idle.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	return b.RunHTTP(ctx, ln, key, "", false)
}

// botProcess is a bot serving in a process of its own.
type botProcess struct {
	name      string
	cmd       *exec.Cmd
	url, idle string
	log       *syncBuffer
	served    int
}

func startProcess(t *testing.T, w *world, name string) *botProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), processEnv+"=1", "CHINASWAR_DB="+w.dbPath, "FAKE_URL="+w.fake.URL(),
		"FAKE_PUBLIC="+hex.EncodeToString(w.fake.Public), "FAKE_TOKEN="+w.fake.Token)
	p := &botProcess{name: name, cmd: cmd, log: &syncBuffer{}}
	cmd.Stderr = p.log
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.kill)
	addrs := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		addrs <- line
	}()
	select {
	case line := <-addrs:
		var ep, idle string
		if _, err := fmt.Sscan(line, &ep, &idle); err != nil {
			t.Fatalf("process %s did not start: %q\n%s", name, line, p.log.b.String())
		}
		p.url, p.idle = "http://"+ep+"/interactions", "http://"+idle+"/"
	case <-time.After(60 * time.Second):
		t.Fatalf("process %s did not start:\n%s", name, p.log.b.String())
	}
	return p
}

// kill ends the process at once, wherever it is (SIGKILL).
func (p *botProcess) kill() {
	if p.cmd.ProcessState == nil {
		p.cmd.Process.Kill()
		p.cmd.Wait()
	}
}

// settle waits until the process has finished the work under way.
func (p *botProcess) settle(t testing.TB) {
	t.Helper()
	resp, err := http.Get(p.idle)
	if err != nil {
		t.Fatalf("process %s: %v\n%s", p.name, err, p.log.b.String())
	}
	resp.Body.Close()
}

// deliverTo sends interaction i to process p's endpoint and waits for p
// to finish with it.
func (w *world) deliverTo(p *botProcess, i *discordgo.Interaction) *fakediscord.Interaction {
	w.t.Helper()
	it, err := w.fake.Post(p.url, i)
	if err != nil {
		w.t.Fatalf("posting interaction to process %s: %v", p.name, err)
	}
	select {
	case <-it.Answered:
	case <-time.After(5 * time.Second):
		w.t.Fatalf("interaction %s was not answered by process %s", i.ID, p.name)
	}
	p.settle(w.t)
	p.served++
	return it
}

// newProcessWorld is a world whose bot runs in n processes of its own on
// a new PostgreSQL database; the test's store reads the same database.
func newProcessWorld(t *testing.T, n int) *world {
	t.Helper()
	srv, err := pgtest.Start()
	if errors.Is(err, pgtest.ErrUnavailable) {
		t.Skip(pgtest.Hint)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	url, err := srv.NewDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, fake: fakediscord.New(), dbPath: url, route: viaHTTP, token: true, rng: rand.New(rand.NewPCG(3, 4)),
		render: &fakeRenderer{}, logs: &syncBuffer{}, clock: &testClock{t: time.Now()}}
	t.Cleanup(w.fake.Close)
	if w.store, err = db.Open(url); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.store.Close() })
	for k := range n {
		w.procs = append(w.procs, startProcess(t, w, string(rune('A'+k))))
	}
	return w
}

// TestSeveralProcesses plays a complete game through two bot processes on
// one PostgreSQL database, each interaction going to either at random as a
// load balancer would send it. One click is delivered to both at once: it
// is applied once and its turn message posted once. Midway one process is
// killed (SIGKILL) and the other carries on alone. The final game is
// byte-identical to the engine driven directly with the same choices.
func TestSeveralProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game through two bot processes (-short)")
	}
	w := newProcessWorld(t, 2)
	a, b := w.procs[0], w.procs[1]
	const ch = "700000000000000901"
	g := w.setup(ch, "")
	shadow, err := engine.New(engine.Config{Scenario: g.Scenario, Seed: g.Info.Seed})
	if err != nil {
		t.Fatal(err)
	}
	p := &player{w: w, channel: ch, game: g.ID, shadow: shadow}
	killedAt := int64(0)
	for n := 0; !shadow.Over(); n++ {
		if n > 20000 {
			t.Fatal("the game does not end")
		}
		msg, id := p.current()
		if n == 10 {
			p.toBoth(msg, id)
			continue
		}
		if killedAt == 0 && p.seq >= 150 {
			p.same("before a process is killed")
			a.kill()
			w.procs = []*botProcess{b}
			killedAt = p.seq
		}
		p.decide()
		if n%100 == 0 {
			p.same(fmt.Sprintf("decision %d", p.seq))
		}
	}
	p.same("at the end")
	if a.served < 20 || b.served < 20 || killedAt == 0 {
		t.Errorf("the processes served %d and %d interactions (one killed at decision %d): not spread across both", a.served, b.served, killedAt)
	}
	t.Logf("%d decisions: process A served %d interactions until killed at decision %d, process B %d", p.seq, a.served, killedAt, b.served)
	w.checkDiscord()
}

// toBoth delivers one click to both processes at once: one applies it and
// posts the next turn message; the other finds it claimed and does
// nothing.
func (p *player) toBoth(msg fakediscord.Message, id commands.ControlID) {
	w, t := p.w, p.w.t
	pr := p.shadow.Prompt()
	k, data := anyClick(t, msg, pr)
	i := w.fake.Interaction(discordgo.InteractionMessageComponent, msg.Channel, memberFor(id.Faction), data, &msg)
	acks := w.fake.DoubleAcks
	var wg sync.WaitGroup
	for _, proc := range w.procs {
		wg.Go(func() {
			if _, err := w.fake.Post(proc.url, i); err != nil {
				t.Errorf("process %s: %v", proc.name, err)
			}
		})
	}
	wg.Wait()
	for _, proc := range w.procs {
		proc.settle(t)
	}
	p.apply(pr.Faction, pr.Choices[k].ID)
	p.same("after one click delivered to both processes")
	if got := w.fake.DoubleAcks - acks; got != 1 {
		t.Errorf("%d second answers to a click delivered twice, want 1", got)
	}
	turns := 0
	for _, m := range w.fake.Messages(msg.Channel) {
		for _, c := range m.Controls() {
			if cid, err := commands.ParseControlID(c.CustomID); err == nil && cid.Game == p.game && cid.Seq == p.seq && cid.Kind != commands.KindAbandon && cid.Kind != commands.KindKeep {
				turns++
				break
			}
		}
	}
	if turns != 1 {
		t.Errorf("%d turn messages for decision %d after a click delivered twice, want 1", turns, p.seq)
	}
}

// Discord's REST limit is per bot, so several processes share it and may
// be told to wait (429). A rate-limited call waits as long as Discord says
// and is sent again, however often: the turn message is edited in place,
// once, and nothing is dropped or replaced.
func TestRateLimitedCallsWait(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaEither, deferClicks: true})
	const ch = "651"
	w.setup(ch, "")
	f, choice := w.toInPlace(ch)
	g := w.game(ch)
	msg, _, _ := w.turnMessage(ch)
	id, values := control(t, msg, g.Engine.Prompt(), choice)
	w.fake.Fail(fakediscord.Edits, 2*(len(retryDelays)+1), http.StatusTooManyRequests)
	w.click(memberFor(f), msg, id, values...)
	if left := w.fake.Pending(fakediscord.Edits); left != 0 {
		t.Fatalf("%d rate-limited answers unused: the edit was not sent again", left)
	}
	if got := w.game(ch).Seq; got != g.Seq+1 {
		t.Fatalf("decision %d after the click, want %d", got, g.Seq+1)
	}
	if newest := w.oneLiveTurn(ch); newest.ID != msg.ID {
		t.Error("the turn message was replaced: a rate-limited edit was given up")
	}
	w.checkDiscord()
}
