package render

import (
	"bytes"
	"compress/flate"
	"image"
	"image/draw"
	"syscall"
	"testing"
	"time"

	"github.com/chinaswar/chinaswar/engine"
)

// benchState is a crowded mid-game position: the 1938 setup after random
// legal play, plus a synthetic crowd in Hebei.
func benchState(b *testing.B) (*Renderer, *engine.State, *engine.Deck) {
	b.Helper()
	g, err := engine.New(engine.Config{Scenario: "1938", Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	playRandom(g, 7, 150)
	r, err := New(g.Map())
	if err != nil {
		b.Fatal(err)
	}
	s := cloneState(g.State())
	crowd(s, g.Map().MustID("Hebei"), 30)
	return r, s, g.Deck()
}

// BenchmarkBoard is a full board render including PNG encoding.
func BenchmarkBoard(b *testing.B) {
	r, s, d := benchState(b)
	var size int
	start := cpuTime()
	for b.Loop() {
		png, err := r.PNG(s, d, Options{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "bytes")
	cpuMetric(b, start)
}

// BenchmarkBoardDraw is the drawing alone, without PNG encoding.
func BenchmarkBoardDraw(b *testing.B) {
	r, s, d := benchState(b)
	start := cpuTime()
	for b.Loop() {
		if _, err := r.Image(s, d, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	cpuMetric(b, start)
}

// BenchmarkCloseUp is a close-up of a crowded space including PNG encoding.
func BenchmarkCloseUp(b *testing.B) {
	r, s, d := benchState(b)
	id := r.m.MustID("Hebei")
	var size int
	start := cpuTime()
	for b.Loop() {
		png, err := r.PNG(s, d, Options{Focus: &id})
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "bytes")
	cpuMetric(b, start)
}

// BenchmarkCloseUpCold is a close-up whose static layers are not kept yet:
// the first close-up of a space, or one evicted from the cache.
func BenchmarkCloseUpCold(b *testing.B) {
	r, s, d := benchState(b)
	id := r.m.MustID("Hebei")
	start := cpuTime()
	for b.Loop() {
		r.closeUps.entries = nil
		if _, err := r.PNG(s, d, Options{Focus: &id}); err != nil {
			b.Fatal(err)
		}
	}
	cpuMetric(b, start)
}

// cpuMetric reports CPU time per operation beside wall time, since the
// shared machine's load inflates wall time.
func cpuMetric(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// boardImage is the benchmark position drawn, for the encoding benchmarks.
func boardImage(b *testing.B) *image.RGBA {
	r, s, d := benchState(b)
	img, err := r.Image(s, d, Options{})
	if err != nil {
		b.Fatal(err)
	}
	return img
}

// BenchmarkEncode is the PNG encoding of a drawn board alone.
func BenchmarkEncode(b *testing.B) {
	img := boardImage(b)
	var size int
	start := cpuTime()
	for b.Loop() {
		png, err := encodePNG(img)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "bytes")
	cpuMetric(b, start)
}

// BenchmarkFloorEncodeFlat is a floor for BenchmarkEncode: the same encoder
// on a board-sized image of one colour, where filtering and deflate have
// the least work.
func BenchmarkFloorEncodeFlat(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, BoardW, BoardH))
	draw.Draw(img, img.Rect, image.NewUniform(panelBg), image.Point{}, draw.Src)
	start := cpuTime()
	for b.Loop() {
		if _, err := encodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
	cpuMetric(b, start)
}

// BenchmarkFloorDeflateRaw is another floor: the standard library's
// fastest deflate of the drawn board's raw RGBA bytes, unfiltered.
func BenchmarkFloorDeflateRaw(b *testing.B) {
	img := boardImage(b)
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		b.Fatal(err)
	}
	start := cpuTime()
	for b.Loop() {
		buf.Reset()
		w.Reset(&buf)
		w.Write(img.Pix)
		w.Close()
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
	cpuMetric(b, start)
}
