package address

// A business named after its town, written before the town.

import (
	"context"
	"strings"
	"unicode"
)

// townBusiness reads as the organization a name that opens the address,
// made of the town written after it and words that three names of the
// country hold at most ("Abak Photo Studio, Abak", "OKENE AUTO WORKSHOP,
// OKENE", "Takum Solar & Inverters, Takum 671002"): a business named after
// its town, not a district of it, when the gazetteer knows no area by the
// whole name nor by its other words ("Ibadan Bodija, Ibadan" stays a
// district). Words that name places ("Ikeja GRA", "Kaduna North") keep it
// a district, and so does a name written after the street ("22 Odibo
// Avenue, Warri Airport, Warri"); without the word counts of a preloaded
// store nothing is moved.
func (g *geocoder) townBusiness(ctx context.Context) error {
	a := &g.a
	if !g.areaFirst || a.Organization != "" || a.Neighbourhood == "" || a.City == "" {
		return nil
	}
	counter, ok := g.gz.(nameWordCounter)
	if !ok {
		return nil
	}
	// the town's words open the name, or its first words do ("Ikere
	// Paints & Tiles | Ikere-Ekiti")
	words := strings.Fields(a.Neighbourhood)
	town := strings.FieldsFunc(Fold(a.City), func(r rune) bool { return r == ' ' || r == '-' })
	k := 0
	for k < len(words)-1 && k < len(town) && Fold(words[k]) == town[k] {
		k++
	}
	first, _, hyphened := strings.Cut(a.City, "-")
	if k == 0 || k < len(town) && (!hyphened || k != len(strings.Fields(first))) {
		return nil // "El Saucito, El Horno": an article alone is no town
	}
	rest := 0
	for _, w := range words[k:] {
		f := Fold(w)
		if !strings.ContainsFunc(f, unicode.IsLetter) {
			continue // "&"
		}
		n, ok, err := counter.NameWordCount(ctx, g.cc, f)
		if err != nil || !ok || n > 3 {
			return err
		}
		rest++
	}
	if rest == 0 {
		return nil
	}
	// nor when an area bears the whole name, or its other words ("Ibadan
	// Bodija, Ibadan": Bodija is a district of Ibadan)
	for _, name := range []string{a.Neighbourhood, strings.Join(words[k:], " ")} {
		if known, err := g.knownWhole(ctx, name); err != nil || known {
			return err
		}
	}
	g.res.reasonf("%q read as an organization named after %s: few places' names hold its other words", a.Neighbourhood, a.City)
	a.Organization, a.Neighbourhood = a.Neighbourhood, ""
	g.mark("organization", false)
	return nil
}
