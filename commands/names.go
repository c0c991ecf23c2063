package commands

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/chinaswar/chinaswar/engine"
)

// Names as players type them. Wargamers know this map from 1930s sources,
// so a space may be typed in its modern name, in the Postal or Wade-Giles
// romanisation of the period, by a prefix, with a typo, or as a Town.
// Towns are not spaces (1.3.4): a Town name means one of the spaces
// touching it, which is only taken when there is exactly one.
//
// Three pairs of Provinces differ by a letter or two and lie far apart:
// Hebei/Hubei, Shanxi/Shaanxi and Henan/Hunan. Sending troops to the wrong
// one of them is the classic mis-click of this game, so a name reaching one
// of them by anything but its exact spelling is never taken silently: the
// player gets both candidates and types the full name.

// spaceAliases maps old romanisations and other names (normalised) to the
// space they mean.
var spaceAliases = map[string]string{
	"szechwan": "Sichuan", "szechuan": "Sichuan", "ssuchuan": "Sichuan",
	"shansi":    "Shanxi",
	"shensi":    "Shaanxi",
	"kwangtung": "Guangdong",
	"kwangsi":   "Guangxi",
	"hopei":     "Hebei", "hopeh": "Hebei", "chihli": "Hebei",
	"hupeh": "Hubei", "hupei": "Hubei",
	"honan":     "Henan",
	"kiangsu":   "Jiangsu",
	"chekiang":  "Zhejiang",
	"fukien":    "Fujian",
	"kiangsi":   "Jiangxi",
	"kweichow":  "Guizhou",
	"anhwei":    "Anhui",
	"shantung":  "Shandong",
	"kansu":     "Gansu",
	"manchuria": "Manchukuo", "manchoukuo": "Manchukuo", "manzhouguo": "Manchukuo",
	"indochina": "French Indochina", "tonkin": "French Indochina",
	"southanhui": "Wannan", "southanhwei": "Wannan",
}

// townAliases maps old names of Towns (normalised) to the Town's name on
// the map.
var townAliases = map[string]string{
	"peking": "Beijing", "peiping": "Beijing",
	"tientsin": "Tianjin",
	"kalgan":   "Zhangjiakou", "changkiakow": "Zhangjiakou",
	"tatung":        "Datong",
	"paotow":        "Baotou",
	"shihkiachwang": "Shijiazhuang",
	"tsinan":        "Jinan",
	"tsingtao":      "Qingdao",
	"hsuchow":       "Xuzhou",
	"chengchow":     "Zhengzhou",
	"sian":          "Xi'an", "hsian": "Xi'an",
	"nanking":  "Nanjing",
	"hangchow": "Hangzhou",
	"kiukiang": "Jiujiang",
	"hankow":   "Wuhan", "wuchang": "Wuhan",
	"ichang":    "Yichang",
	"chungking": "Chongqing",
	"canton":    "Guangzhou",
	"wuchow":    "Wuzhou",
	"foochow":   "Fuzhou",
	"hokow":     "Hekou",
}

// confusable pairs the Provinces never resolved from an inexact entry.
var confusable = map[string]string{
	"Hebei": "Hubei", "Hubei": "Hebei",
	"Shanxi": "Shaanxi", "Shaanxi": "Shanxi",
	"Henan": "Hunan", "Hunan": "Henan",
}

// NameError is a typed name that does not lead to exactly one space. It
// lists the spaces the player may have meant, if any.
type NameError struct {
	Typed      string
	Candidates []string // space names, in map order
	Why        string   // the sentence shown to the player
}

func (e *NameError) Error() string { return e.Why }

// namer holds a map's names in the forms people type them.
type namer struct {
	m *engine.Map
	// keys are normalised names that stand for one space: the name itself,
	// an alias, or a LoC spelled with old Town names or its ends swapped.
	keys map[string]engine.SpaceID
	// exact are the normalised real names.
	exact map[string]engine.SpaceID
	// towns maps a normalised Town name (modern or old) to its index.
	towns map[string]int
	// sorted lists every key, for prefix and typo matching.
	sorted []string
	// longest is the length of the longest key or Town name.
	longest int
}

var (
	namers   = map[*engine.Map]*namer{}
	namersMu sync.Mutex
)

// namesOf returns the names of map m. The engine's maps are built once and
// never change, so the table is built once per map.
func namesOf(m *engine.Map) *namer {
	namersMu.Lock()
	defer namersMu.Unlock()
	if n := namers[m]; n != nil {
		return n
	}
	n := &namer{m: m, keys: map[string]engine.SpaceID{}, exact: map[string]engine.SpaceID{}, towns: map[string]int{}}
	for i := range m.Spaces {
		id := engine.SpaceID(i)
		k := fold(m.Spaces[i].Name)
		n.exact[k], n.keys[k] = id, id
	}
	for alias, name := range spaceAliases {
		if id, ok := m.ID(name); ok {
			n.keys[alias] = id
		}
	}
	townNames := map[string][]string{} // Town name -> its names, folded
	for i, t := range m.Towns {
		n.towns[fold(t.Name)] = i
		townNames[t.Name] = append(townNames[t.Name], fold(t.Name))
	}
	for alias, name := range townAliases {
		for i, t := range m.Towns {
			if t.Name == name {
				n.towns[alias] = i
				townNames[name] = append(townNames[name], alias)
			}
		}
	}
	// A LoC is named after its two Towns: accept either order and the old
	// Town names, so "Peking-Tientsin" is Beijing-Tianjin.
	for i := range m.Spaces {
		sp := &m.Spaces[i]
		if !sp.IsLoC() || len(sp.Towns) != 2 {
			continue
		}
		for _, a := range townNames[sp.Towns[0]] {
			for _, b := range townNames[sp.Towns[1]] {
				for _, k := range []string{a + b, b + a} {
					if _, taken := n.keys[k]; !taken {
						n.keys[k] = engine.SpaceID(i)
					}
				}
			}
		}
	}
	for k := range n.keys {
		n.sorted = append(n.sorted, k)
		n.longest = max(n.longest, len(k))
	}
	for k := range n.towns {
		n.longest = max(n.longest, len(k))
	}
	sort.Strings(n.sorted)
	namers[m] = n
	return n
}

// FindSpace finds the space a person means by typed: its exact name (case,
// spaces and punctuation do not matter), an old romanisation ("Szechwan"),
// an unambiguous prefix, a near miss of one or two letters, or a Town that
// touches exactly one space. Anything else is a *NameError listing the
// candidates; so is an inexact entry reaching Hebei, Hubei, Shanxi,
// Shaanxi, Henan or Hunan.
func FindSpace(m *engine.Map, typed string) (engine.SpaceID, error) {
	n := namesOf(m)
	k := fold(typed)
	if k == "" {
		return 0, &NameError{Typed: typed, Why: "no space name given"}
	}
	if id, ok := n.exact[k]; ok {
		return id, nil
	}
	if id, ok := n.keys[k]; ok {
		return n.checked(typed, id, fmt.Sprintf("%q is an old name for %s", typed, m.Space(id).Name))
	}
	if t, ok := n.towns[k]; ok {
		return n.town(typed, t)
	}
	if ids := n.prefixed(k); len(ids) > 0 {
		if len(ids) == 1 {
			return n.checked(typed, ids[0], "")
		}
		return 0, n.ambiguous(typed, ids)
	}
	if ids := n.nearMisses(k); len(ids) > 0 {
		if len(ids) == 1 {
			return n.checked(typed, ids[0], fmt.Sprintf("%q is not a space name; the nearest is %s", typed, m.Space(ids[0]).Name))
		}
		return 0, n.ambiguous(typed, ids)
	}
	return 0, &NameError{Typed: typed, Why: fmt.Sprintf("no space is called %q (try a prefix such as %q, or an old name such as \"Szechwan\")", typed, "Wuhan")}
}

// checked returns id for an inexact entry unless id is one of a confusable
// pair, when the player must choose.
func (n *namer) checked(typed string, id engine.SpaceID, why string) (engine.SpaceID, error) {
	name := n.m.Space(id).Name
	other, risky := confusable[name]
	if !risky {
		return id, nil
	}
	if why == "" {
		why = fmt.Sprintf("%q could be short for %s", typed, name)
	}
	oid, _ := n.m.ID(other)
	return 0, &NameError{Typed: typed, Candidates: n.names([]engine.SpaceID{id, oid}),
		Why: fmt.Sprintf("%s, but %s and %s are easily confused: type the full name, %s or %s.", why, name, other, name, other)}
}

func (n *namer) town(typed string, t int) (engine.SpaceID, error) {
	town := n.m.Towns[t]
	touching := append([]engine.SpaceID(nil), town.Touches...)
	sort.Slice(touching, func(i, j int) bool { return touching[i] < touching[j] })
	what := town.Name
	if fold(typed) != fold(town.Name) {
		what = fmt.Sprintf("%s (%s)", typed, town.Name)
	}
	if len(touching) == 1 {
		return n.checked(typed, touching[0], fmt.Sprintf("%s is a Town touching only %s", what, n.m.Space(touching[0]).Name))
	}
	return 0, &NameError{Typed: typed, Candidates: n.names(touching),
		Why: fmt.Sprintf("%s is a Town, not a space; the spaces touching it are %s: name one of them.", what, strings.Join(n.names(touching), ", "))}
}

func (n *namer) ambiguous(typed string, ids []engine.SpaceID) error {
	names := n.names(ids)
	return &NameError{Typed: typed, Candidates: names,
		Why: fmt.Sprintf("%q could be %s: type more of the name.", typed, orList(names))}
}

// prefixed returns the spaces having a name or alias that starts with k.
func (n *namer) prefixed(k string) []engine.SpaceID {
	i := sort.SearchStrings(n.sorted, k)
	var ids []engine.SpaceID
	for ; i < len(n.sorted) && strings.HasPrefix(n.sorted[i], k); i++ {
		ids = addID(ids, n.keys[n.sorted[i]])
	}
	return sortIDs(ids)
}

// nearMisses returns the spaces whose name or alias is closest to k within
// a small edit distance: one edit for short names, two for longer ones.
func (n *namer) nearMisses(k string) []engine.SpaceID {
	limit := 1
	if len(k) >= 7 {
		limit = 2
	}
	best := limit + 1
	var ids []engine.SpaceID
	for _, key := range n.sorted {
		d := editDistance(k, key, limit+1)
		if d > limit {
			continue
		}
		if d < best {
			best, ids = d, []engine.SpaceID{n.keys[key]}
		} else if d == best {
			ids = addID(ids, n.keys[key])
		}
	}
	// A typo in one of a confusable pair may be nearer the other: offer both.
	for _, id := range ids {
		if other, ok := confusable[n.m.Space(id).Name]; ok {
			oid, _ := n.m.ID(other)
			ids = addID(ids, oid)
		}
	}
	return sortIDs(ids)
}

func (n *namer) names(ids []engine.SpaceID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = n.m.Space(id).Name
	}
	return out
}

func addID(ids []engine.SpaceID, id engine.SpaceID) []engine.SpaceID {
	for _, x := range ids {
		if x == id {
			return ids
		}
	}
	return append(ids, id)
}

func sortIDs(ids []engine.SpaceID) []engine.SpaceID {
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// orList writes "A, B or C".
func orList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// editDistance is the optimal string alignment distance of a and b (a typo
// is an insertion, deletion, substitution or swap of neighbours), or any
// value of at least max once it is known to reach max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d >= max || -d >= max {
		return max
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			low = min(low, v)
		}
		if low >= max {
			return max
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// SuggestSpaces lists up to max spaces for a partly typed name, best first:
// exact, then by prefix of a name or old name, then containing it, then near
// misses. Autocomplete shows the exact names, so confusable Provinces are
// offered side by side for the player to pick.
func SuggestSpaces(m *engine.Map, typed string, max int) []engine.SpaceID {
	n := namesOf(m)
	k := fold(typed)
	var ids []engine.SpaceID
	add := func(id engine.SpaceID) {
		if len(ids) < max {
			ids = addID(ids, id)
		}
	}
	if k == "" {
		for i := range m.Spaces {
			add(engine.SpaceID(i))
		}
		return ids
	}
	if id, ok := n.exact[k]; ok {
		add(id)
	}
	for _, id := range n.prefixed(k) {
		add(id)
		if other, ok := confusable[m.Space(id).Name]; ok {
			oid, _ := m.ID(other)
			add(oid)
		}
	}
	if t, ok := n.towns[k]; ok {
		for _, id := range m.Towns[t].Touches {
			add(id)
		}
	}
	for i := range m.Spaces {
		if strings.Contains(fold(m.Spaces[i].Name), k) {
			add(engine.SpaceID(i))
		}
	}
	for _, id := range n.nearMisses(k) {
		add(id)
	}
	return ids
}
