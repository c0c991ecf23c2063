package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSimSims: --sims gives the searching seats that budget (named after
// their level) and leaves random seats alone; without a searching seat, or
// with a negative budget, it is refused with a reason.
func TestSimSims(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"sim", "--games", "1", "--scenario", "1938", "--policy", "NAT=easy", "--sims", "2"}, 0, "NAT (easy/2)"},
		{[]string{"sim", "--games", "1", "--policy", "random", "--sims", "2"}, 1, "no seat searches"},
		{[]string{"sim", "--games", "1", "--policy", "basic", "--sims", "2"}, 1, "no seat searches"},
		{[]string{"sim", "--games", "1", "--policy", "easy", "--sims", "-1"}, 1, "at least 1"},
	} {
		var out, errOut bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &out, &errOut)
		if code != tc.code || !strings.Contains(out.String()+errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, output %q %q; want exit %d and %q", tc.args, code, out.String(), errOut.String(), tc.code, tc.want)
		}
	}
}
