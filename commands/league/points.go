package league

// pointsTable[n] lists the points of places 1..n in an n-seat game; see the
// package comment for why.
var pointsTable = map[int][]int{
	2: {4, 0},
	3: {4, 2, 0},
	4: {4, 2, 1, 0},
}

// Points is what place earns in a game of seats seats; 0 for anything out of
// the table.
func Points(seats, place int) int {
	row := pointsTable[seats]
	if place < 1 || place > len(row) {
		return 0
	}
	return row[place-1]
}
