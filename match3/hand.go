package match3

import "fmt"

// HandKind is a poker hand made of five main colours.
type HandKind uint8

const (
	NoHand HandKind = iota
	HighCard
	OnePair
	TwoPairs
	ThreeOfAKind
	FullHouse
	FourOfAKind
	FiveOfAKind
)

var handNames = [...]string{"no hand", "high card", "one pair", "two pairs",
	"three of a kind", "full house", "four of a kind", "five of a kind"}

func (k HandKind) String() string {
	if int(k) < len(handNames) {
		return handNames[k]
	}
	return fmt.Sprintf("hand(%d)", uint8(k))
}

// Hand is a scored poker hand.
type Hand struct {
	Kind HandKind
	// Cards are the main colours chosen from the five operations, in
	// operation order. Where choices tie on score, the hand holds the
	// lexicographically smallest sequence of colours.
	Cards [5]int
	Score int64
}

func (h Hand) String() string {
	if h.Kind == NoHand {
		return "no hand"
	}
	return fmt.Sprintf("%v (%d %d %d %d %d) %d", h.Kind, h.Cards[0], h.Cards[1], h.Cards[2], h.Cards[3], h.Cards[4], h.Score)
}
