package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/chinaswar/chinaswar/commands"
)

// The fake Discord in a process of its own (BenchmarkClick's) serves a
// game as the one in the test's process does: the set-up's commands, a
// click on the turn message, the messages read back, its checks.
func TestFakeDiscordInChildProcess(t *testing.T) {
	w := newWorld(t, worldOptions{route: viaHTTP, fakeChild: true})
	w.setup("970", "")
	msg, id, ok := w.turnMessage("970")
	if !ok {
		t.Fatal("no turn message after the set-up")
	}
	var custom string
	for _, c := range msg.Controls() {
		if cid, err := commands.ParseControlID(c.CustomID); err == nil && cid.Kind == commands.KindDecide {
			custom = c.CustomID
			break
		}
	}
	if custom == "" {
		t.Fatalf("turn message without a decision button: %+v", msg.Controls())
	}
	before := w.game("970").Seq
	it := w.click(memberFor(id.Faction), msg, custom)
	if it.Type != int(discordgo.InteractionResponseUpdateMessage) {
		t.Errorf("click answered with type %d, want its message updated", it.Type)
	}
	if n := w.fake.OriginalEdits(it); n != 0 {
		t.Errorf("the clicked message was edited %d times after the first answer updated it", n)
	}
	if after := w.game("970").Seq; after != before+1 {
		t.Errorf("click took the game from decision %d to %d", before, after)
	}
	if m, ok := w.fake.Message(msg.ID); !ok || m.Edits == 0 {
		t.Errorf("the clicked turn message was not edited (found: %v)", ok)
	}
	w.checkDiscord()
}
