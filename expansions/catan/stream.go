package catan

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/eventdeck/eventdeck/deck"
)

// Stream is one game's production numbers in a dice mode, played on plain
// arrays for the simulator (issue 16): the same rules and the same random
// stream as a State with DrawCard and Roll, without the State's maps and
// slices, and with the counts a card counter keeps (per total, as the deck
// is dealt) so that its guess costs no recount. TestStreamIsTheRuleset
// proves it deals what the ruleset deals, turn by turn.
type Stream struct {
	cfg     Config
	mode    streamMode // cfg.Dice, read on every turn without comparing strings
	under   int        // New Year's cards under it: newYearNone, newYearRandom, or a count
	deals   bool       // the dice deck is in play (cfg.usesDeck)
	players int
	seat    int           // whose turn it is
	src     *rand.ChaCha8 // the stream a State of the same seed has
	rng     *rand.Rand    // on src

	numbers [NumberedCards]uint8 // an Event Card's production number, by id
	reds    [NumberedCards]uint8 // its red die

	cards    pile      // the Event Cards (cards mode), New Year among them
	pairs    pile      // the dice deck (deck, hybrid, balanced)
	left     [13]int   // by total: the cards or pairs in the draw pile (New Year not counted)
	withLeft [8]uint16 // by count 0..6: the totals with that many left, as bits at their tieRank (8 long: no bounds check for &7)
	most     int       // the largest count left: withLeft[most] holds the counter's guess
	fair     [13]float64
	recent   [balancedMemory]uint8 // the balanced dice's last totals, 0 for none; ring at next
	next     int
	seen     [13]int              // by total: how often it is among recent
	sevens   [deck.MaxPlayers]int // by seat: the balanced dice's 7s (capped as the State's counters)
	sevenRun [deck.MaxPlayers]int // by seat: its own 7s in a row
	sevenSum int                  // the sum of sevens
	share    float64              // a fair share of the 7s: 1/players
	w        [13]float64          // balanced: the weights of the totals for this roll
	counts   [13]float64          // balanced: left as floats (whole numbers, exact)
	placed   int                  // balanced: the pairs in the draw pile when at was made; those taken since are out of at only
	at       [13]uint64           // balanced: by total, bit i set when the dice deck's i-th pair from the bottom makes it
}

// streamMode is a dice mode as a small number.
type streamMode uint8

const (
	streamRandom streamMode = iota
	streamCards
	streamDeck
	streamHybrid
	streamBalanced
)

// New Year's place in Stream.under when it is not a count of cards.
const (
	newYearNone   = -1
	newYearRandom = -2
)

// pile is a draw pile and a discard pile on arrays, top of the draw pile
// last, as deck.Deck keeps them.
type pile struct {
	draw, discard [NumberedCards + 1]uint8
	nd, nc        int
}

// take moves the top card of the draw pile to the discard pile and returns it.
func (p *pile) take() uint8 {
	p.nd--
	c := p.draw[p.nd]
	p.discard[p.nc] = c
	p.nc++
	return c
}

// gather puts the discard pile on the draw pile and shuffles it, as
// deck.Deck.Rebuild does.
func (p *pile) gather(d *Stream) {
	copy(p.draw[p.nd:], p.discard[:p.nc])
	p.nd += p.nc
	p.nc = 0
	p.shuffle(d)
}

// shuffle is deck.Deck.Shuffle's Fisher–Yates, drawing the same numbers.
func (p *pile) shuffle(d *Stream) {
	for i := p.nd - 1; i > 0; i-- {
		j := d.intN(i + 1)
		p.draw[i], p.draw[j] = p.draw[j], p.draw[i]
	}
}

// collect puts the discard pile on the draw pile, in order, as the
// balanced dice's pile is gathered.
func (p *pile) collect() {
	copy(p.draw[p.nd:], p.discard[:p.nc])
	p.nd += p.nc
	p.nc = 0
}

// inOrder is the ids 0..n−1 bottom to top.
func (p *pile) inOrder(n int) {
	for i := range n {
		p.draw[i] = uint8(i)
	}
	p.nd, p.nc = n, 0
}

// fresh is the ids 0..n−1 bottom to top, shuffled.
func (p *pile) fresh(n int, d *Stream) {
	for i := range n {
		p.draw[i] = uint8(i)
	}
	p.nd, p.nc = n, 0
	p.shuffle(d)
}

// intN and float64 draw from the game's stream as the ruleset does.
// (Lemire's method on the ChaCha8 source itself, without the Source
// interface, measured no faster: rand.Rand it is.)
func (d *Stream) intN(n int) int { return d.rng.IntN(n) }

func (d *Stream) float64() float64 { return d.rng.Float64() }

// pairTotal and pairRed are a dice pair id's total and red die (pairOf).
var pairTotal, pairRed = func() (t, r [Pairs]uint8) {
	for c := range t {
		red, white := pairOf(deck.Card(c))
		t[c], r[c] = uint8(red+white), uint8(red)
	}
	return t, r
}()

// NewStream makes the stream of cfg's dice mode for a table of players.
// Typed dice are rolled at the table: there is nothing to stream.
func (r *Ruleset) NewStream(cfg Config, players int) (*Stream, error) {
	if cfg.Dice == DiceTyped {
		return nil, errors.New("typed dice are rolled at the table: nothing to simulate")
	}
	if players < 1 || players > deck.MaxPlayers {
		return nil, errors.New("a stream needs 1 to 6 players")
	}
	d := &Stream{cfg: cfg, players: players, src: deck.NewSource(0), deals: cfg.usesDeck(), under: cfg.Hidden}
	switch cfg.Dice {
	case DiceCards:
		d.mode = streamCards
	case DiceDeck:
		d.mode = streamDeck
	case DiceHybrid:
		d.mode = streamHybrid
	case DiceBalanced:
		d.mode = streamBalanced
	}
	switch cfg.NewYear {
	case NewYearNone:
		d.under = newYearNone
	case NewYearRandom:
		d.under = newYearRandom
	}
	d.rng = rand.New(d.src)
	for i, c := range r.cards {
		d.numbers[i], d.reds[i] = uint8(c.Number), uint8(c.Red)
	}
	fairOdds(&d.fair)
	d.share = 1 / float64(players)
	return d, nil
}

// Restart starts a game from seed as NewGame (or Restart) would.
func (d *Stream) Restart(seed uint64) {
	deck.Reseed(d.src, seed)
	d.seat = 0
	// build: the Event Cards are shuffled and New Year seated when the game
	// plays the cards; dice modes leave the deck alone (NewGame).
	if d.mode == streamCards {
		d.cards.fresh(NumberedCards, d)
		d.seatNewYear()
	}
	d.countAll()
	switch {
	case d.mode == streamBalanced:
		d.pairs.inOrder(Pairs) // the balanced pile is not shuffled (newDicePile)
	case d.deals:
		d.pairs.fresh(Pairs, d)
	}
	if d.mode == streamBalanced {
		d.place()
	}
	d.recent = [balancedMemory]uint8{}
	d.next = 0
	d.seen = [13]int{0: balancedMemory}
	d.sevens, d.sevenRun, d.sevenSum = [deck.MaxPlayers]int{}, [deck.MaxPlayers]int{}, 0
}

// countAll sets the counts per total to a full deck's.
func (d *Stream) countAll() {
	for n := 2; n <= 12; n++ {
		d.left[n] = Pips(n)
	}
	d.withLeft, d.most = fullWithLeft, 6
	d.counts = fullWeights
}

// dealt counts a total dealt from the deck: it moves from its count's set
// to the next lower one, and when the largest count's set is empty the
// next lower count is the largest. No scan and no branch: a mispredicted
// branch costs more than the rest of the bookkeeping.
func (d *Stream) dealt(n int) {
	k, bit := d.left[n], tieBit[n]
	d.left[n] = k - 1
	d.withLeft[k&7] &^= bit
	d.withLeft[(k-1)&7] |= bit
	d.most -= one(d.withLeft[d.most&7] == 0)
}

// one is 1 for true, 0 for false.
func one(b bool) int {
	if b {
		return 1
	}
	return 0
}

// likeliest is the total with the most left; ties go to 7, then the lowest.
func (d *Stream) likeliest() int {
	return byTieRank[bits.Len16(d.withLeft[d.most&7])-1]
}

// tieRank orders the totals for the counter's ties: 7 first, then the
// lowest. byTieRank is its inverse.
var tieRank, byTieRank = func() (rank [13]int, by [16]int) {
	for n := 2; n <= 12; n++ {
		rank[n] = 14 - n
	}
	rank[7] = 15
	for n := 2; n <= 12; n++ {
		by[rank[n]] = n
	}
	return rank, by
}()

// tieBit is each total's bit at its tie rank.
var tieBit = func() (b [13]uint16) {
	for n := 2; n <= 12; n++ {
		b[n] = 1 << tieRank[n]
	}
	return b
}()

// fullWithLeft is withLeft of a full deck: each total's pairs.
var fullWithLeft = func() (w [8]uint16) {
	for n := 2; n <= 12; n++ {
		w[Pips(n)] |= 1 << tieRank[n]
	}
	return w
}()

// seatNewYear is Ruleset.seatNewYear on the array.
func (d *Stream) seatNewYear() {
	under := d.under
	switch under {
	case newYearNone:
		return
	case newYearRandom:
		under = d.intN(NumberedCards)
	}
	p := &d.cards
	copy(p.draw[under+1:p.nd+1], p.draw[under:p.nd])
	p.draw[under] = uint8(NewYear)
	p.nd++
}

// Seat is whose turn it is.
func (d *Stream) Seat() int { return d.seat }

// Turn plays one turn: first a perfect card counter's best guess of the
// number (the likeliest by NextOdds; ties go to 7, then the lowest), then
// the production, then the turn passes. rebuilt says the deck was
// reshuffled first.
func (d *Stream) Turn() (guess, red, white int, rebuilt bool) {
	switch d.mode {
	case streamCards:
		guess = d.countGuess(d.cards.nd == 0 || d.cards.draw[d.cards.nd-1] == uint8(NewYear))
		red, white, rebuilt = d.drawCard()
	case streamDeck:
		guess = d.countGuess(d.pairs.nd <= d.cfg.DiceStack)
		red, white, rebuilt = d.drawPair()
	case streamHybrid:
		guess = d.hybridGuess()
		if d.intN(100) < d.cfg.Hybrid {
			red, white = d.intN(6)+1, d.intN(6)+1
		} else {
			red, white, rebuilt = d.drawPair()
		}
	case streamBalanced:
		guess, red, white, rebuilt = d.rollBalanced()
	default:
		guess = 7 // fair dice: 7 is the likeliest
		red, white = d.intN(6)+1, d.intN(6)+1
	}
	if d.seat++; d.seat == d.players {
		d.seat = 0
	}
	return guess, red, white, rebuilt
}

// countGuess is the likeliest total of the cards or pairs left: with a
// deck the odds are the counts over one size, so the counts' order is
// theirs. A turn that reshuffles first has fair odds: 7.
func (d *Stream) countGuess(reshuffles bool) int {
	if reshuffles {
		return 7
	}
	return d.likeliest()
}

// hybridGuess is NextOdds' mix of fair odds and the deck's, in its order
// of operations, so that it rounds alike.
func (d *Stream) hybridGuess() int {
	var deckOdds [13]float64
	if d.pairs.nd <= d.cfg.DiceStack {
		deckOdds = d.fair
	} else {
		size := float64(d.pairs.nd)
		for n := 2; n <= 12; n++ {
			deckOdds[n] = float64(d.left[n]) / size
		}
	}
	q := float64(d.cfg.Hybrid) / 100
	guess, top := 7, q*d.fair[7]+(1-q)*deckOdds[7]
	for n := 2; n <= 12; n++ {
		if o := q*d.fair[n] + (1-q)*deckOdds[n]; o > top {
			guess, top = n, o
		}
	}
	return guess
}

// drawCard is DrawCard: the top card, or on New Year (or an empty deck
// without it) a rebuild first.
func (d *Stream) drawCard() (int, int, bool) {
	p := &d.cards
	rebuilt := false
	if p.nd == 0 || p.draw[p.nd-1] == uint8(NewYear) {
		if p.nd > 0 {
			p.nd-- // New Year comes off; seatNewYear puts it back
		}
		p.gather(d)
		d.seatNewYear()
		d.countAll()
		rebuilt = true
	}
	c := p.take()
	n, red := int(d.numbers[c]), int(d.reds[c])
	d.dealt(n)
	return red, n - red, rebuilt
}

// drawPair is the dice deck's drawPair: reshuffled once only the stack is left.
func (d *Stream) drawPair() (int, int, bool) {
	p := &d.pairs
	rebuilt := false
	if p.nd <= d.cfg.DiceStack {
		p.gather(d)
		d.countAll()
		rebuilt = true
	}
	c := p.take()
	d.dealt(int(pairTotal[c]))
	return int(pairRed[c]), int(pairTotal[c] - pairRed[c]), rebuilt
}

// weights are balancedWeights from the running counts, in its order of
// operations: the same products and the same sum, so the same bits.
func (d *Stream) weights(w *[13]float64) float64 {
	base := &fullWeights
	if d.pairs.nd >= balancedReshuffle {
		base = &d.counts
	}
	for n := 2; n <= 12; n++ {
		w[n] = base[n] * dampBy[d.seen[n]&7] // ×1 when not seen: exact
	}
	w[7] *= d.sevenFactor()
	sum := 0.0
	for n := 2; n <= 12; n++ {
		sum += w[n]
	}
	return sum
}

// fullWeights are a full deck's weights: each total's pairs.
var fullWeights = func() (w [13]float64) {
	for n := 2; n <= 12; n++ {
		w[n] = float64(Pips(n))
	}
	return w
}()

// dampBy is balancedWeights' damping by how often a total is among the
// recent ones, worked out once: 1 for none.
var dampBy = func() (f [8]float64) {
	f[0] = 1
	for k := 1; k < len(f); k++ {
		f[k] = max(0, 1-balancedDamp*float64(k))
	}
	return f
}()

// balancedGuess is the likeliest total by NextOdds, whose odds are the
// weights over their sum; ties go to 7, then the lowest. Dividing by one
// positive sum keeps the weights' order, except that two weights a
// rounding apart may divide to the same odds. Every weight but the 7's is
// a count (0 to 6) times a damping (dampBy): any two that differ, differ
// by far more than 16 units in the last place (TestDampedWeightsApart),
// so the lowest 4 bits of a weight can carry its tie rank and the largest
// such key is the likeliest of them, with no branch per total. Only the
// 7, times its own factor, can come a rounding near that one: then the
// odds themselves decide, as NextOdds divides them.
func balancedGuess(w *[13]float64, sum float64) int {
	if !(sum > 0) {
		return 7 // NextOdds' odds are all NaN: no total beats the 7
	}
	top := uint64(0)
	for n := 2; n <= 12; n++ {
		if n == 7 {
			continue
		}
		key := math.Float64bits(w[n])&^15 | uint64(tieRank[n]) // weights are never negative: bits order them
		diff := top - key
		top -= diff & -(diff >> 63) // top = max(top, key): both below 2⁶³
	}
	b := byTieRank[top&15]
	switch {
	case w[b] <= w[7]:
		return 7
	case w[b] > w[7]*(1+1e-9):
		return b
	case w[b]/sum > w[7]/sum:
		return b
	}
	return 7
}

// sevenFactor is sevenFactor from the running counts.
func (d *Stream) sevenFactor() float64 {
	f := 1 - balancedDamp*float64(d.sevenRun[d.seat])
	if d.sevenSum > 0 {
		f += d.share - float64(d.sevens[d.seat])/float64(d.sevenSum)
	}
	// min(max(f, 0), balancedSevenMax) without math's care for NaN and −0,
	// which f never is.
	if !(f > 0) {
		f = 0
	}
	if f > balancedSevenMax {
		f = balancedSevenMax
	}
	return f
}

// rollBalanced is the counter's guess from the weights (NextOdds' odds are
// the weights over their sum), then rollBalanced.
func (d *Stream) rollBalanced() (guess, red, white int, rebuilt bool) {
	w := &d.w
	sum := d.weights(w)
	guess = balancedGuess(w, sum)
	p := &d.pairs
	if p.nd < balancedReshuffle {
		d.compact()
		p.collect() // gathered, not shuffled (balancedPile)
		d.countAll()
		d.place()
		rebuilt = true
	}
	if sum <= 0 { // every total damped away: the pairs left
		for n := 2; n <= 12; n++ {
			w[n] += float64(d.left[n])
		}
		sum = float64(p.nd)
	}
	total := weightedTotal(w, d.float64()*sum)
	// The pair: uniform among this total's pairs left, counted from the top.
	m := d.at[total]
	for pick := d.intN(d.left[total]); pick > 0; pick-- {
		m &^= 1 << (63 - bits.LeadingZeros64(m))
	}
	i := 63 - bits.LeadingZeros64(m)
	c := p.draw[i&63]
	d.at[total] &^= 1 << i // taken out: the pile closes up at the next reshuffle (compact)
	p.nd--
	p.discard[p.nc] = c
	p.nc++
	d.left[total]--
	d.counts[total]--
	d.remember(total)
	red, white = pairOf(deck.Card(c))
	return guess, red, white, rebuilt
}

// place maps where each total lies in the dice deck (Stream.at), as
// shuffled.
func (d *Stream) place() {
	d.at = [13]uint64{}
	for i := range d.pairs.nd {
		d.at[pairTotal[d.pairs.draw[i]]] |= 1 << i
	}
	d.placed = d.pairs.nd
}

// compact closes up the dice deck's draw pile over the pairs taken out
// since it was placed, keeping their order, as deck.Deck.RemoveAt would
// have left it: the pile is then gathered as the State's would be.
func (d *Stream) compact() {
	live := uint64(0)
	for n := 2; n <= 12; n++ {
		live |= d.at[n]
	}
	p, j := &d.pairs, 0
	for i := range d.placed {
		if live>>i&1 != 0 {
			p.draw[j] = p.draw[i]
			j++
		}
	}
}

// remember is rememberBalanced on the running counts.
func (d *Stream) remember(total int) {
	d.seen[d.recent[d.next]]--
	d.recent[d.next] = uint8(total)
	d.seen[total]++
	if d.next++; d.next == balancedMemory {
		d.next = 0
	}
	if total == 7 {
		if d.sevens[d.seat] < deck.MaxCounter {
			d.sevens[d.seat]++
			d.sevenSum++
		}
		d.sevenRun[d.seat] = min(d.sevenRun[d.seat]+1, deck.MaxCounter)
	} else {
		d.sevenRun[d.seat] = 0
	}
}
