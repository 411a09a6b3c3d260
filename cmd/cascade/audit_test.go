package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
)

func TestAuditHelpListsEveryCoverageItem(t *testing.T) {
	for _, g := range conformance.Games() {
		for _, it := range g.CoverageItems() {
			if !strings.Contains(auditCommand.helpText(), "\n  "+it.Name+"\n") {
				t.Errorf("cascade help audit does not list %s's item %s", g.Name(), it.Name)
			}
		}
	}
}

func TestAuditListsSurvivorsInTheOrderOfTheRulings(t *testing.T) {
	rules := []string{"M10", "M5.4", "M3", "M5", "M5.1", "M8", "M5.2"}
	slices.SortFunc(rules, conformance.CompareRules)
	if want := []string{"M3", "M5", "M5.1", "M5.2", "M5.4", "M8", "M10"}; !slices.Equal(rules, want) {
		t.Errorf("sorted rulings %v, want %v", rules, want)
	}
}
