package engine

// The catalog: every faction's Operations (3.2, 3.3) and Special Activities
// (4.2-4.5), in the order the rules give them, with their procedures, the
// Operations each Special Activity may accompany (4.1.1) and those it may
// make possible when done first (4.1; docs/rulings.md C16), each with what
// that needs.
var catalog = [NumFactions]struct {
	ops []opEntry
	sas []saEntry
}{
	JPN: {
		ops: []opEntry{
			{Recruit, opDef{can: recruitCan, run: recruitJPN}},
			{Patrol, opDef{can: patrolCan, run: patrol}},
			{Sweep, opDef{can: sweepCan, run: sweep}},
			{Assault, opDef{can: assaultCan, run: assaultOp}},
		},
		sas: []saEntry{
			{Deploy, saDef{can: deployCan, run: deploy, enables: needs{Recruit: canObtainNeed(JPNPolice), Patrol: nil, Sweep: nil, Assault: nil}}},
			{Transport, saDef{can: jpnTransportCan, run: jpnTransport, enables: needs{Recruit: canObtainNeed(JPNPolice), Patrol: nil, Sweep: nil, Assault: nil}}},
			{AntiBandit, saDef{can: antiBanditCan, run: antiBandit}},
		},
	},
	NAT: {
		ops: []opEntry{
			{Recruit, opDef{can: recruitCan, run: recruitNAT}},
			{Patrol, opDef{can: patrolCan, run: patrol}},
			{Sweep, opDef{can: sweepCan, run: sweep}},
			{Assault, opDef{can: assaultCan, run: assaultOp}},
		},
		sas: []saEntry{
			{Govern, saDef{with: []OpKind{Recruit, Patrol}, gains: true, can: governCan, run: govern, enables: needs{Recruit: nil, Patrol: freeNeed}}},
			{Transport, saDef{can: natTransportCan, run: natTransport, enables: needs{Recruit: canObtainNeed(NATTroop, NATBase), Patrol: nil, Sweep: nil, Assault: nil}}},
			{Partisan, saDef{can: partisanCan, run: partisan, enables: needs{Recruit: canObtainNeed(NATTroop)}}},
		},
	},
	WLD: {
		ops: []opEntry{
			{Recruit, opDef{can: recruitCan, run: recruitWLD}},
			{Patrol, opDef{can: patrolCan, run: patrol}},
			{Sweep, opDef{can: sweepCan, run: sweep}},
			{Assault, opDef{can: assaultCan, run: assaultOp}},
		},
		sas: []saEntry{
			{Extort, saDef{with: []OpKind{Recruit, Patrol}, gains: true, can: extortCan, run: extort, enables: needs{Recruit: freeNeed, Patrol: freeNeed}}},
			{Suborn, saDef{can: subornCan, run: suborn, enables: needs{Patrol: subornNeed(false, false), Sweep: subornNeed(false, true), Assault: subornNeed(true, true)}}},
			{Organize, saDef{with: []OpKind{Recruit, Patrol}, can: organizeCan, run: organize, enables: needs{Recruit: canObtainNeed(WLDTroop)}}},
		},
	},
	CPC: {
		ops: []opEntry{
			{Rally, opDef{can: rallyCan, run: rally}},
			{March, opDef{can: marchCan, run: march}},
			{Attack, opDef{can: attackCan, run: attack}},
			{Agitate, opDef{can: agitateCan, run: agitate}},
		},
		sas: []saEntry{
			{Tax, saDef{gains: true, can: taxCan, run: tax, enables: needs{Rally: freeNeed, March: freeNeed, Attack: freeNeed, Agitate: freeNeed}}},
			{Subvert, saDef{with: []OpKind{Rally, March, Agitate}, can: subvertCan, run: subvert}},
			{Ambush, saDef{with: []OpKind{Attack}, can: ambushCan, run: ambushFree}},
		},
	},
}

type opEntry struct {
	kind OpKind
	def  opDef
}

type saEntry struct {
	kind SAKind
	def  saDef
}

// FactionOps lists each faction's Operations and FactionSAs its Special
// Activities, in the order the rules give them.
var (
	FactionOps [NumFactions][]OpKind
	FactionSAs [NumFactions][]SAKind
)

// opDefs and saDefs index the catalog. They are filled in init rather than
// by their declarations: the procedures they hold consult them, which Go's
// package initialization would refuse as a cycle.
var (
	opDefs = map[Faction]map[OpKind]opDef{}
	saDefs = map[Faction]map[SAKind]saDef{}
)

func init() {
	for _, f := range Factions {
		opDefs[f] = map[OpKind]opDef{}
		for _, e := range catalog[f].ops {
			FactionOps[f] = append(FactionOps[f], e.kind)
			opDefs[f][e.kind] = e.def
		}
		saDefs[f] = map[SAKind]saDef{}
		for _, e := range catalog[f].sas {
			FactionSAs[f] = append(FactionSAs[f], e.kind)
			saDefs[f][e.kind] = e.def
		}
	}
}
