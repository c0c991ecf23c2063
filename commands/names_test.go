package commands

import (
	"errors"
	"strings"
	"testing"

	"github.com/chinaswar/chinaswar/engine"
)

func TestFindSpace(t *testing.T) {
	m := engine.DefaultMap()
	for _, tc := range []struct {
		typed string
		want  string   // the space, or "" for an error
		cands []string // the candidates an error must list
	}{
		{"Hebei", "Hebei", nil},
		{"HUBEI", "Hubei", nil},
		{"shaanxi", "Shaanxi", nil},
		{"Shanxi", "Shanxi", nil},
		{"henan", "Henan", nil},
		{"Hunan", "Hunan", nil},
		{"wuhan yichang", "Wuhan-Yichang", nil},
		{"Szechwan", "Sichuan", nil},
		{"kwangtung", "Guangdong", nil},
		{"Kwangsi", "Guangxi", nil},
		{"Kiangsu", "Jiangsu", nil},
		{"Chekiang", "Zhejiang", nil},
		{"Fukien", "Fujian", nil},
		{"Kiangsi", "Jiangxi", nil},
		{"Kweichow", "Guizhou", nil},
		{"Anhwei", "Anhui", nil},
		{"Shantung", "Shandong", nil},
		{"Kansu", "Gansu", nil},
		{"Manchuria", "Manchukuo", nil},
		{"Yunnan", "Yunnan", nil},
		{"Suiyuan", "Suiyuan", nil},
		{"Chahar", "Chahar", nil},
		{"Peking-Tientsin", "Beijing-Tianjin", nil},
		{"Tianjin-Beijing", "Beijing-Tianjin", nil},
		{"Hankow-Ichang", "Wuhan-Yichang", nil},
		{"sich", "Sichuan", nil},
		{"Sichaun", "Sichuan", nil},
		{"Guangdnog", "Guangdong", nil},
		// Old names and prefixes never reach a confusable Province silently.
		{"Hopei", "", []string{"Hebei", "Hubei"}},
		{"Hupeh", "", []string{"Hebei", "Hubei"}},
		{"Shansi", "", []string{"Shanxi", "Shaanxi"}},
		{"Shensi", "", []string{"Shanxi", "Shaanxi"}},
		{"Honan", "", []string{"Henan", "Hunan"}},
		{"hube", "", []string{"Hebei", "Hubei"}},
		{"shaa", "", []string{"Shanxi", "Shaanxi"}},
		{"hunnan", "", []string{"Henan", "Hunan"}},
		{"Hebie", "", []string{"Hebei", "Hubei"}},
		// Towns are not spaces.
		{"Peking", "", []string{"Hebei", "Chahar", "Beijing-Tianjin"}},
		{"Nanking", "", []string{"Jiangsu", "Anhui", "Wannan", "Nanjing-Hangzhou"}},
		{"Canton", "", []string{"Guangdong", "Hunan", "Guangzhou-Wuzhou"}},
		{"Hankow", "", []string{"Hubei", "Wuhan-Yichang", "Zhengzhou-Wuhan"}},
		{"Beijing", "", []string{"Hebei", "Chahar"}},
		{"h", "", []string{"Hebei", "Henan", "Hubei", "Hunan"}},
		{"atlantis", "", nil},
		{"", "", nil},
	} {
		t.Run(tc.typed, func(t *testing.T) {
			id, err := FindSpace(m, tc.typed)
			if tc.want != "" {
				if err != nil {
					t.Fatalf("FindSpace(%q): %v", tc.typed, err)
				}
				if got := m.Space(id).Name; got != tc.want {
					t.Fatalf("FindSpace(%q) = %s, want %s", tc.typed, got, tc.want)
				}
				return
			}
			var ne *NameError
			if !errors.As(err, &ne) {
				t.Fatalf("FindSpace(%q) = %v, %v; want a NameError", tc.typed, id, err)
			}
			for _, c := range tc.cands {
				if !strings.Contains(ne.Error(), c) || !contains(ne.Candidates, c) {
					t.Errorf("FindSpace(%q) error %q (candidates %v) lacks %s", tc.typed, ne, ne.Candidates, c)
				}
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestSuggestSpaces(t *testing.T) {
	m := engine.DefaultMap()
	names := func(typed string) []string {
		var out []string
		for _, s := range SuggestSpaceNames(m, typed, 25) {
			out = append(out, s.Value)
		}
		return out
	}
	if got := names("hub"); len(got) < 2 || got[0] != "Hubei" || !contains(got, "Hebei") {
		t.Errorf("suggestions for hub: %v, want Hubei first and Hebei offered", got)
	}
	if got := names("szech"); len(got) == 0 || got[0] != "Sichuan" {
		t.Errorf("suggestions for szech: %v", got)
	}
	if got := names("peking"); !contains(got, "Hebei") || !contains(got, "Beijing-Tianjin") {
		t.Errorf("suggestions for peking: %v", got)
	}
	if got := names(""); len(got) != 25 {
		t.Errorf("empty text gives %d suggestions, want 25", len(got))
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"sichuan", "sichaun", 1}, {"abc", "abc", 0}, {"hebei", "hubei", 1}, {"hunan", "henan", 1}, {"abc", "xyz", 3}} {
		if got := editDistance(tc.a, tc.b, 10); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
