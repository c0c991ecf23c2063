package engine

// registerOp and registerSA let a test replace a catalog entry.
func registerOp(f Faction, k OpKind, d opDef) { opDefs[f][k] = d }

func registerSA(f Faction, k SAKind, d saDef) { saDefs[f][k] = d }
